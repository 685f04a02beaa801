package export

import (
	"fmt"
	"io"

	"adiukh/tournament/catalog"
	"adiukh/tournament/prizelist"
	"adiukh/tournament/report"
)

// PrizeListView is an event's prize list as its documents print it, its
// lists named in the language (prizelist.Category's phrase).
func PrizeListView(loc catalog.Lang, v *prizelist.View) report.PrizeList {
	l := catalog.For(loc)
	out := report.PrizeList{Event: EventView(v.Event), Finished: v.Finished, Rule: l.T(prizelist.TieRuleKey("")), Total: prizelist.FormatAmountIn(loc, v.Total)}
	line := func(p prizelist.Prize) report.PrizeLine {
		return report.PrizeLine{List: l.Phrase(p.Category), Place: p.Place, Amount: prizelist.FormatAmountIn(loc, p.Amount)}
	}
	award := func(a prizelist.Award) report.PrizeAward {
		places := fmt.Sprint(a.From)
		if a.To != a.From {
			places = fmt.Sprintf("%d–%d", a.From, a.To)
		}
		shown := line(a.Prize)
		shown.Amount = prizelist.FormatAmountIn(loc, a.Amount)
		return report.PrizeAward{PrizeLine: shown, Places: places, Tied: a.Tied, StartNo: a.StartNo, Name: a.Name}
	}
	if v.List != nil {
		out.Rule, out.OnePerPlayer = l.T(prizelist.TieRuleKey(v.List.Ties)), v.List.OnePerPlayer
		for _, p := range v.List.Prizes {
			out.Prizes = append(out.Prizes, line(p))
		}
	}
	for _, a := range v.Awards {
		out.Awards = append(out.Awards, award(a))
	}
	for _, a := range v.Declined {
		out.Declined = append(out.Declined, award(a))
	}
	for _, p := range v.Unawarded {
		out.Unawarded = append(out.Unawarded, line(p))
	}
	return out
}

// PrizeListPDF writes an event's prize list for its treasurer, read by
// prizelist.Service.Read: the winners once the event is finished, and the
// list.
func (x *Exporter) PrizeListPDF(w io.Writer, loc catalog.Lang, v *prizelist.View) error {
	l := PrizeListView(loc, v)
	x.stamp(&l.Event)
	return report.PrizeListPDF(w, loc, l)
}

// PrizeListCSV writes the same as a table for a spreadsheet or a program.
func (x *Exporter) PrizeListCSV(w io.Writer, dialect report.CSVDialect, loc catalog.Lang, v *prizelist.View) error {
	return report.PrizeListCSV(w, dialect, loc, PrizeListView(loc, v))
}
