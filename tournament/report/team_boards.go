package report

import (
	"adiukh/tournament/catalog"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
)

// BoardStandings is what board prizes are awarded by: for each board of a
// team event, every player who played on it, in order of place.
type BoardStandings struct {
	Event      Event
	AfterRound int
	Boards     []BoardTable
}

// BoardTable is one board's players, in order of place.
type BoardTable struct {
	Board int
	Rows  []BoardRow
}

// BoardRow is one player's results on one board.
type BoardRow struct {
	Place     int
	PlaceLast int // the last place of those sharing Place, when they share it
	Player    Player
	Team      string
	Games     int     // games with a result on this board, forfeits included
	Points    float64 // in the event's scoring table
	Percent   float64 // Points of what winning every game would have scored, 0–100
	Adiukh    int     // the Adiukh points of those games, the last tie-break
}

// BoardStandingsPDF renders the board prizes table: a table per board with
// place, player, team, games, points, percentage and, for a game of graded
// scores, Adiukh points.
func BoardStandingsPDF(w io.Writer, loc catalog.Lang, s BoardStandings) error {
	if err := checkBoardStandings(s); err != nil {
		return err
	}
	title := text(loc, msgBoardStandingsAfter, s.AfterRound)
	switch {
	case s.Event.Rounds > 0 && s.AfterRound >= s.Event.Rounds:
		title = text(loc, msgBoardStandingsFinal)
	case s.AfterRound == 0:
		title = text(loc, msgBoardStandings) // before any round is finished
	}
	d := newDocument(loc, s.Event, title)
	d.withPageNumbers()
	var names, teams []string
	titles := []string{text(loc, msgTitleColumn)}
	for _, b := range s.Boards {
		for _, r := range b.Rows {
			names, teams = append(names, nameCell(loc, r.Player)), append(teams, r.Team)
			titles = append(titles, r.Player.printedTitle(loc))
		}
	}
	// Every board's table has the rank column when anyone of the event
	// holds a rank, so that the tables of one document look alike.
	titled := slices.ContainsFunc(titles[1:], func(t string) bool { return t != "" })
	build := func(b BoardTable) func(float64) *table {
		return func(float64) *table {
			t := &table{lead: []column{
				columnOf(text(loc, msgPlaceShort), d.textWidth(text(loc, msgPlaceShort), "99–99"), "C"),
				{title: text(loc, msgPlayer), width: d.textWidth(append(names, text(loc, msgPlayer))...), align: "L", flex: true},
			}}
			if titled {
				t.lead = append(t.lead, columnOf(text(loc, msgTitleColumn), d.textWidth(titles...), "C"))
			}
			t.lead = append(t.lead,
				columnOf(text(loc, msgTeam), d.textWidth(append(teams, text(loc, msgTeam))...), "L"),
				columnOf(text(loc, msgGames), d.textWidth(text(loc, msgGames), "99"), "C"),
				columnOf(text(loc, msgPoints), d.textWidth(text(loc, msgPoints), "99½"), "C"),
				columnOf("%", d.textWidth("100,0"), "C"),
			)
			if !s.Event.WinDrawLoss {
				t.lead = append(t.lead, columnOf(text(loc, msgAdiukhPoints), d.textWidth(text(loc, msgAdiukhPoints), "9999"), "C"))
			}
			for _, r := range b.Rows {
				row := []cell{{text: formatPlace(StandingsRow{Place: r.Place, PlaceLast: r.PlaceLast}), bold: true}, {text: nameCell(loc, r.Player)}}
				if titled {
					row = append(row, cell{text: r.Player.printedTitle(loc)})
				}
				row = append(row, cell{text: r.Team}, cell{text: strconv.Itoa(r.Games)}, cell{text: formatPoints(loc, r.Points), bold: true},
					cell{text: formatPercent(loc, r.Percent)})
				if !s.Event.WinDrawLoss {
					row = append(row, cell{text: strconv.Itoa(r.Adiukh)})
				}
				t.rows = append(t.rows, row)
			}
			return t
		}
	}
	first := true
	for _, b := range s.Boards {
		var t *table
		if first {
			t = d.placeTable(wideLayouts(tableSizes), build(b))
			first = false
		} else {
			// Each board's table follows on the same page while it fits.
			if d.pdf.GetY()+3*tableRow+8 > d.bottom() {
				d.newPage(d.landscape())
			}
			d.font(true, tableFont)
			t = build(b)(tableFont)
			t.fontSize, t.rowHeight = tableFont, tableRow
		}
		d.font(true, 10)
		d.cell(0, 7, text(loc, msgBoardTitle, b.Board), "", 1, "L", false)
		t.draw(d)
		d.pdf.Ln(4)
	}
	if len(s.Boards) == 0 {
		d.newPage(false)
	}
	if s.Event.WinDrawLoss {
		d.notes(text(loc, msgLegendBoardsByResult))
	} else {
		d.notes(text(loc, msgLegendBoards))
	}
	d.signatureLine(text(loc, msgChiefArbiter), s.Event.ChiefArbiter)
	return d.output(w)
}

func formatPercent(loc catalog.Lang, p float64) string {
	s := strconv.FormatFloat(p, 'f', 1, 64)
	if loc != catalog.English {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// TeamRoundOverview is the list of a team round: every match with its
// score, and the team that has the bye.
type TeamRoundOverview struct {
	Event   Event
	Round   int
	Date    time.Time
	Matches []OverviewMatch
}

// OverviewMatch is one match of a round; Bye has the team with the bye in
// Home and nothing in Away.
type OverviewMatch struct {
	Table      int
	Home, Away Team
	Bye        bool
	// Done says every board has its result; the game points are printed
	// then, else the score is left empty.
	Done                             bool
	HomeGamePoints, AwayGamePoints   float64
	HomeMatchPoints, AwayMatchPoints float64
}

// TeamRoundPDF renders the overview of a team round: table, home team,
// the match score in game points, away team; the bye last.
func TeamRoundPDF(w io.Writer, loc catalog.Lang, o TeamRoundOverview) error {
	d := newDocument(loc, o.Event, text(loc, msgTeamRound, o.Round))
	d.withPageNumbers()
	var homes, aways []string
	for _, m := range o.Matches {
		homes = append(homes, teamName(loc, m.Home))
		if m.Bye {
			aways = append(aways, text(loc, msgByeBoard))
		} else {
			aways = append(aways, teamName(loc, m.Away))
		}
	}
	t := d.placeTable(uprightLayouts(pairingSizes), func(size float64) *table {
		t := &table{lead: []column{
			columnOf(text(loc, msgTable), d.textWidth(text(loc, msgTable), "99"), "C"),
			columnOf(text(loc, msgStartNo), d.textWidth(text(loc, msgStartNo), "99"), "C"),
			{title: text(loc, msgHome), width: d.textWidth(append(homes, text(loc, msgHome))...), align: "L", flex: true},
			columnOf(text(loc, msgGamePoints), max(d.textWidth(text(loc, msgGamePoints), "99½ : 99½"), 22), "C"),
			{title: text(loc, msgAway), width: d.textWidth(append(aways, text(loc, msgAway))...), align: "L", flex: true},
			columnOf(text(loc, msgStartNo), d.textWidth(text(loc, msgStartNo), "99"), "C"),
		}}
		for _, m := range o.Matches {
			row := []cell{{text: formatInt(m.Table), bold: true}, {text: strconv.Itoa(m.Home.StartNo)}, {text: teamName(loc, m.Home)}}
			switch {
			case m.Bye:
				row = append(row, cell{}, cell{text: text(loc, msgByeBoard)}, cell{})
			default:
				score := ""
				if m.Done {
					score = formatPoints(loc, m.HomeGamePoints) + " : " + formatPoints(loc, m.AwayGamePoints)
				}
				row = append(row, cell{text: score, bold: true}, cell{text: teamName(loc, m.Away)}, cell{text: strconv.Itoa(m.Away.StartNo)})
			}
			t.rows = append(t.rows, row)
		}
		return t
	})
	if date := formatDate(loc, o.Date); date != "" {
		d.font(false, 10)
		d.cell(0, 6, text(loc, msgDate)+": "+date, "", 1, "L", false)
	}
	t.after = signatureHeight
	t.draw(d)
	d.signatureLine(text(loc, msgChiefArbiter), o.Event.ChiefArbiter)
	return d.output(w)
}

// checkBoardStandings refuses board tables that are not in order.
func checkBoardStandings(s BoardStandings) error {
	for _, b := range s.Boards {
		for i, r := range b.Rows {
			if r.Games < 0 || r.Percent < 0 || r.Percent > 100 {
				return fmt.Errorf("board %d, row %d (%s): %d games, %g%%", b.Board, i+1, r.Player.Name, r.Games, r.Percent)
			}
		}
	}
	return nil
}
