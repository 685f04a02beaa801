package export

import (
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/teams"
	"adiukh/tournament/trf"
)

// TRF writes the event as a FIDE Tournament Report File (tournament/trf):
// the header lines, a 001 line per player with title, federation ID,
// points, rank and every finished round, the pairing system (092), the number of rounds
// (142) and the event's scoring (162). Text is fitted to its columns by
// trf.Write, so adiukh and other programs read the file back.
// Rounds still being played are left out, so that the points and ranks
// agree with the rounds written.
// A composition contest, which plays no games, has no report file.
func (x *Exporter) TRF(ctx context.Context, w io.Writer, eventID int64) error {
	e, err := x.events.Event(ctx, eventID)
	if err != nil {
		return err
	}
	if !e.Discipline.PlaysGames() {
		return tournament.NotFound("%s is a composition contest: it plays no games for a tournament report file (TRF); its results are in its award", e.Name)
	}
	if err := x.individualEvent(ctx, eventID); err != nil {
		return err
	}
	ct, err := x.teams.CrosstableAfter(ctx, eventID, 0)
	if err != nil {
		return err
	}
	return trf.Write(w, TRFView(ct))
}

// TRFView is the report file of a crosstable: its players by start number
// with the rounds up to the standings' round.
func TRFView(ct *teams.Crosstable) *trf.Tournament {
	e, st := ct.Event, ct.Standings
	t := &trf.Tournament{TotalRounds: e.Rounds, System: trfSystem(e.System)}
	info := func(code, text string) {
		if text != "" {
			t.Info = append(t.Info, trf.InfoLine{Code: code, Text: text})
		}
	}
	rated := 0
	for _, r := range ct.Rows {
		if r.Player.Rating > 0 {
			rated++
		}
	}
	info("012", e.Name)
	// TRF has no line for the game: a comment names it (other programs
	// pass over it; a file without one is of the default game).
	info("###", "game: "+string(e.Game.OrDefault()))
	// Nor for the discipline, which tells a correspondence section, whose
	// standings count every finished game, from one played over the board.
	info("###", "discipline: "+string(e.Discipline))
	info("022", e.City)
	info("042", strings.ReplaceAll(e.StartDate, "-", "/"))
	info("052", strings.ReplaceAll(e.EndDate, "-", "/"))
	info("062", strconv.Itoa(len(ct.Rows)))
	info("072", strconv.Itoa(rated))
	info("102", e.ChiefArbiter)
	for _, a := range e.Arbiters {
		info("112", a)
	}
	switch tc := e.TimeControl; {
	case tc.BaseMinutes > 0:
		info("122", fmt.Sprintf("%d min + %d s per move", tc.BaseMinutes, tc.IncrementSeconds))
	case tc.InDays():
		info("122", tc.String()) // 10d, 50d/10: days per move, per moves
	}
	// 162 gives the points of the event's table; TRF has no letter for a
	// forfeit win worth less than a win, but the 001 lines carry every
	// player's total as the event counted it.
	if e.MicroMatch.On() {
		t.Extra = append(t.Extra, trf.MicroMatchComment{Draw: string(e.MicroMatch), Count: string(e.MicroCount)}.String())
	}
	sc := e.Scoring
	t.Scoring = []trf.Score{{Code: 'W', Points: tenths(sc.Win)}, {Code: 'D', Points: tenths(sc.Draw)}, {Code: 'L', Points: tenths(sc.Loss)}, {Code: 'P', Points: tenths(sc.Bye)}}

	rank := make(map[int64]int, len(st.Rows))
	for _, r := range st.Rows {
		rank[r.PlayerID] = r.Rank
	}
	for _, r := range ct.Rows {
		p := trf.Player{StartNo: r.Player.StartNo, Name: r.Player.Name, Rating: r.Player.Rating, Federation: r.Player.Federation, Points: tenths(r.Score), Rank: rank[r.Player.ID]}
		p.SetPersonal(r.Player.Sex, r.Player.BirthDate, r.Player.BirthYear)
		// The ID field has 11 columns; a longer ID, cut, would name
		// someone else, so it is left out.
		if id := r.Player.FederationID; utf8.RuneCountInString(id) <= 11 && !strings.ContainsFunc(id, unicode.IsSpace) {
			p.FideID = id
		}
		t.SetTitle(&p, r.Player.Title, e.Game.FMJDTitle(r.Player.Title))
		if r.Player.WithdrawnFrom > 0 {
			t.Extra = append(t.Extra, trf.WithdrawalComment{StartNo: r.Player.StartNo, Round: r.Player.WithdrawnFrom}.String())
		}
		for _, cell := range r.Games {
			// A correspondence section counts each game as it ends: its
			// rounds are written whole, a game still played paired
			// without a result.
			if cell.Round > st.AfterRound && !st.EveryFinishedGame {
				break
			}
			if w := r.Player.WithdrawnFrom; cell.Result == nil && w > 0 && cell.Round >= w {
				p.Results = append(p.Results, trf.Result{Color: '-', Code: '-'}) // absent: withdrawn
				continue
			}
			p.Results = append(p.Results, trfResult(cell))
			if cell.White && cell.OpponentNo != 0 && cell.Result != nil {
				t.KeepScores(cell.Round, r.Player.StartNo, cell.OpponentNo, trfGameScores(micromatch.KeptScores(*cell.Result, cell.MicroGames)))
			}
		}
		// A withdrawal before the next round is told as JaVaFo and
		// bbpPairings read it: the player is absent from that round.
		if w := r.Player.WithdrawnFrom; w > 0 && w <= st.AfterRound+1 && st.AfterRound < e.Rounds && len(p.Results) == st.AfterRound {
			p.Results = append(p.Results, trf.Result{Color: '-', Code: '-'})
		}
		t.Players = append(t.Players, p)
	}
	return t
}

// trfGameScores writes results as a TRF's comments keep them.
func trfGameScores(results []tournament.Result) []trf.GameScore {
	out := make([]trf.GameScore, len(results))
	for i, r := range results {
		out[i] = trf.GameScore{Score: r.Score(), EndReason: string(r.EndReason)}
	}
	return out
}

// trfSystem names the pairing system in the 092 line: the Swiss system of
// this application is FIDE's Dutch system (C.04.3), which TRF-2026 names by
// code; round robins keep TRF-16's free text.
func trfSystem(s tournament.System) string {
	if s == tournament.Swiss {
		return "FIDE_DUTCH_2025"
	}
	en := catalog.For(catalog.English).T("system_full." + string(s))
	return en
}

// tenths turns points into the tenths a TRF writes (2 → 20, ½ → 5).
func tenths(points float64) int {
	return int(math.Round(points * 10))
}

// trfResult is one round of a player's 001 line. A game is a win (1), draw
// (=) or loss (0) by who scored 13 or more (§6.1.1); a forfeit is + or −;
// the pairing-allocated bye is U, scored by the 162 P points; a round the
// player was not paired in is a zero-point bye (Z); a game still played
// (a correspondence section's) names the opponent and colour without a
// result.
func trfResult(cell teams.CrosstableCell) trf.Result {
	if cell.Result == nil && cell.OpponentNo != 0 {
		r := trf.Result{Opponent: cell.OpponentNo, Color: 'b', Code: ' '}
		if cell.White {
			r.Color = 'w'
		}
		return r
	}
	if cell.Result == nil {
		return trf.Result{Color: '-', Code: 'Z'}
	}
	res := *cell.Result
	switch res.EndReason {
	case tournament.Bye:
		return trf.Result{Color: '-', Code: 'U'}
	case tournament.HalfPointBye: // requested byes (C.04.1 c)
		return trf.Result{Color: '-', Code: 'H'}
	case tournament.ZeroPointBye:
		return trf.Result{Color: '-', Code: 'Z'}
	}
	r := trf.Result{Opponent: cell.OpponentNo, Color: 'b'}
	if cell.White {
		r.Color = 'w'
	}
	won := (res.Outcome() == tournament.WhiteWins) == cell.White
	switch {
	case res.EndReason == tournament.DoubleForfeit:
		r.Code = '-'
	case res.EndReason == tournament.Forfeit && won:
		r.Code = '+'
	case res.EndReason == tournament.Forfeit:
		r.Code = '-'
	case res.Outcome() == tournament.Draw:
		r.Code = '='
	case won:
		r.Code = '1'
	default:
		r.Code = '0'
	}
	return r
}
