package report

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"adiukh/tournament/catalog"
)

// Team is one team as printed in the team tables and on match cards.
type Team struct {
	StartNo   int
	Name      string
	Club      string
	City      string
	Captain   string
	Withdrawn bool
}

// TeamStandings is the table of a team event after a round; the same value
// feeds the team standings PDF, the crosstable and the progress table.
type TeamStandings struct {
	Event      Event
	AfterRound int
	TieBreaks  []TieBreak
	Rows       []TeamStandingsRow // in order of place
}

// TeamStandingsRow is one team's line.
type TeamStandingsRow struct {
	Place       int
	PlaceLast   int // last place of a shared group; 0 or Place when not shared
	Team        Team
	MatchPoints float64
	GamePoints  float64
	TieBreaks   []float64 // one per TeamStandings.TieBreaks
	Matches     []TeamMatch
	// Playoff: a play-off decided the place among the teams tied with
	// this one, rather than the tie-breaks.
	Playoff bool
}

// TeamMatch is one round of a team, seen from that team.
type TeamMatch struct {
	Round    int
	Opponent int // the other team's start number; 0 for a bye
	Home     bool
	Bye      bool
	// Done is false while a board waits for its result: the cell is then
	// printed without a score.
	Done               bool
	GamePoints         float64
	OpponentGamePoints float64
}

// MatchCard is one match of a round (протокол матча): the line-ups board by
// board with a result box for each, the match total and the signatures.
type MatchCard struct {
	Event  Event
	Round  int
	Table  int
	Date   time.Time
	Home   Team
	Away   Team
	Boards []MatchCardBoard
	// Done says every board has its result: the match total (game points)
	// is then printed, else its boxes are left to fill in.
	Done                           bool
	HomeGamePoints, AwayGamePoints float64
	// Points is what a board's two scores add up to: Adiukh's 24 when 0,
	// 2 for a game of Russian draughts, 4 for its micro-match.
	Points int
}

// MatchCardBoard is one board of a match card. An empty Name is a board the
// team left empty.
type MatchCardBoard struct {
	Board     int
	HomeWhite bool
	Home      Player
	Away      Player
	Result    GameScore // the home player's point of view; NotPlayed leaves the boxes empty
	// Games are the scores of a micro-match's two games from the home
	// player's point of view ("2:0", "" for one not in), Opening the
	// opening they are played from, as OpeningLine writes it; both empty
	// for a board of one game.
	Games   []string
	Opening string
}

// TeamStandingsPDF renders the team standings: place, start number, team,
// match points, game points and the event's other team tie-breaks.
func TeamStandingsPDF(w io.Writer, loc catalog.Lang, s TeamStandings) error {
	if err := checkTeamStandings(s); err != nil {
		return err
	}
	title := text(loc, msgTeamStandingsAfter, s.AfterRound)
	switch {
	case s.Event.Rounds > 0 && s.AfterRound >= s.Event.Rounds:
		title = text(loc, msgTeamStandingsFinal)
	case s.AfterRound == 0:
		title = text(loc, msgTeamList) // before any round is finished
	}
	d := newDocument(loc, s.Event, title)
	d.withPageNumbers()
	t := d.placeTable(wideLayouts(tableSizes), func(float64) *table {
		t := &table{lead: d.teamColumns(s.Rows, true), tail: d.teamScoreColumns(s)}
		for _, r := range s.Rows {
			t.rows = append(t.rows, append(teamCells(loc, r, true), teamScoreCells(loc, s, r)...))
		}
		return t
	})
	notes := []string{text(loc, msgLegendTeamPoints), teamPlayoffNote(loc, s.Rows), d.tieBreakNote(shownTeamTieBreaks(s))}
	t.after = d.notesHeight(notes...) + signatureHeight
	t.draw(d)
	d.notes(notes...)
	d.signatureLine(text(loc, msgChiefArbiter), s.Event.ChiefArbiter)
	return d.output(w)
}

// teamPlayoffNote names the teams whose place a play-off decided, with
// that place, as playoffNote the players; "" when none did.
func teamPlayoffNote(loc catalog.Lang, rows []TeamStandingsRow) string {
	var decided []string
	for _, r := range rows {
		if r.Playoff {
			decided = append(decided, fmt.Sprintf("%d. %s", r.Place, r.Team.Name))
		}
	}
	if len(decided) == 0 {
		return ""
	}
	return text(loc, msgLegendPlayoff, strings.Join(decided, ", "))
}

// TeamCrosstablePDF renders the round-robin grid of a team event in
// start-number order: each cell the row team's game points against the
// column team (3:1; two in a double round robin), then match points, game
// points and place.
func TeamCrosstablePDF(w io.Writer, loc catalog.Lang, s TeamStandings) error {
	if err := checkTeamStandings(s); err != nil {
		return err
	}
	rows := slices.Clone(s.Rows)
	slices.SortFunc(rows, func(a, b TeamStandingsRow) int { return a.Team.StartNo - b.Team.StartNo })
	gridColumn := make(map[int]int, len(rows)) // start number → grid column
	for i, r := range rows {
		gridColumn[r.Team.StartNo] = i
	}
	d := newDocument(loc, s.Event, text(loc, msgTeamCrosstable))
	d.withPageNumbers()
	widest := []string{strconv.Itoa(len(rows))}
	grid := make([][]cell, len(rows))
	for i, r := range rows {
		grid[i] = make([]cell, len(rows))
		grid[i][i].shade = true
		for _, m := range r.Matches {
			if m.Bye || m.Opponent == 0 || !m.Done {
				continue // a rest day has no column; an unfinished match no score yet
			}
			col, ok := gridColumn[m.Opponent]
			if !ok {
				return fmt.Errorf("team %d, round %d: opponent %d is not in the table", r.Team.StartNo, m.Round, m.Opponent)
			}
			c := &grid[i][col]
			c.text = strings.TrimSpace(c.text + " " + matchScore(loc, m))
			widest = append(widest, c.text)
		}
	}
	places := []string{text(loc, msgPlace)}
	for _, r := range rows {
		places = append(places, teamPlace(r))
	}
	points := TeamStandings{Rows: rows}
	t := d.placeTable(wideLayouts(tableSizes), func(float64) *table {
		t := &table{lead: d.teamColumns(rows, false)}
		width := max(d.tightWidth(widest...), 9)
		for _, r := range rows {
			t.middle = append(t.middle, column{title: strconv.Itoa(r.Team.StartNo), width: width, align: "C", tight: true})
		}
		t.tail = append(d.teamScoreColumns(points), columnOf(text(loc, msgPlace), d.textWidth(places...), "C"))
		for i, r := range rows {
			row := append(teamCells(loc, r, false), grid[i]...)
			row = append(row, teamScoreCells(loc, points, TeamStandingsRow{MatchPoints: r.MatchPoints, GamePoints: r.GamePoints})...)
			t.rows = append(t.rows, append(row, cell{text: teamPlace(r), bold: true}))
		}
		return t
	})
	notes := []string{text(loc, msgLegendTeamPoints) + "; " + text(loc, msgLegendTeamCells)}
	t.after = d.notesHeight(notes...) + signatureHeight
	t.draw(d)
	d.notes(notes...)
	d.signatureLine(text(loc, msgChiefArbiter), s.Event.ChiefArbiter)
	return d.output(w)
}

// TeamProgressPDF renders the Swiss progress table of a team event: for
// every team in order of place, each round's opponent, home or away and the
// match's game points, then match points, game points and tie-breaks.
func TeamProgressPDF(w io.Writer, loc catalog.Lang, s TeamStandings) error {
	if err := checkTeamStandings(s); err != nil {
		return err
	}
	rounds := s.AfterRound
	for _, r := range s.Rows {
		for _, m := range r.Matches {
			rounds = max(rounds, m.Round)
		}
	}
	d := newDocument(loc, s.Event, text(loc, msgTeamProgressAfter, s.AfterRound))
	d.withPageNumbers()
	roundCells := make([][]cell, len(s.Rows))
	for i, r := range s.Rows {
		roundCells[i] = make([]cell, rounds)
		for _, m := range r.Matches {
			if m.Round < 1 || m.Round > rounds {
				return fmt.Errorf("team %d: round %d is outside 1–%d", r.Team.StartNo, m.Round, rounds)
			}
			roundCells[i][m.Round-1] = progressMatch(loc, m)
		}
	}
	t := d.placeTable(wideLayouts(tableSizes), func(float64) *table {
		t := &table{lead: d.teamColumns(s.Rows, true), tail: d.teamScoreColumns(s)}
		opponents, scores := []string{""}, []string{""}
		for _, cells := range roundCells {
			for _, c := range cells {
				opponents, scores = append(opponents, c.text), append(scores, c.second)
			}
		}
		split := d.textWidth(opponents...)
		width := max(split+d.textWidth(scores...), d.textWidth(text(loc, msgRoundShort, rounds)), 12)
		for round := 1; round <= rounds; round++ {
			t.middle = append(t.middle, column{title: text(loc, msgRoundShort, round), width: width, align: "C", split: split})
		}
		for i, r := range s.Rows {
			t.rows = append(t.rows, slices.Concat(teamCells(loc, r, true), roundCells[i], teamScoreCells(loc, s, r)))
		}
		return t
	})
	notes := []string{text(loc, msgLegendTeamPoints) + "; " + text(loc, msgLegendTeamProgress), d.tieBreakNote(shownTeamTieBreaks(s))}
	t.after = d.notesHeight(notes...) + signatureHeight
	t.draw(d)
	d.notes(notes...)
	d.signatureLine(text(loc, msgChiefArbiter), s.Event.ChiefArbiter)
	return d.output(w)
}

// MatchCardsPDF renders one match card per page.
func MatchCardsPDF(w io.Writer, loc catalog.Lang, cards []MatchCard) error {
	var event Event
	if len(cards) > 0 {
		event = cards[0].Event
	}
	d := newDocument(loc, event, text(loc, msgMatchCard))
	d.withPageNumbers()
	for i, c := range cards {
		for _, b := range c.Boards {
			if err := checkScoreOf(b.Result, cmp.Or(c.Points, 24)); err != nil {
				return fmt.Errorf("match card %d (table %d), board %d: %w", i+1, c.Table, b.Board, err)
			}
		}
		d.matchCard(c)
	}
	return d.output(w)
}

// Match card geometry in millimetres.
const (
	cardRow      = 9.0
	cardBoardCol = 14.0
	cardColour   = 8.0
	cardBox      = 12.0
)

func (d *document) matchCard(c MatchCard) {
	width := d.formPage(msgMatchCard, c.Event, c.Round, msgTable, c.Table, c.Date)
	d.field(text(d.loc, msgHome), teamLabel(c.Home), margin, width)
	d.field(text(d.loc, msgAway), teamLabel(c.Away), margin, width)
	d.pdf.Ln(5)

	// Board | colour, home player, rank | result boxes | colour, away
	// player, rank: each player's rank in a column of its own, none when
	// no one on the card holds one.
	titles := []string{text(d.loc, msgTitleColumn)}
	for _, b := range c.Boards {
		titles = append(titles, b.Home.printedTitle(d.loc), b.Away.printedTitle(d.loc))
	}
	var rank float64
	if slices.ContainsFunc(titles[1:], func(t string) bool { return t != "" }) {
		d.font(true, 9)
		rank = d.textWidth(titles...)
	}
	name := (width-cardBoardCol-2*cardColour-2*cardBox-6)/2 - rank
	d.pdf.SetFillColor(225, 228, 232)
	d.font(true, 9)
	d.cell(cardBoardCol, cardRow, text(d.loc, msgBoard), "1", 0, "C", true)
	d.cell(cardColour+name, cardRow, d.shrinkToFit(c.Home.Name, cardColour+name, true, 9, 6.5), "1", 0, "C", true)
	d.font(true, 9)
	d.rankCell(rank, text(d.loc, msgTitleColumn), true)
	d.cell(2*cardBox+6, cardRow, text(d.loc, msgResult), "1", 0, "C", true)
	d.cell(cardColour+name, cardRow, d.shrinkToFit(c.Away.Name, cardColour+name, true, 9, 6.5), "1", 0, "C", true)
	d.font(true, 9)
	d.rankCell(rank, text(d.loc, msgTitleColumn), true)
	d.pdf.Ln(cardRow)
	for _, b := range c.Boards {
		homeColour, awayColour := text(d.loc, msgColourWhite), text(d.loc, msgColourBlack)
		if !b.HomeWhite {
			homeColour, awayColour = awayColour, homeColour
		}
		var home, away string
		if b.Result.Kind != NotPlayed {
			home, away, _ = strings.Cut(formatScore(d.loc, b.Result), ":")
		}
		d.font(true, 10)
		d.cell(cardBoardCol, cardRow, strconv.Itoa(b.Board), "1", 0, "C", false)
		d.font(false, 9)
		d.cell(cardColour, cardRow, homeColour, "LTB", 0, "C", false)
		d.cardName(listedName(d.loc, b.Home.Name, b.Home.Latin), name)
		d.font(false, 9)
		d.rankCell(rank, b.Home.printedTitle(d.loc), false)
		d.font(true, 11)
		d.cell(cardBox, cardRow, home, "1", 0, "C", false)
		d.cell(6, cardRow, ":", "TB", 0, "C", false)
		d.cell(cardBox, cardRow, away, "1", 0, "C", false)
		d.font(false, 9)
		d.cell(cardColour, cardRow, awayColour, "LTB", 0, "C", false)
		d.cardName(listedName(d.loc, b.Away.Name, b.Away.Latin), name)
		d.font(false, 9)
		d.rankCell(rank, b.Away.printedTitle(d.loc), false)
		d.pdf.Ln(cardRow)
		if line := microLine(d.loc, b); line != "" {
			d.font(false, 7.5)
			d.cell(width, 5, d.fit(line, width), "LRB", 1, "L", false)
		}
	}
	var homeTotal, awayTotal string
	if c.Done {
		homeTotal, awayTotal = formatPoints(d.loc, c.HomeGamePoints), formatPoints(d.loc, c.AwayGamePoints)
	}
	d.font(true, 10)
	d.cell(cardBoardCol+cardColour+name+rank, cardRow, text(d.loc, msgMatchTotal)+" ("+text(d.loc, msgGamePoints)+")", "1", 0, "R", true)
	d.font(true, 11)
	d.cell(cardBox, cardRow, homeTotal, "1", 0, "C", false)
	d.cell(6, cardRow, ":", "TB", 0, "C", false)
	d.cell(cardBox, cardRow, awayTotal, "1", 0, "C", false)
	d.cell(cardColour+name+rank, cardRow, "", "1", 1, "C", false)
	d.font(false, 7.5)
	d.pdf.SetTextColor(80, 80, 80)
	d.cell(width, 5, text(d.loc, msgLegendColours), "", 1, "L", false)
	d.pdf.SetTextColor(0, 0, 0)
	d.pdf.Ln(10)
	d.captainSignatures(c)
}

// cardName prints a player's name in a match card's cell: on one line,
// set smaller down to 6.5 pt; a name too long even then on two lines, split
// at the space nearest its middle, so that the rank column beside it cuts
// no name.
func (d *document) cardName(name string, width float64) {
	x, y := d.pdf.GetXY()
	line := d.shrinkToFit(name, width, false, 9, 6.5)
	cut := middleSpace(name)
	if line == printable(name) || cut < 0 {
		d.cell(width, cardRow, line, "RTB", 0, "L", false)
		return
	}
	d.cell(width, cardRow, "", "RTB", 0, "L", false)
	d.pdf.SetXY(x, y+0.5)
	d.cell(width, cardRow/2-0.5, d.shrinkToFit(name[:cut], width, false, 7.5, 5.5), "", 0, "L", false)
	d.pdf.SetXY(x, y+cardRow/2)
	d.cell(width, cardRow/2-0.5, d.shrinkToFit(name[cut+1:], width, false, 7.5, 5.5), "", 0, "L", false)
	d.pdf.SetXY(x+width, y)
}

// middleSpace is the byte index of the space nearest the middle of s; -1
// when it has none.
func middleSpace(s string) int {
	half := len(s) / 2
	before, after := strings.LastIndex(s[:half], " "), strings.Index(s[half:], " ")
	switch {
	case after < 0:
		return before
	case before < 0 || after < half-before:
		return half + after
	}
	return before
}

// rankCell is a match card's cell of a player's rank, or of its header;
// nothing when the card has no rank column (width 0).
func (d *document) rankCell(width float64, value string, header bool) {
	if width > 0 {
		d.cell(width, cardRow, value, "1", 0, "C", header)
	}
}

// microLine is a micro-match board's two games and opening, for the line
// under its row: "Партия микроматча 1 — 2:0; Партия микроматча 2 — —;
// Дебют: 12. 1-XII: 1. c3-d4 …"; "" for a board of one game.
func microLine(loc catalog.Lang, b MatchCardBoard) string {
	var parts []string
	for i, score := range b.Games {
		parts = append(parts, text(loc, msgMicroGame)+" "+strconv.Itoa(i+1)+" — "+cmp.Or(score, "—"))
	}
	if b.Opening != "" {
		parts = append(parts, text(loc, msgOpening)+": "+b.Opening)
	}
	return strings.Join(parts, "; ")
}

// captainSignatures prints the lines of the two captains and the arbiter.
func (d *document) captainSignatures(c MatchCard) {
	const gap = 8.0
	width := (d.pageWidth() - 2*gap) / 3
	y := d.pdf.GetY()
	for i, s := range []struct{ label, name string }{
		{text(d.loc, msgCaptainHome), c.Home.Captain},
		{text(d.loc, msgCaptainAway), c.Away.Captain},
		{text(d.loc, msgSignatureArbiter), c.Event.ChiefArbiter},
	} {
		x := margin + float64(i)*(width+gap)
		d.pdf.Line(x, y+8, x+width, y+8)
		d.font(false, 8)
		d.pdf.SetXY(x, y+9)
		d.cell(width, 4, s.label, "", 0, "C", false)
		if s.name != "" {
			d.pdf.SetXY(x, y+13)
			d.cell(width, 4, d.fit(s.name, width), "", 0, "C", false)
		}
	}
}

// teamLabel is the team's name with its start number and club.
func teamLabel(t Team) string {
	label := t.Name
	if t.StartNo != 0 {
		label = fmt.Sprintf("%s (%d)", t.Name, t.StartNo)
	}
	return nonEmpty(label, t.Club, t.City)
}

func teamEntrant(loc catalog.Lang, r TeamStandingsRow) entrant {
	return entrant{place: teamPlace(r), number: strconv.Itoa(r.Team.StartNo), name: teamName(loc, r.Team)}
}

// teamColumns are place (optional), start number and team name.
func (d *document) teamColumns(rows []TeamStandingsRow, withPlace bool) []column {
	entrants := make([]entrant, len(rows))
	for i, r := range rows {
		entrants[i] = teamEntrant(d.loc, r)
	}
	return d.entrantColumns(entrants, msgTeam, withPlace)
}

func teamCells(loc catalog.Lang, r TeamStandingsRow, withPlace bool) []cell {
	return entrantCells(teamEntrant(loc, r), withPlace, false) // a team holds no rank
}

func teamName(loc catalog.Lang, t Team) string {
	return markWithdrawn(loc, t.Name, t.Withdrawn)
}

func teamPlace(r TeamStandingsRow) string {
	return formatPlace(StandingsRow{Place: r.Place, PlaceLast: r.PlaceLast})
}

// shownTeamTieBreaks are the tie-breaks a team table has a column for:
// match and game points have their own columns whatever their place in the
// event's order, so they are neither printed nor explained twice.
func shownTeamTieBreaks(s TeamStandings) []TieBreak {
	var shown []TieBreak
	for _, tb := range s.TieBreaks {
		if !ownTeamColumn(tb.ID) {
			shown = append(shown, tb)
		}
	}
	return shown
}

func ownTeamColumn(id string) bool { return id == "match-points" || id == "game-points" }

// teamScoreColumns are match points, game points and the other tie-breaks.
func (d *document) teamScoreColumns(s TeamStandings) []column {
	mp, gp := []string{text(d.loc, msgMatchPoints)}, []string{text(d.loc, msgGamePoints)}
	for _, r := range s.Rows {
		mp = append(mp, formatPoints(d.loc, r.MatchPoints))
		gp = append(gp, formatPoints(d.loc, r.GamePoints))
	}
	cols := []column{columnOf(text(d.loc, msgMatchPoints), d.textWidth(mp...), "C"), columnOf(text(d.loc, msgGamePoints), d.textWidth(gp...), "C")}
	for i, tb := range s.TieBreaks {
		if ownTeamColumn(tb.ID) {
			continue
		}
		title := catalog.For(d.loc).TieBreakShort(tb.ID)
		values := []string{title}
		for _, r := range s.Rows {
			values = append(values, formatPoints(d.loc, r.TieBreaks[i]))
		}
		cols = append(cols, columnOf(title, d.textWidth(values...), "C"))
	}
	return cols
}

// teamScoreCells are a row's cells of teamScoreColumns.
func teamScoreCells(loc catalog.Lang, s TeamStandings, r TeamStandingsRow) []cell {
	cells := []cell{{text: formatPoints(loc, r.MatchPoints), bold: true}, {text: formatPoints(loc, r.GamePoints)}}
	for i, v := range r.TieBreaks {
		if !ownTeamColumn(s.TieBreaks[i].ID) {
			cells = append(cells, cell{text: formatPoints(loc, v)})
		}
	}
	return cells
}

// matchScore is the match's game points from the team's side: "3:1", "2½:1½".
func matchScore(loc catalog.Lang, m TeamMatch) string {
	return formatPoints(loc, m.GamePoints) + ":" + formatPoints(loc, m.OpponentGamePoints)
}

// progressMatch is one round of the team progress table: the opponent
// with home or away ("4х") and the match's game points ("3:1"), or "бай"
// with the game points the bye scores ("4"), which the row's total counts.
func progressMatch(loc catalog.Lang, m TeamMatch) cell {
	if m.Bye {
		c := cell{text: text(loc, msgByeCell)}
		if m.Done {
			c.second = formatPoints(loc, m.GamePoints)
		}
		return c
	}
	side := text(loc, msgAwayShort)
	if m.Home {
		side = text(loc, msgHomeShort)
	}
	c := cell{text: strconv.Itoa(m.Opponent) + side}
	if m.Done {
		c.second = matchScore(loc, m)
	}
	return c
}

// checkTeamStandings refuses a table whose tie-break values do not match
// its columns.
func checkTeamStandings(s TeamStandings) error {
	for i, r := range s.Rows {
		if len(r.TieBreaks) != len(s.TieBreaks) {
			return fmt.Errorf("team standings row %d (start no %d): %d tie-break values for %d tie-breaks", i+1, r.Team.StartNo, len(r.TieBreaks), len(s.TieBreaks))
		}
	}
	return nil
}
