package report

import (
	"adiukh/tournament/catalog"
	"adiukh/tournament/csvfile"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"
)

// Federation is what a federation loads for its ratings and records: the
// final standings of every event finished in a period.
type Federation struct {
	From, To time.Time // the period asked for; zero when open at that end
	Events   []Standings
}

// federationEventColumns lead every row of the federation CSV: the event the
// row belongs to. The standings columns and the tie-breaks follow.
var federationEventColumns = []string{"event_id", "event", "discipline_ru", "discipline_en", "system", "start_date", "end_date", "event_city", "rounds",
	"scoring_win", "scoring_draw", "scoring_loss", "scoring_bye", "scoring_forfeit_win"}

// FederationCSV writes the federation export as one UTF-8 CSV table in
// dialect d with a
// row per player per event: the event's columns (federationEventColumns),
// the standings columns of StandingsCSV, then a column per tie-break ID used
// by any of the events, in order of first use; a tie-break an event does not
// rank by is left empty in its rows.
func FederationCSV(w io.Writer, d CSVDialect, f Federation) error {
	var ids []string
	column := map[string]int{}
	for i, s := range f.Events {
		if err := checkStandings(s, false); err != nil {
			return fmt.Errorf("event %d (%s): %w", i+1, s.Event.Name, err)
		}
		for _, tb := range s.TieBreaks {
			if _, ok := column[tb.ID]; !ok {
				column[tb.ID] = len(ids)
				ids = append(ids, tb.ID)
			}
		}
	}
	out := newCSV(w, d, "federation")
	out.Write(append(append(append([]string(nil), federationEventColumns...), standingsColumns...), ids...))
	for _, s := range f.Events {
		e := s.Event
		event := out.eventRecord(e)
		for _, r := range s.Rows {
			values := make([]string, len(ids))
			for j, v := range r.TieBreaks {
				values[column[s.TieBreaks[j].ID]] = out.Number(v)
			}
			out.Write(append(append(append([]string(nil), event...), out.standingsRecord(r, nil)...), values...))
		}
	}
	return out.Close()
}

// eventRecord is an event's values for federationEventColumns.
func (f csvFile) eventRecord(e Event) []string {
	sc := e.Scoring
	return []string{
		formatInt(int(e.ID)), csvfile.Text(e.Name), csvfile.Text(disciplineName(catalog.Russian, e)), csvfile.Text(disciplineName(catalog.English, e)), e.SystemID,
		isoDate(e.StartDate), isoDate(e.EndDate), csvfile.Text(e.City), formatInt(e.Rounds),
		f.Number(sc.Win), f.Number(sc.Draw), f.Number(sc.Loss), f.Number(sc.Bye), f.Number(sc.ForfeitWin),
	}
}

// federationGameColumns are the columns of FederationGamesCSV.
var federationGameColumns = []string{"event_id", "round", "white_start_no", "white", "black_start_no", "black", "result", "score", "white_points", "black_points"}

// FederationGamesCSV writes every game of the federation export as one
// UTF-8 CSV table in dialect d, a row per game (federationGameColumns):
// the event, the round, the players by start number and name, the kind of
// result (played, forfeit, double_forfeit, bye, half_point_bye,
// zero_point_bye), the score White:Black in Adiukh points and what each
// side scored in the event's table. A bye has its player as White.
func FederationGamesCSV(w io.Writer, d CSVDialect, f Federation) error {
	out := newCSV(w, d, "federation games")
	out.Write(federationGameColumns)
	for _, s := range f.Events {
		byNo := map[int]Player{}
		for _, r := range s.Rows {
			byNo[r.Player.StartNo] = r.Player
		}
		type game struct {
			round    int
			white    Player
			black    Player
			score    GameScore // White's side
			hasBlack bool
		}
		var games []game
		for _, r := range s.Rows {
			for _, g := range r.Games {
				switch {
				case g.Score.Kind == Absent || g.Score.Kind == NotPlayed:
				case g.Opponent == 0:
					games = append(games, game{round: g.Round, white: r.Player, score: g.Score})
				case g.Colour == White:
					games = append(games, game{round: g.Round, white: r.Player, black: byNo[g.Opponent], score: g.Score, hasBlack: true})
				}
			}
		}
		slices.SortStableFunc(games, func(a, b game) int {
			return cmp.Or(cmp.Compare(a.round, b.round), cmp.Compare(a.white.StartNo, b.white.StartNo))
		})
		for _, g := range games {
			white, black := scoreOf(s.Event.Scoring, g.score)
			record := []string{formatInt(int(s.Event.ID)), strconv.Itoa(g.round), strconv.Itoa(g.white.StartNo), csvfile.Text(g.white.Name), "", "", resultKinds[g.score.Kind], gameScoreText(g.score), out.Number(white), ""}
			if g.hasBlack {
				record[4], record[5], record[9] = strconv.Itoa(g.black.StartNo), csvfile.Text(g.black.Name), out.Number(black)
			}
			out.Write(record)
		}
	}
	return out.Close()
}

// scoreOf is what the two sides of a game score in the event's table, from
// the side whose GameScore it is.
func scoreOf(sc Scoring, g GameScore) (own, opponent float64) {
	switch g.Kind {
	case PairingBye:
		return sc.Bye, 0
	case HalfPointBye:
		return sc.Draw, 0
	case ZeroPointBye, DoubleForfeit:
		return 0, 0
	case Forfeit:
		if g.Own > g.Opponent {
			return sc.ForfeitWin, 0
		}
		return 0, sc.ForfeitWin
	}
	switch {
	case g.Own > g.Opponent:
		return sc.Win, sc.Loss
	case g.Own < g.Opponent:
		return sc.Loss, sc.Win
	}
	return sc.Draw, sc.Draw
}

// federationFile is the JSON shape of FederationJSON.
type federationFile struct {
	From   string          `json:"from,omitempty"`
	To     string          `json:"to,omitempty"`
	Events []standingsFile `json:"events"`
}

// FederationJSON writes the federation export as one JSON object: the period
// (from, to; absent when open) and the events, each in the shape of
// StandingsJSON.
func FederationJSON(w io.Writer, f Federation) error {
	file := federationFile{From: isoDate(f.From), To: isoDate(f.To), Events: make([]standingsFile, len(f.Events))}
	for i, s := range f.Events {
		if err := checkStandings(s, false); err != nil {
			return fmt.Errorf("event %d (%s): %w", i+1, s.Event.Name, err)
		}
		file.Events[i] = newStandingsFile(s, true)
	}
	return writeJSON(w, "federation", file)
}
