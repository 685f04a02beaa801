package report

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"adiukh/tournament/catalog"
)

// Table fonts: 8 pt in 5 mm rows keeps a 200-player list to a few pages and
// stays readable on paper.
const (
	tableFont = 8.0
	tableRow  = 5.0
)

// StandingsPDF renders the standings: place, start number, player, rating,
// birth year, club and city (each only when some player has it), points and
// the event's tie-breaks, followed by the chief arbiter's signature line.
// The page is upright when the table fits, else landscape, in the largest
// font that shows every name whole.
func StandingsPDF(w io.Writer, loc catalog.Lang, s Standings) error {
	if err := checkStandings(s, false); err != nil {
		return err
	}
	d := newDocument(loc, s.Event, standingsTitle(loc, s))
	d.withPageNumbers()
	optional := []struct {
		title string
		value func(Player) string
	}{
		{text(loc, msgRating), func(p Player) string { return formatInt(p.Rating) }},
		{text(loc, msgBirthYear), func(p Player) string { return formatInt(p.BirthYear) }},
		{text(loc, msgClub), func(p Player) string { return p.Club }},
		{text(loc, msgCity), func(p Player) string { return p.City }},
	}
	titled := anyTitle(playerEntrants(loc, s.Rows))
	t := d.placeTable(wideLayouts(tableSizes), func(float64) *table {
		t := &table{lead: d.playerColumns(s.Rows, true)}
		var shown []func(Player) string
		for _, o := range optional {
			values := make([]string, len(s.Rows))
			for i, r := range s.Rows {
				values[i] = o.value(r.Player)
			}
			if strings.Join(values, "") == "" {
				continue
			}
			// Long club names are cut rather than allowed to push the points off the page.
			t.lead = append(t.lead, column{title: o.title, width: min(d.textWidth(append(values, o.title)...), 45), align: "L"})
			shown = append(shown, o.value)
		}
		t.middle = d.scoreColumns(s)
		for _, r := range s.Rows {
			row := playerCells(loc, r, true, titled)
			for _, value := range shown {
				row = append(row, cell{text: value(r.Player)})
			}
			t.rows = append(t.rows, append(row, scoreCells(loc, r)...))
		}
		return t
	})
	notes := []string{playoffNote(loc, s.Rows), d.tieBreakNote(s.TieBreaks), d.incompleteNote(s)}
	t.after = d.notesHeight(notes...) + signatureHeight
	t.draw(d)
	d.notes(notes...)
	d.signatureLine(text(loc, msgChiefArbiter), s.Event.ChiefArbiter)
	return d.output(w)
}

// playoffNote names the players whose place a play-off decided, with
// that place, so that a reader does not look for it in the tie-breaks
// below; "" when none did.
func playoffNote(loc catalog.Lang, rows []StandingsRow) string {
	var decided []string
	for _, r := range rows {
		if r.Playoff {
			decided = append(decided, fmt.Sprintf("%d. %s", r.Place, r.Player.Name))
		}
	}
	if len(decided) == 0 {
		return ""
	}
	return text(loc, msgLegendPlayoff, strings.Join(decided, ", "))
}

// ProgressPDF renders the Swiss progress table as chess-results prints it:
// for every player in order of place, each round's opponent by place (the
// row of this table), a colour mark (○ White, ● Black) that cannot be read
// as a digit, and the score, then points and tie-breaks. The opponent and the
// score are aligned in every round's column. Too many rounds for one
// landscape page in the smallest font continue on the next.
func ProgressPDF(w io.Writer, loc catalog.Lang, s Standings) error {
	if err := checkStandings(s, true); err != nil {
		return err
	}
	title := text(loc, msgProgressAfter, s.AfterRound)
	switch {
	case s.EveryFinishedGame:
		title = text(loc, msgProgressFinishedGames)
	case s.AfterRound == 0:
		title = text(loc, msgPlayerList) // before any round is finished
	}
	d := newDocument(loc, s.Event, title)
	d.withPageNumbers()
	rounds := s.AfterRound
	rank := make(map[int]int, len(s.Rows)) // start number → row
	rated := false
	for i, r := range s.Rows {
		rank[r.Player.StartNo] = i + 1
		rated = rated || r.Player.Rating > 0
		for _, g := range r.Games {
			rounds = max(rounds, g.Round)
		}
	}
	roundCells := make([][]cell, len(s.Rows))
	for i, r := range s.Rows {
		cells := make([]cell, rounds)
		filled := make([]bool, rounds)
		for _, g := range r.Games {
			if filled[g.Round-1] {
				return fmt.Errorf("standings row %d (start no %d): two games in round %d", i+1, r.Player.StartNo, g.Round)
			}
			filled[g.Round-1] = true
			cells[g.Round-1] = progressCell(loc, g, rank[g.Opponent])
		}
		roundCells[i] = cells
	}
	titled := anyTitle(playerEntrants(loc, s.Rows))
	t := d.placeTable(wideLayouts(tableSizes), func(float64) *table {
		t := &table{lead: d.playerColumns(s.Rows, true)}
		ratings := []string{text(loc, msgRating)}
		if rated {
			for _, r := range s.Rows {
				ratings = append(ratings, formatInt(r.Player.Rating))
			}
			t.lead = append(t.lead, columnOf(text(loc, msgRating), d.textWidth(ratings...), "C"))
		}
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
		t.tail = d.scoreColumns(s)
		for i, r := range s.Rows {
			row := playerCells(loc, r, true, titled)
			if rated {
				row = append(row, cell{text: formatInt(r.Player.Rating)})
			}
			row = append(row, roundCells[i]...)
			t.rows = append(t.rows, append(row, scoreCells(loc, r)...))
		}
		return t
	})
	notes := []string{
		text(loc, msgLegendProgress) + "; " + forfeitLegend(loc, s) + "; " + text(loc, msgLegendByes),
		d.tieBreakNote(s.TieBreaks), d.incompleteNote(s),
	}
	switch {
	// The results of a round still being played are shown as they come,
	// but points, tie-breaks and places stop at AfterRound.
	case s.EveryFinishedGame:
	case rounds > s.AfterRound && s.AfterRound > 0:
		notes = append([]string{text(loc, msgNotCountedYet, s.AfterRound)}, notes...)
	case rounds > s.AfterRound:
		notes = append([]string{text(loc, msgNotCountedNone)}, notes...)
	}
	t.after = d.notesHeight(notes...) + signatureHeight
	t.draw(d)
	d.notes(notes...)
	d.signatureLine(text(loc, msgChiefArbiter), s.Event.ChiefArbiter)
	return d.output(w)
}

// CrosstablePDF renders the round-robin grid in start-number order: a row and
// a column per player, each cell the row player's score against the column
// player (17:7; two scores in a double round robin), then points, tie-breaks
// and place. The columns are sized from their content and the font shrinks
// until the grid fits a landscape page (20 players do); only a grid too wide
// even then continues on the next page.
func CrosstablePDF(w io.Writer, loc catalog.Lang, s Standings) error {
	if err := checkStandings(s, true); err != nil {
		return err
	}
	rows := slices.Clone(s.Rows)
	slices.SortFunc(rows, func(a, b StandingsRow) int { return a.Player.StartNo - b.Player.StartNo })
	gridColumn := make(map[int]int, len(rows)) // start number → grid column
	for i, r := range rows {
		gridColumn[r.Player.StartNo] = i
	}
	d := newDocument(loc, s.Event, text(loc, msgCrosstable))
	d.withPageNumbers()
	widest := []string{strconv.Itoa(len(rows))}
	grid := make([][]cell, len(rows))
	for i, r := range rows {
		grid[i] = make([]cell, len(rows))
		grid[i][i].shade = true
		games := slices.Clone(r.Games)
		slices.SortFunc(games, func(a, b PlayerGame) int { return a.Round - b.Round })
		for _, g := range games {
			if g.Opponent == 0 {
				continue // a bye has no column in a round-robin grid
			}
			c := &grid[i][gridColumn[g.Opponent]]
			c.text = strings.TrimSpace(c.text + " " + formatScore(loc, g.Score))
			widest = append(widest, c.text)
		}
	}
	places := []string{text(loc, msgPlace)}
	for _, r := range rows {
		places = append(places, formatPlace(r))
	}
	titled := anyTitle(playerEntrants(loc, rows))
	t := d.placeTable(wideLayouts(tableSizes), func(float64) *table {
		t := &table{lead: d.playerColumns(rows, false)}
		width := d.tightWidth(widest...)
		for _, r := range rows {
			t.middle = append(t.middle, column{title: strconv.Itoa(r.Player.StartNo), width: width, align: "C", tight: true})
		}
		t.tail = append(d.scoreColumns(s), columnOf(text(loc, msgPlace), d.textWidth(places...), "C"))
		for i, r := range rows {
			row := append(playerCells(loc, r, false, titled), grid[i]...)
			row = append(row, scoreCells(loc, r)...)
			t.rows = append(t.rows, append(row, cell{text: formatPlace(r), bold: true}))
		}
		return t
	})
	notes := []string{forfeitLegend(loc, s), d.tieBreakNote(s.TieBreaks), d.incompleteNote(s)}
	t.after = d.notesHeight(notes...) + signatureHeight
	t.draw(d)
	d.notes(notes...)
	d.signatureLine(text(loc, msgChiefArbiter), s.Event.ChiefArbiter)
	return d.output(w)
}

func columnOf(title string, width float64, align string) column {
	return column{title: title, width: width, align: align}
}

func standingsTitle(loc catalog.Lang, s Standings) string {
	switch {
	case s.Event.Rounds > 0 && s.AfterRound >= s.Event.Rounds:
		return text(loc, msgStandingsFinal)
	case s.EveryFinishedGame:
		return text(loc, msgStandingsFinishedGames)
	case s.AfterRound == 0:
		return text(loc, msgPlayerList) // before any round is finished
	}
	return text(loc, msgStandingsAfter, s.AfterRound)
}

// entrant is what identifies a row of a table, a player's or a team's:
// place, start number, name and a player's rank or title.
type entrant struct{ place, number, name, title string }

func playerEntrant(loc catalog.Lang, r StandingsRow) entrant {
	return entrant{place: formatPlace(r), number: strconv.Itoa(r.Player.StartNo), name: nameCell(loc, r.Player), title: r.Player.printedTitle(loc)}
}

// playerColumns are the columns that identify a player: place (optional),
// start number, name, which takes the room the page leaves, and rank.
func (d *document) playerColumns(rows []StandingsRow, withPlace bool) []column {
	return d.entrantColumns(playerEntrants(d.loc, rows), msgPlayer, withPlace)
}

func playerEntrants(loc catalog.Lang, rows []StandingsRow) []entrant {
	entrants := make([]entrant, len(rows))
	for i, r := range rows {
		entrants[i] = playerEntrant(loc, r)
	}
	return entrants
}

// entrantColumns are the place (optional), start number, name and rank
// columns, each as wide as its widest entry, so that no name is cut; the
// name column also takes what room the page leaves. The rank has a column
// of its own after the name, as Russian crosstables print it («Разр.»),
// and none when no one in the table holds a rank or title.
func (d *document) entrantColumns(entrants []entrant, nameHeader msg, withPlace bool) []column {
	numbers := []string{text(d.loc, msgStartNo)}
	places := []string{text(d.loc, msgPlaceShort)}
	names := []string{text(d.loc, nameHeader)}
	titles := []string{text(d.loc, msgTitleColumn)}
	for _, e := range entrants {
		numbers = append(numbers, e.number)
		places = append(places, e.place)
		names = append(names, e.name)
		titles = append(titles, e.title)
	}
	var cols []column
	if withPlace {
		cols = append(cols, columnOf(text(d.loc, msgPlaceShort), d.textWidth(places...), "C"))
	}
	cols = append(cols, columnOf(text(d.loc, msgStartNo), d.textWidth(numbers...), "C"))
	name := columnOf(text(d.loc, nameHeader), d.textWidth(names...), "L")
	name.flex = true
	cols = append(cols, name)
	if anyTitle(entrants) {
		cols = append(cols, columnOf(text(d.loc, msgTitleColumn), d.textWidth(titles...), "C"))
	}
	return cols
}

// anyTitle reports whether someone in the table holds a rank or title, so
// that it has the rank column.
func anyTitle(entrants []entrant) bool {
	return slices.ContainsFunc(entrants, func(e entrant) bool { return e.title != "" })
}

// playerCells are a row's cells of playerColumns; titled says the table has
// the rank column.
func playerCells(loc catalog.Lang, r StandingsRow, withPlace, titled bool) []cell {
	return entrantCells(playerEntrant(loc, r), withPlace, titled)
}

func entrantCells(e entrant, withPlace, titled bool) []cell {
	var cells []cell
	if withPlace {
		cells = append(cells, cell{text: e.place, bold: true})
	}
	cells = append(cells, cell{text: e.number}, cell{text: e.name})
	if titled {
		cells = append(cells, cell{text: e.title})
	}
	return cells
}

// nameCell is the player's name, marked when the player has withdrawn; on
// an English document in Latin letters with the name as written after. The
// rank or title is not part of it: tables print it in a column of its own.
func nameCell(loc catalog.Lang, p Player) string {
	return markWithdrawn(loc, withFederation(listedName(loc, p.Name, p.Latin), p.Federation), p.Withdrawn)
}

// printedTitle is the player's title as a document in the language
// prints it: English documents print a national rank's Latin form.
func (p Player) printedTitle(loc catalog.Lang) string {
	if loc == catalog.English && p.LatinTitle != "" {
		return p.LatinTitle
	}
	return p.Title
}

// withFederation puts the federation, if known, after the name, as FMJD
// lists print it: «Baliakin Alexander NED».
func withFederation(name, federation string) string {
	if federation == "" {
		return name
	}
	return name + " " + federation
}

func markWithdrawn(loc catalog.Lang, name string, withdrawn bool) string {
	if withdrawn {
		return name + " (" + text(loc, msgWithdrawn) + ")"
	}
	return name
}

// scoreColumns are points and the event's tie-breaks, in the event's order.
func (d *document) scoreColumns(s Standings) []column {
	points := []string{text(d.loc, msgPoints)}
	for _, r := range s.Rows {
		points = append(points, formatPoints(d.loc, r.Points))
	}
	cols := []column{columnOf(text(d.loc, msgPoints), d.textWidth(points...), "C")}
	for i, tb := range s.TieBreaks {
		title := catalog.For(d.loc).TieBreakShort(tb.ID)
		values := []string{title}
		for _, r := range s.Rows {
			values = append(values, formatPoints(d.loc, r.TieBreaks[i]))
		}
		cols = append(cols, columnOf(title, d.textWidth(values...), "C"))
	}
	return cols
}

// tieBreakNote spells out the tie-breaks headed by an abbreviation, so that
// a printed table says what each column is; "" when none is. Direct
// encounter also says how the ranking used it: the column holds the points
// against all players equal on points, while the ranking compares smaller
// groups again.
func (d *document) tieBreakNote(tbs []TieBreak) string {
	var entries []string
	for _, tb := range tbs {
		l := catalog.For(d.loc)
		short, name := l.TieBreakShort(tb.ID), l.TieBreak(tb.ID)
		if short != name {
			entries = append(entries, short+" — "+name)
		}
	}
	note := strings.Join(entries, "; ")
	for _, tb := range tbs {
		if tb.ID == directEncounter {
			short := catalog.For(d.loc).TieBreakShort(tb.ID)
			note = strings.TrimPrefix(note+"\n"+text(d.loc, msgLegendDirectEncounter, short), "\n")
		}
	}
	return note
}

// incompleteNote says which tie-breaks leave out the games whose score is
// unknown, and how many those are; "" when none do.
func (d *document) incompleteNote(s Standings) string {
	var notes []string
	for _, tb := range s.Incomplete {
		notes = append(notes, text(d.loc, msgLegendUnscored, catalog.For(d.loc).TieBreak(tb.ID), s.UnscoredGames))
	}
	return strings.Join(notes, "\n")
}

// directEncounter is the ID of the direct-encounter tie-break
// (tournament/standings).
const directEncounter = "direct-encounter"

// notes prints each note that is not empty.
func (d *document) notes(notes ...string) {
	for _, n := range notes {
		if n != "" {
			d.note(n)
		}
	}
}

func scoreCells(loc catalog.Lang, r StandingsRow) []cell {
	cells := []cell{{text: formatPoints(loc, r.Points), bold: true}}
	for _, v := range r.TieBreaks {
		cells = append(cells, cell{text: formatPoints(loc, v)})
	}
	return cells
}

// progressCell is one round of the progress table: the opponent's place
// with the colour mark ("12○"), and the score ("17:7"); a bye or a round
// without a game has the second part only.
func progressCell(loc catalog.Lang, g PlayerGame, opponentRank int) cell {
	score := formatScore(loc, g.Score)
	if g.Opponent == 0 {
		return cell{second: score}
	}
	return cell{text: strconv.Itoa(opponentRank) + colourMark(g.Colour), second: score}
}

// checkStandings refuses standings the tables cannot print faithfully: a row
// whose tie-break values do not match the columns, and (when games are
// printed) duplicate start numbers, unknown opponents, impossible scores.
func checkStandings(s Standings, withGames bool) error {
	ids := make(map[string]bool, len(s.TieBreaks))
	for i, tb := range s.TieBreaks {
		if tb.ID == "" || ids[tb.ID] {
			return fmt.Errorf("tie-break %d (%q): IDs must be present and unique, they name the CSV and JSON columns", i+1, tb.ID)
		}
		ids[tb.ID] = true
	}
	seen := make(map[int]bool, len(s.Rows))
	for i, r := range s.Rows {
		where := fmt.Sprintf("standings row %d (start no %d, %s)", i+1, r.Player.StartNo, r.Player.Name)
		if len(r.TieBreaks) != len(s.TieBreaks) {
			return fmt.Errorf("%s: %d tie-break values for %d tie-break columns", where, len(r.TieBreaks), len(s.TieBreaks))
		}
		if !withGames {
			continue
		}
		if r.Player.StartNo <= 0 || seen[r.Player.StartNo] {
			return fmt.Errorf("%s: start numbers must be positive and unique", where)
		}
		seen[r.Player.StartNo] = true
	}
	if !withGames {
		return nil
	}
	for i, r := range s.Rows {
		for j, g := range r.Games {
			where := fmt.Sprintf("standings row %d (start no %d), game %d", i+1, r.Player.StartNo, j+1)
			if g.Round < 1 || g.Round > 1000 {
				return fmt.Errorf("%s: round %d is not a round number", where, g.Round)
			}
			if g.Opponent != 0 && (!seen[g.Opponent] || g.Opponent == r.Player.StartNo) {
				return fmt.Errorf("%s: opponent start no %d is not another player of these standings", where, g.Opponent)
			}
			if err := checkScoreOf(g.Score, cmp.Or(s.Points, 24)); err != nil {
				return fmt.Errorf("%s: %w", where, err)
			}
		}
	}
	return nil
}

// forfeitLegend explains the signs of a forfeit with the score a forfeit
// counts: as the event shows it (ForfeitShown), or in the event's game,
// whose played game adds up to Points (24 when not set: Adiukh's).
func forfeitLegend(loc catalog.Lang, s Standings) string {
	if s.ForfeitShown != "" {
		return text(loc, msgLegendForfeits, s.ForfeitShown)
	}
	return text(loc, msgLegendForfeits, fmt.Sprintf("%d:0", cmp.Or(s.Points, 24)))
}
