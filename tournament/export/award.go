package export

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/rules/solve"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/composition"
	"adiukh/tournament/report"
)

// AwardPDF prints a composition contest's published award as a booklet,
// one block per distinguished entry with its diagram.
func (x *Exporter) AwardPDF(ctx context.Context, w io.Writer, loc catalog.Lang, comp *composition.Service, eventID int64) error {
	e, err := x.events.Event(ctx, eventID)
	if err != nil {
		return err
	}
	a, err := comp.Award(ctx, eventID)
	if err != nil {
		return err
	}
	b, err := AwardView(e, a, loc)
	if err != nil {
		return err
	}
	x.stamp(&b.Event)
	return report.AwardPDF(w, loc, b)
}

// AwardView is the award as the booklet prints it: the honours named in
// the locale's language as award booklets do ("1-й приз"), each position as towers.
func AwardView(e *tournament.Event, a *composition.Award, loc catalog.Lang) (report.AwardBooklet, error) {
	l := catalog.For(loc)
	b := report.AwardBooklet{Event: EventView(e), Final: a.Contest.Stage == composition.Final, Judges: a.Judges, Report: a.Contest.AwardReport}
	if day := a.Contest.AwardDate(); !day.IsZero() {
		b.Dateline = l.Date(day.In(e.Location()).Format(time.DateOnly))
		if a.Contest.AwardPlace != "" {
			b.Dateline = a.Contest.AwardPlace + ", " + b.Dateline
		}
	}
	for _, it := range a.Items {
		side := rules.White
		if s := it.Entry.Side; s == "black" || s == "черные" || s == "чёрные" {
			side = rules.Black
		}
		pos, err := e.Game.Rules().ParseState(it.Entry.Position, side)
		if err != nil {
			return report.AwardBooklet{}, fmt.Errorf("award entry %s: %w", it.Code, err)
		}
		honour := l.Honour(string(it.Honour), it.Place)
		if it.ExAequo {
			honour += " " + l.T("compo.ex_aequo")
		}
		b.Entries = append(b.Entries, report.AwardEntry{Code: it.Code, Honour: honour,
			Section: it.Section, Author: it.Author, Position: stateView(e.Game.Variant(), pos), Stipulation: l.Message(solve.SayStipulation(it.Entry.Stipulation)),
			Verdict: verdictLine(l, it.Findings), Solution: it.Entry.Solution, Comment: it.Comment, JudgeComments: it.JudgeComments})
	}
	for _, el := range a.Eliminated {
		line := l.T("compo.entry_code", "Code", el.Code) + " · " + el.Section
		if el.Author != "" {
			line += " — " + el.Author
		}
		b.Eliminated = append(b.Eliminated, line+": "+l.Message(el.Reason))
	}
	return b, nil
}

// verdictLine is the solver's verdict as the award page shows it: "Вердикт
// программы проверки: корректно", with every key of a cooked entry; ""
// for an entry kept without findings.
func verdictLine(l *catalog.Localizer, f composition.Findings) string {
	if f.Verdict == "" {
		return ""
	}
	line := l.T("compo.verdict") + ": " + l.T("compo.verdict."+string(f.Verdict))
	if f.Verdict == composition.Cooked {
		line += " — " + l.T("compo.keys") + ": " + strings.Join(f.Keys, ", ")
	}
	return line
}
