package export

import (
	"fmt"
	"slices"
	"time"

	"adiukh/internal/names"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/report"
	"adiukh/tournament/teams"
)

// The functions below copy domain values into the report's view structs
// (tournament/report/doc.go, "Filling the views"). They compute nothing the
// domain has not: places and tie-breaks come from the service's standings.

// EventView is the header of every report of the event.
func EventView(e *tournament.Event) report.Event {
	var systemID string
	if e.Discipline.PlaysGames() {
		systemID = string(e.System)
	}
	sc := e.Scoring
	return report.Event{
		ID: e.ID, SystemID: systemID,
		Scoring:       report.Scoring{Win: sc.Win, Draw: sc.Draw, Loss: sc.Loss, Bye: sc.Bye, ForfeitWin: sc.ForfeitWin},
		Name:          e.Name,
		Discipline:    string(e.Discipline),
		Game:          string(e.Game.OrDefault()),
		DisciplineKey: e.Game.Variant().DisciplineFullPrefix + string(e.Discipline),
		GamePoints:    e.Game.GamePoints(),
		Board:         e.Game.Variant().Board,
		SheetMoves:    e.Game.Variant().SheetMoves,
		WinDrawLoss:   !e.Game.Variant().GradedScores(),
		Repetitions:   e.Game.Variant().Repetitions,
		Venue:         e.Venue,
		City:          e.City,
		ChiefArbiter:  e.ChiefArbiter,
		StartDate:     parseDate(e.StartDate),
		EndDate:       parseDate(e.EndDate),
		Rounds:        e.Rounds,
		TimeControl:   timeControlView(e.TimeControl),
		Zone:          e.Location(),
	}
}

// TimeControl writes an event's clock in the language as its documents
// print it: "8 мин + 4 с/ход", "10 дн./ход", "50 дн. / 10 ходов".
func TimeControl(loc catalog.Lang, tc tournament.TimeControl) string {
	return report.FormatTimeControl(loc, timeControlView(tc))
}

// timeControlView prints a clock in minutes and seconds, or a
// correspondence control in days: per move, or per number of moves.
func timeControlView(tc tournament.TimeControl) report.TimeControl {
	const day = 24 * time.Hour
	switch {
	case tc.InDays() && tc.Moves > 0:
		return report.TimeControl{Base: time.Duration(tc.Days) * day, Moves: tc.Moves}
	case tc.InDays():
		return report.TimeControl{Increment: time.Duration(tc.Days) * day}
	}
	return report.TimeControl{
		Base:      time.Duration(tc.BaseMinutes) * time.Minute,
		Increment: time.Duration(tc.IncrementSeconds) * time.Second,
	}
}

// parseDate reads a date the event input already checked as YYYY-MM-DD; an
// empty date is the zero time, which the reports leave blank.
func parseDate(s string) time.Time {
	d, _ := time.Parse(time.DateOnly, s)
	return d
}

// roundDate is the date printed on a round's pairings and score sheets: the
// event's date when it is played on one day. The domain keeps no date per
// round, so a longer event leaves it to be written by hand.
func roundDate(e *tournament.Event) time.Time {
	if e.EndDate == "" || e.EndDate == e.StartDate {
		return parseDate(e.StartDate)
	}
	return time.Time{}
}

// PlayerView is a player as printed in lists and tables, withdrawn when
// the player has withdrawn from any round.
func PlayerView(p *tournament.Player) report.Player {
	if p == nil {
		return report.Player{}
	}
	return report.Player{
		StartNo: p.StartNo, Name: p.Name, Latin: latin(p.Name), Rating: p.Rating, BirthYear: p.BirthYear,
		Club: p.Club, City: p.City, FederationID: p.FederationID, Federation: p.Federation, Title: p.Title, LatinTitle: rules.LatinNotation(p.Title), Withdrawn: p.WithdrawnFrom > 0,
	}
}

// playerAsOf is a player as printed on a document of round n: withdrawn
// only when the withdrawal counts from round n or before, so that a
// reprinted pairing list shows the event as it stood then.
func playerAsOf(p *tournament.Player, n int) report.Player {
	v := PlayerView(p)
	v.Withdrawn = p != nil && p.WithdrawnFrom > 0 && p.WithdrawnFrom <= n
	return v
}

// StandingsView is the standings of a crosstable, in order of place, with
// every player's games for the round-robin grid and the Swiss progress
// table.
func StandingsView(ct *teams.Crosstable) (report.Standings, error) {
	st := ct.Standings
	s := report.Standings{Event: EventView(ct.Event), AfterRound: st.AfterRound, EveryFinishedGame: st.EveryFinishedGame, Rows: make([]report.StandingsRow, 0, len(st.Rows)),
		Points: boardPoints(ct.Event)}
	if ct.Event.ShowsTablePoints() {
		s.ForfeitShown = tournament.PointsText(ct.Event.Scoring.ForfeitWin) + ":0"
	}
	for _, tb := range st.TieBreaks {
		s.TieBreaks = append(s.TieBreaks, tieBreakView(tb))
	}
	for _, tb := range st.Incomplete() {
		s.Incomplete = append(s.Incomplete, tieBreakView(tb))
	}
	s.UnscoredGames = st.UnscoredGames
	byID := make(map[int64]*teams.CrosstableRow, len(ct.Rows))
	for i := range ct.Rows {
		byID[ct.Rows[i].Player.ID] = &ct.Rows[i]
	}
	for _, r := range st.Rows {
		cr := byID[r.PlayerID]
		if cr == nil {
			return report.Standings{}, fmt.Errorf("standings of event %d rank player %d, who has no crosstable row", ct.Event.ID, r.PlayerID)
		}
		row := report.StandingsRow{
			// After round k, a player who does not play round k+1 is marked.
			Place: r.Rank, PlaceLast: r.RankTo, Player: playerAsOf(&cr.Player, st.AfterRound+1), Points: r.Score,
			TieBreaks: make([]float64, len(st.TieBreaks)), Playoff: r.Playoff != 0,
		}
		for i, tb := range st.TieBreaks {
			row.TieBreaks[i] = r.TieBreaks[tb.ID]
		}
		for _, cell := range cr.Games {
			row.Games = append(row.Games, playerGame(ct.Event, cell))
		}
		s.Rows = append(s.Rows, row)
	}
	return s, nil
}

// tieBreakView is a tie-break for a report, which names it from the
// catalogue by its ID.
func tieBreakView(tb tournament.TieBreakInfo) report.TieBreak {
	return report.TieBreak{ID: tb.ID}
}

// playerGame is one crosstable cell from the row player's side.
func playerGame(e *tournament.Event, cell teams.CrosstableCell) report.PlayerGame {
	g := report.PlayerGame{Round: cell.Round, Opponent: cell.OpponentNo}
	switch {
	case cell.OpponentNo != 0 && cell.White:
		g.Colour = report.White
	case cell.OpponentNo != 0:
		g.Colour = report.Black
	}
	switch {
	case cell.Result != nil:
		g.Score = gameScore(e, *cell.Result, cell.White)
	case cell.OpponentNo == 0:
		// Byes always carry their result, so a cell without an opponent
		// or a result is a round the player was not paired in.
		g.Score = report.GameScore{Kind: report.Absent}
	}
	return g
}

// gameScore is a result seen from one side, in Adiukh points. Every end
// reason that is not a game on the board is named here: anything else would
// print as a played 0:0, which the reports refuse.
func gameScore(e *tournament.Event, res tournament.Result, white bool) report.GameScore {
	g := gameScoreOf(e.Scoring, res, white)
	if e.ShowsTablePoints() && !res.EndReason.IsBye() {
		g.Shown = e.ScoreTextFor(res, white)
	}
	return g
}

func gameScoreOf(sc tournament.Scoring, res tournament.Result, white bool) report.GameScore {
	own, opp := res.White, res.Black
	if !white {
		own, opp = opp, own
	}
	switch res.EndReason {
	case tournament.Bye:
		return report.GameScore{Kind: byeKind(sc)}
	case tournament.HalfPointBye:
		return report.GameScore{Kind: report.HalfPointBye}
	case tournament.ZeroPointBye:
		return report.GameScore{Kind: report.ZeroPointBye}
	case tournament.Forfeit:
		return report.GameScore{Kind: report.Forfeit, Own: own, Opponent: opp}
	case tournament.DoubleForfeit:
		return report.GameScore{Kind: report.DoubleForfeit}
	case tournament.ScoreUnknown:
		return report.GameScore{Kind: report.Unscored, Own: own, Opponent: opp}
	}
	return report.GameScore{Kind: report.Played, Own: own, Opponent: opp}
}

// byeKind chooses how the pairing-allocated bye prints: the reports mark a
// bye by what it scores (+, =, −), and the event's scoring decides that — a
// Swiss bye usually scores a win, a round robin's rest day nothing.
func byeKind(sc tournament.Scoring) report.ResultKind {
	switch {
	case sc.Bye >= sc.Win:
		return report.PairingBye
	case sc.Bye > sc.Loss:
		return report.HalfPointBye
	}
	return report.ZeroPointBye
}

// findRound returns round n of the event data.
func findRound(d *tournament.EventData, n int) (*tournament.Round, error) {
	for i := range d.Rounds {
		if d.Rounds[i].Number == n {
			return &d.Rounds[i], nil
		}
	}
	return nil, tournament.NotFound("round %d of event %d not found", n, d.Event.ID)
}

// PairingsView is the pairing list of round n with the points every player
// had before it, the openings named in the language (lang); publicURL is
// printed as a QR code when not empty.
func PairingsView(d *tournament.EventData, n int, publicURL string, lang catalog.Lang) (report.Pairings, error) {
	r, err := findRound(d, n)
	if err != nil {
		return report.Pairings{}, err
	}
	points := d.ScoresBefore(n)
	p := report.Pairings{Event: EventView(d.Event), Round: n, Date: roundDate(d.Event), PublicURL: publicURL, Points: boardPoints(d.Event)}
	if !r.StartsAt.IsZero() {
		p.Starts = r.StartsAt.In(d.Event.Location())
	}
	if d.Event.MicroMatch.On() {
		if o := r.OpeningOf(0); o != nil {
			p.Opening = openingLine(o, lang)
		}
	}
	for _, g := range r.Games {
		b := report.Board{
			Number: g.Board, White: playerAsOf(d.Player(g.WhiteID), n), WhitePoints: points[g.WhiteID],
			Bye: g.IsBye(),
		}
		if !b.Bye {
			b.Black, b.BlackPoints = playerAsOf(d.Player(g.BlackID), n), points[g.BlackID]
			if o := r.OpeningOf(g.Board); o != nil && o.Board != 0 {
				b.Opening = openingLine(o, lang)
			}
		}
		if g.Result != nil {
			b.Result = gameScore(d.Event, *g.Result, true)
			b.ByeRequested = g.Result.EndReason == tournament.HalfPointBye || g.Result.EndReason == tournament.ZeroPointBye
		}
		p.Boards = append(p.Boards, b)
	}
	return p, nil
}

// ScoreSheetsView is a pre-filled score sheet for every board of round n
// that is to be played, the opening named in the language (lang): byes and
// games entered as forfeits at the pairing (withdrawn players) have nothing
// to record.
func ScoreSheetsView(d *tournament.EventData, n int, lang catalog.Lang) ([]report.ScoreSheet, error) {
	r, err := findRound(d, n)
	if err != nil {
		return nil, err
	}
	event, date := EventView(d.Event), roundDate(d.Event)
	var sheets []report.ScoreSheet
	for _, g := range r.Games {
		if g.IsBye() || (g.Result != nil && !g.Result.Played()) {
			continue
		}
		white, black := PlayerView(d.Player(g.WhiteID)), PlayerView(d.Player(g.BlackID))
		if !d.Event.MicroMatch.On() {
			sheets = append(sheets, report.ScoreSheet{Event: event, Round: n, Board: g.Board, Date: date, White: white, Black: black})
			continue
		}
		// A micro-match is two games, colours exchanged, from its opening.
		var opening string
		if o := r.OpeningOf(g.Board); o != nil {
			opening = openingLine(o, lang)
		}
		first := report.ScoreSheet{Event: event, Round: n, Board: g.Board, Date: date, White: white, Black: black, Game: 1, Opening: opening}
		second := report.ScoreSheet{Event: event, Round: n, Board: g.Board, Date: date, White: black, Black: white, Game: 2, Opening: opening}
		first.Moves, first.Score = microSheetMoves(d.Event, r, &g, 0)
		second.Moves, second.Score = microSheetMoves(d.Event, r, &g, 1)
		sheets = append(sheets, first, second)
	}
	return sheets, nil
}

// microSheetMoves are the moves of game 0 or 1 of a micro-match board, from
// the initial position, and its result, for its printed score sheet: the
// opening's moves, pre-printed for the players to write on from, until
// its sheet came in and replays; no score until it is entered.
func microSheetMoves(e *tournament.Event, r *tournament.Round, g *tournament.Game, game int) ([]string, string) {
	var score string
	if res := g.MicroGames[game]; res != nil && res.Played() {
		score = res.Score()
	}
	o := r.OpeningOf(g.Board)
	sheet := g.MicroSheets[game].Sheet
	if sheet == "" {
		return openingMoves(o), score
	}
	v, err := sheetVerdict(e.Game, o, sheet)
	if err != nil || !v.Replayed {
		return openingMoves(o), score
	}
	var moves []string
	for _, m := range v.Moves {
		moves = append(moves, m.Notation)
	}
	return moves, score
}

// openingMoves are the drawn opening's moves as a score sheet pre-prints
// them; none without an opening.
func openingMoves(o *tournament.DrawnOpening) []string {
	if o == nil {
		return nil
	}
	return slices.Clone(o.Moves)
}

// findGame returns the game on board b of round n.
func findGame(d *tournament.EventData, n, b int) (*tournament.Game, error) {
	r, err := findRound(d, n)
	if err != nil {
		return nil, err
	}
	for i := range r.Games {
		if r.Games[i].Board == b {
			return &r.Games[i], nil
		}
	}
	return nil, tournament.NotFound("board %d of round %d of event %d not found", b, n, d.Event.ID)
}

// say is text for people made of parts, kept with its English format and
// arguments so that the catalogue can translate it.
func say(format string, args ...any) rules.Message { return rules.Message{Format: format, Args: args} }

// notReplayed refuses the record of a board whose sheet does not replay:
// it cannot be printed or exported as the game that was played.
func notReplayed(board, n int, v rules.Verdict) error {
	return tournament.Conflict("sheet", "the score sheet of board %d in round %d does not replay (%s); correct it first", board, n, problemOf(v.Errors, v.Plies))
}

// problemOf names the first move that stopped a replay among a sheet's
// errors, after played moves replayed; for any game.
func problemOf(errs []rules.Problem, played int) rules.Message {
	for _, p := range errs {
		if p.Ply > 0 {
			return say("line %d, move %d: %s", p.Line, p.MoveNumber, p.Detail)
		}
	}
	return say("move %d cannot be read", played+1)
}

// GameRecordView is the record of the game on board b of round n: its moves
// in full notation, the start position when it is not the initial one, the
// final position and the result entered for the game.
func GameRecordView(d *tournament.EventData, n, b int) (report.GameRecord, error) {
	g, err := findGame(d, n, b)
	if err != nil {
		return report.GameRecord{}, err
	}
	if g.IsBye() {
		return report.GameRecord{}, tournament.NotFound("board %d of round %d is a bye, not a game", b, n)
	}
	rec := report.GameRecord{
		Event: EventView(d.Event), Round: n, Board: b, Date: roundDate(d.Event),
		White: PlayerView(d.Player(g.WhiteID)), Black: PlayerView(d.Player(g.BlackID)),
	}
	if g.Sheet == "" {
		return report.GameRecord{}, tournament.NotFound("board %d of round %d has no score sheet", g.Board, n)
	}
	v, err := sheetVerdict(d.Event.Game, nil, g.Sheet)
	if err != nil {
		return report.GameRecord{}, err
	}
	if !v.Replayed {
		return report.GameRecord{}, notReplayed(g.Board, n, v)
	}
	sheetScore := fillRecord(&rec, d.Event.Game, v)
	if g.Result != nil {
		rec.Result = gameScore(d.Event, *g.Result, true)
		if r := g.Result.EndReason; r != tournament.FinalPosition {
			rec.EndReason = string(r)
		}
	}
	if g.OverrideReason != "" {
		rec.Override = g.OverrideReason
		if sheetScore != nil {
			rec.SheetScore = sheetScore.String()
		}
	}
	return rec, nil
}

// MicroGameRecordView is the record of game 1 or 2 of the micro-match on
// board b of round n: the players as they had the colours in it, the
// opening it was played from, its moves from the initial position (the
// opening's first, whichever form the sheet was entered in) and the result
// entered for it. The game needs a score sheet whose moves replay.
func MicroGameRecordView(d *tournament.EventData, n, b, game int, lang catalog.Lang) (report.GameRecord, error) {
	r, err := findRound(d, n)
	if err != nil {
		return report.GameRecord{}, err
	}
	g, err := findGame(d, n, b)
	switch {
	case err != nil:
		return report.GameRecord{}, err
	case !d.Event.MicroMatch.On():
		return report.GameRecord{}, tournament.Invalid("game", "board %d of round %d is one game, not a micro-match", b, n)
	case game != 1 && game != 2:
		return report.GameRecord{}, tournament.Invalid("game", "a micro-match has games 1 and 2; got %d", game)
	case g.IsBye():
		return report.GameRecord{}, tournament.NotFound("board %d of round %d is a bye, not a game", b, n)
	}
	white, black := g.WhiteID, g.BlackID
	if game == 2 {
		// The second game exchanges the colours.
		white, black = black, white
	}
	rec := report.GameRecord{
		Event: EventView(d.Event), Round: n, Board: b, Date: roundDate(d.Event), Game: game,
		White: PlayerView(d.Player(white)), Black: PlayerView(d.Player(black)),
	}
	o := r.OpeningOf(b)
	if o != nil {
		rec.Opening = openingLine(o, lang)
	}
	sheet := &g.MicroSheets[game-1]
	if sheet.Sheet == "" {
		return report.GameRecord{}, tournament.NotFound("game %d of board %d of round %d has no score sheet", game, b, n)
	}
	v, err := sheetVerdict(d.Event.Game, o, sheet.Sheet)
	if err != nil {
		return report.GameRecord{}, err
	}
	if !v.Replayed {
		return report.GameRecord{}, tournament.Conflict("sheet", "the score sheet of game %d of board %d in round %d does not replay (%s); correct it first", game, b, n, problemOf(v.Errors, v.Plies))
	}
	sheetScore := fillRecord(&rec, d.Event.Game, v)
	if res := g.MicroGames[game-1]; res != nil {
		rec.Result = gameScore(d.Event, *res, true)
		if res.EndReason != tournament.FinalPosition {
			rec.EndReason = string(res.EndReason)
		}
	}
	if sheet.OverrideReason != "" {
		rec.Override = sheet.OverrideReason
		if sheetScore != nil {
			rec.SheetScore = sheetScore.String()
		}
	}
	return rec, nil
}

// sheetVerdict replays the first game of a sheet by the rules of the
// event's game: from the opening drawn for its board when there is one (a
// micro-match's game), whichever form the sheet was entered in.
func sheetVerdict(game tournament.GameKind, o *tournament.DrawnOpening, sheet string) (rules.Verdict, error) {
	if o != nil {
		return game.Rules().ValidateAfterOpening(sheet, o.Moves)
	}
	verdicts := game.Rules().ValidateGames(sheet)
	if len(verdicts) == 0 {
		return rules.Verdict{}, tournament.Conflict("sheet", "the score sheet holds no game")
	}
	return verdicts[0], nil
}

// fillRecord fills a record's positions and moves from its replayed sheet:
// the start position when it is not the game's initial one, the moves from
// it (an opening's first), the last position; it returns the score of the
// end the moves reach, nil when the game is not over.
func fillRecord(rec *report.GameRecord, game tournament.GameKind, v rules.Verdict) *rules.Score {
	variant := game.Variant()
	out := v.Final.Outcome()
	rec.Final, rec.Ended = stateView(variant, v.Final), out.Over
	if initial := variant.Rules.Start(); v.Start.Notation() != initial.Notation() || v.Start.ToMove() != initial.ToMove() {
		start := stateView(variant, v.Start)
		rec.Start = &start
	}
	for _, m := range v.Moves {
		rec.Moves = append(rec.Moves, m.Notation)
	}
	if out.Over {
		return &out.Score
	}
	return nil
}

// stateView lists what stands on the board square by square: towers, or
// the flat men and kings of a game without them.
func stateView(variant *rules.Variant, s rules.State) report.Position {
	v := report.Position{ToMove: colourView(s.ToMove()), Flat: !variant.Towers}
	for _, p := range s.Pieces() {
		v.Towers = append(v.Towers, report.Tower{Square: p.Square, Owner: colourView(p.Owner), Own: p.Own, Other: p.Other})
		if p.King {
			v.Kings = append(v.Kings, p.Square)
		}
	}
	return v
}

func colourView(c rules.Color) report.Colour {
	if c == rules.White {
		return report.White
	}
	return report.Black
}

// latin is a name in Latin letters (ICAO, as passports write it), "" when
// it has no Cyrillic to write otherwise.
func latin(name string) string {
	if l := names.Transliterate(name, names.ICAO); l != name {
		return l
	}
	return ""
}

// boardPoints is what the two scores of a board add up to: a game's
// points, or a micro-match's two games'.
func boardPoints(e *tournament.Event) int {
	if e.MicroMatch.On() {
		return 2 * e.Game.GamePoints()
	}
	return e.Game.GamePoints()
}

// openingLine writes a drawn opening for a printed page: its number, its
// name in the reader's language and its moves numbered as a sheet writes them ("12. 1-XII: 1. c3-d4 d6-c5
// 2. b2-c3").
func openingLine(o *tournament.DrawnOpening, lang catalog.Lang) string {
	return fmt.Sprintf("%d. %s: %s", o.Number, o.Title(string(lang)), o.MoveText())
}
