package report

import (
	"adiukh/tournament/catalog"
	"fmt"
	"io"
	"strings"
)

const (
	msgAwardBooklet     msg = "report.award_booklet"
	msgAwardEmpty       msg = "report.award_empty"
	msgAwardProvisional msg = "report.award_provisional"
	msgAwardFinal       msg = "report.award_final"
	msgStipulation      msg = "report.stipulation"
	msgSolution         msg = "report.solution"
	msgJudges           msg = "report.judges"
	msgJudgesComment    msg = "report.judges_comment"
	msgDiagram          msg = "report.diagram"
	msgEntryCode        msg = "report.entry_code"
	msgAuthorComment    msg = "report.author_comment"
	msgEliminatedWorks  msg = "compo.eliminated_works"
	msgAwardReport      msg = "compo.award_report"
)

// AwardBooklet is a composition contest's published award: its entries in
// section order, prizes first.
type AwardBooklet struct {
	Event Event
	// Final is false for a provisional award, which the booklet says on
	// every entry's page header.
	Final  bool
	Judges []string
	// Dateline is the award's place and date as printed ("Майкоп, 18
	// ноября 2026"); Report the judge's report that introduces the award,
	// its paragraphs parted by new lines.
	Dateline, Report string
	Entries          []AwardEntry
	// Eliminated are the entries an upheld claim took out of the award,
	// one line each as printed ("№ 001 · Задачи — author: why").
	Eliminated []string
}

// AwardEntry is one distinguished entry: its honour as printed ("1-й приз"),
// section, author, diagram and texts.
type AwardEntry struct {
	Code        string
	Honour      string
	Section     string
	Author      string
	Position    Position
	Stipulation string
	// Verdict is the solver's verdict as printed, in the booklet's
	// language, with the keys of a cooked entry; "" prints nothing.
	Verdict       string
	Solution      string
	Comment       string
	JudgeComments []string
}

// awardBlockHeight is the room one entry needs at least: its heading and
// the diagram with its notation.
const awardBlockHeight = 12 + 6 + boardSide + 14

// AwardPDF prints the award booklet: the stage (provisional or final), the
// judges, the award's place and date and the judge's report, then one block per entry — its honour, author and code, the
// diagram drawn as the game record draws it, the stipulation, the solution,
// the author's and the judges' comments. A block is never split across
// pages. An award that distinguishes no entry says so.
func AwardPDF(w io.Writer, loc catalog.Lang, a AwardBooklet) error {
	for _, e := range a.Entries {
		if err := checkPosition(e.Position, a.Event.Board); err != nil {
			return fmt.Errorf("award entry %s: %w", e.Code, err)
		}
	}
	d := newDocument(loc, a.Event, text(loc, msgAwardBooklet))
	d.withPageNumbers()
	d.newPage(false)
	width := d.pageWidth()
	d.font(true, 12)
	stage := text(loc, msgAwardProvisional)
	if a.Final {
		stage = text(loc, msgAwardFinal)
	}
	d.cell(width, 7, stage, "", 1, "C", false)
	if len(a.Judges) > 0 {
		d.font(false, 10)
		d.multiCell(width, 5, text(loc, msgJudges)+": "+strings.Join(a.Judges, ", "), "", "C", false)
	}
	if a.Dateline != "" {
		d.font(false, 10)
		d.multiCell(width, 5, a.Dateline, "", "C", false)
	}
	if report := strings.TrimSpace(a.Report); report != "" {
		d.pdf.Ln(3)
		d.font(true, 11)
		d.cell(width, 6, text(loc, msgAwardReport), "", 1, "L", false)
		d.font(false, 10)
		for _, para := range strings.Split(report, "\n") {
			if para = strings.TrimSpace(para); para != "" {
				d.multiCell(width, 5, printable(para), "", "L", false)
				d.pdf.Ln(1)
			}
		}
	}
	d.pdf.Ln(3)
	if len(a.Entries) == 0 {
		d.font(false, 10)
		d.multiCell(width, 5, text(loc, msgAwardEmpty), "", "C", false)
	}
	section := ""
	for _, e := range a.Entries {
		if d.pdf.GetY()+awardBlockHeight > d.bottom() {
			d.newPage(false)
		}
		if e.Section != section {
			section = e.Section
			d.font(true, 12)
			d.cell(width, 7, section, "B", 1, "L", false)
			d.pdf.Ln(2)
		}
		d.font(true, 11)
		heading := e.Honour
		if e.Author != "" {
			heading += " — " + e.Author
		}
		d.multiCell(width, 6, heading+"  ("+text(loc, msgEntryCode, e.Code)+")", "", "L", false)
		top := d.pdf.GetY() + 1
		x := margin + 5
		bottom := d.diagram(x, top, text(loc, msgDiagram), e.Position, a.Event.Board)
		textX := x + boardSide + 8
		textW := width - (textX - margin)
		d.pdf.SetXY(textX, top+6)
		d.font(true, 10)
		d.pdf.SetX(textX)
		d.multiCell(textW, 5, text(loc, msgStipulation)+": "+e.Stipulation, "", "L", false)
		d.pdf.Ln(1)
		d.font(false, 9.5)
		if e.Verdict != "" {
			d.pdf.SetX(textX)
			d.multiCell(textW, 4.5, e.Verdict, "", "L", false)
			d.pdf.Ln(1)
		}
		d.pdf.SetX(textX)
		d.multiCell(textW, 4.5, text(loc, msgSolution)+": "+printable(e.Solution), "", "L", false)
		if e.Comment != "" {
			d.pdf.Ln(1)
			d.pdf.SetX(textX)
			d.multiCell(textW, 4.5, text(loc, msgAuthorComment)+": "+e.Comment, "", "L", false)
		}
		if len(e.JudgeComments) > 0 {
			d.pdf.Ln(1)
			d.pdf.SetX(textX)
			d.font(false, 9)
			d.multiCell(textW, 4.5, text(loc, msgJudgesComment)+": "+strings.Join(e.JudgeComments, " / "), "", "L", false)
		}
		d.pdf.SetY(max(bottom, d.pdf.GetY()) + 6)
	}
	if len(a.Eliminated) > 0 {
		if d.pdf.GetY()+7+5*float64(min(len(a.Eliminated), 3)) > d.bottom() {
			d.newPage(false)
		}
		d.font(true, 12)
		d.cell(width, 7, text(loc, msgEliminatedWorks), "B", 1, "L", false)
		d.pdf.Ln(2)
		d.font(false, 10)
		for _, line := range a.Eliminated {
			d.multiCell(width, 5, line, "", "L", false)
		}
	}
	return d.output(w)
}
