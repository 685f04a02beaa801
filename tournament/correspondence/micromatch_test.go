package correspondence_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/export"
	"adiukh/tournament/knockout"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/playoff"
	"adiukh/tournament/schedule"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// liveMicroEvent is an online blitz event of Russian draughts micro-matches
// of two players (one board), its round published at once.
func liveMicroEvent(t *testing.T, st *store.Store, svc *correspondence.Service, clk *clock, count string) (*section, []correspondence.View) {
	t.Helper()
	return liveEventOf(t, st, svc, clk, 2, tournament.EventInput{Name: ptr("Блиц микроматчами"), Game: ptr("russian"), Discipline: ptr("blitz"),
		System: ptr("round-robin"), TimeControl: ptr("3+2"), Online: ptr(true), MicroMatch: ptr("round"), MicroCount: ptr(count),
		TieBreaks: &[]string{"micro-match-points"}}, time.Time{})
}

// boardOf is board 1 of round 1 as stored.
func boardOf(t *testing.T, sec *section) tournament.Game {
	t.Helper()
	rounds, err := sec.events.Rounds(sec.ctx, sec.eventID)
	if err != nil {
		t.Fatal(err)
	}
	return rounds[0].Games[0]
}

// legalMove is a move of the side to move in a Russian draughts position.
func legalMove(t *testing.T, fen string) string {
	t.Helper()
	s, err := tournament.GameKind("russian").Rules().ParseState(fen, rules.White)
	if err != nil {
		t.Fatal(err)
	}
	return s.Moves()[0].Notation
}

// A live micro-match: the round's publish starts the board's first game
// from the drawn opening's position, the paired colours; when it ends (a
// resignation, 2:0) the second starts at once, the colours exchanged, from
// the same position, its clocks full and its players present; its end (a
// draw agreed, 1:1) makes the board's result the sum, 3:1, which the
// standings count by the games' points (3 and 1) or by the micro-match
// (a win: 2 and 0) as the event chooses. Each game's moves start from
// the opening in its record. On both databases.
func TestLiveMicroMatch(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, games := liveMicroEvent(t, st, svc, clk, "games")
			board := boardOf(t, sec)
			rounds, err := sec.events.Rounds(sec.ctx, sec.eventID)
			if err != nil {
				t.Fatal(err)
			}
			opening := rounds[0].OpeningOf(1)
			if opening == nil {
				t.Fatal("no opening drawn for the round")
			}
			if len(games) != 1 {
				t.Fatalf("the round starts %d live games, want the first game of the micro-match alone", len(games))
			}
			first := games[0]
			if first.ID != board.ID || first.MicroGame != 1 || first.WhiteID != board.WhiteID || first.Position != opening.FEN || first.Start != opening.FEN {
				t.Fatalf("the first game: id %d game %d white %d at %q; want board %d's game 1, its White with White, at the opening %q",
					first.ID, first.MicroGame, first.WhiteID, first.Position, board.ID, opening.FEN)
			}

			clk.Set(t0.Add(3 * time.Second))
			mover := first.PlayerID(first.ToMove)
			move1 := legalMove(t, first.Position)
			v, err := svc.Move(sec.as(mover), correspondence.MoveInput{GameID: first.ID, Move: move1, Ply: 0})
			if err != nil {
				t.Fatal(err)
			}
			if err := svc.Present(sec.as(v.PlayerID(v.ToMove)), first.ID); err != nil {
				t.Fatal(err)
			}
			// The board's Black resigns the first game: 2:0.
			clk.Set(t0.Add(5 * time.Second))
			if v, err = svc.Resign(sec.as(board.BlackID), first.ID); err != nil || v.Result == nil || v.Result.Score() != "2:0" {
				t.Fatalf("game 1 resigned: %+v, %v", v, err)
			}
			if b := boardOf(t, sec); b.Result != nil || b.MicroGames[0] == nil || b.MicroGames[0].Score() != "2:0" || b.MicroGames[1] != nil {
				t.Fatalf("after game 1 the board has %+v and games %+v; want game 1's 2:0 alone", b.Result, b.MicroGames)
			}

			games, err = svc.Games(sec.ctx, sec.eventID)
			if err != nil || len(games) != 2 {
				t.Fatalf("after game 1: %d games, %v; want the second started", len(games), err)
			}
			second := games[1]
			if second.MicroGame != 2 || second.BoardGameID != board.ID || second.WhiteID != board.BlackID || second.BlackID != board.WhiteID ||
				second.Position != opening.FEN || second.Ply != 0 || second.Status != correspondence.Running || !second.StartedAt.Equal(t0.Add(5*time.Second)) {
				t.Fatalf("the second game: %+v; want game 2 of board %d, colours exchanged, from the opening, started as game 1 ended", second.Game, board.ID)
			}
			if second.Bank != [2]time.Duration{3 * time.Minute, 3 * time.Minute} || second.Shown[rules.White].IsZero() || second.Shown[rules.Black].IsZero() {
				t.Errorf("the second game's clocks %v, shown %v; want full clocks and both players present", second.Bank, second.Shown)
			}
			// The first game's page, loaded by either player now (the
			// resigner's after the form), takes them to the second; a
			// spectator's does not.
			nextGame := func(ctx context.Context) int64 {
				t.Helper()
				page, err := svc.GamePage(ctx, first.ID)
				if err != nil {
					t.Fatal(err)
				}
				return page.NextGame
			}
			for _, id := range []int64{board.WhiteID, board.BlackID} {
				if got := nextGame(sec.as(id)); got != second.ID {
					t.Errorf("game 1's page for player %d once it is over: next game %d, want game 2 (%d)", id, got, second.ID)
				}
			}
			if got := nextGame(sec.ctx); got != 0 {
				t.Errorf("game 1's page for the arbiter: next game %d, want none", got)
			}

			// Game 2: a move with a draw offered, accepted: 1:1.
			clk.Set(t0.Add(8 * time.Second))
			mover = second.PlayerID(second.ToMove)
			if _, err := svc.Move(sec.as(mover), correspondence.MoveInput{GameID: second.ID, Move: legalMove(t, second.Position), Ply: 0, OfferDraw: true}); err != nil {
				t.Fatal(err)
			}
			other := second.WhiteID
			if other == mover {
				other = second.BlackID
			}
			if v, err = svc.AcceptDraw(sec.as(other), second.ID); err != nil || v.Result == nil || v.Result.Score() != "1:1" {
				t.Fatalf("game 2 drawn: %+v, %v", v, err)
			}
			if got := nextGame(sec.as(board.WhiteID)); got != 0 {
				t.Errorf("game 1's page once both games are over: next game %d, want none", got)
			}
			b := boardOf(t, sec)
			if b.Result == nil || b.Result.Score() != "3:1" || b.MicroGames[1] == nil || b.MicroGames[1].Score() != "1:1" {
				t.Fatalf("the board after both games: %+v, games %+v; want the sum 3:1", b.Result, b.MicroGames)
			}
			if b.Sheet != "" {
				t.Errorf("the board keeps a sheet %q; a micro-match's games keep their own moves", b.Sheet)
			}

			scores := func() (white, black, matches float64) {
				t.Helper()
				s, err := sec.events.Standings(sec.ctx, sec.eventID, 1)
				if err != nil {
					t.Fatal(err)
				}
				for _, row := range s.Rows {
					switch row.PlayerID {
					case board.WhiteID:
						white, matches = row.Score, row.TieBreaks["micro-match-points"]
					case board.BlackID:
						black = row.Score
					}
				}
				return white, black, matches
			}
			if w, bl, m := scores(); w != 3 || bl != 1 || m != 2 {
				t.Errorf("counted by games: %g and %g (micro-match points %g), want 3 and 1 (2)", w, bl, m)
			}
			if _, err := sec.events.UpdateEvent(sec.ctx, sec.eventID, tournament.EventInput{MicroCount: ptr("matches")}, "по регламенту"); err != nil {
				t.Fatal(err)
			}
			if w, bl, _ := scores(); w != 2 || bl != 0 {
				t.Errorf("counted by micro-matches: %g and %g, want 2 and 0", w, bl)
			}

			// Both games' records start from the opening's position,
			// each with its moves.
			numbered := "1. "
			if first.ToMove == rules.Black {
				numbered = "1... "
			}
			var pdn strings.Builder
			if err := svc.PDN(sec.ctx, &pdn, sec.eventID, 0); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{`[Round "1.1"]`, `[Round "1.2"]`, `[FEN "` + opening.FEN + `"]`, `[OpeningMoves "` + opening.MoveText() + `"]`,
				`[Result "2-0"]`, `[Result "1-1"]`, numbered + strings.ReplaceAll(move1, ":", "x")} {
				if got := pdn.String(); !strings.Contains(got, want) {
					t.Errorf("the section's PDN lacks %s:\n%s", want, got)
				}
			}
		})
	}
}

// A live micro-match whose first game a player does not come to is lost
// by them by forfeit, both games: the second is not played.
func TestLiveMicroMatchNoShow(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, games := liveMicroEvent(t, st, svc, clk, "games")
			first := games[0]
			board := boardOf(t, sec)
			if err := svc.Present(sec.as(board.WhiteID), first.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.ExpireLive(context.Background(), t0.Add(correspondence.NoShowAfter(tournament.TimeControl{BaseMinutes: 3})+time.Second)); err != nil {
				t.Fatal(err)
			}
			b := boardOf(t, sec)
			if b.Result == nil || b.Result.Score() != "4:0" || b.Result.EndReason != tournament.Forfeit || b.MicroGames[1] == nil || b.MicroGames[1].Score() != "0:2" {
				t.Errorf("the board after Black's no-show: %+v, games %+v; want 4:0 by forfeit, game 2 lost by Black too", b.Result, b.MicroGames)
			}
			if games, err := svc.Games(sec.ctx, sec.eventID); err != nil || len(games) != 1 {
				t.Errorf("games after the no-show: %d, %v; want the second not played", len(games), err)
			}
		})
	}
}

// A correspondence section of micro-matches starts both games of every
// board at once, each round's opening drawn, the second with the colours
// exchanged; each game's end is its own result, and the board's is their
// sum once both are over.
func TestCorrespondenceMicroMatch(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			clk := &clock{now: t0}
			opt := engines.Options()
			svc := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: opt.Pairing, Now: clk.Now})
			sec := newSectionOf(t, st, svc, 3, tournament.EventInput{Name: ptr("Заочный микроматчами"), Game: ptr("russian"),
				Discipline: ptr("correspondence"), System: ptr("round-robin"), TimeControl: ptr("10d"), MicroMatch: ptr("board")},
				correspondence.SettingsInput{})
			rounds, err := sec.events.Rounds(sec.ctx, sec.eventID)
			if err != nil || len(rounds) != 3 {
				t.Fatalf("the section's rounds: %d, %v", len(rounds), err)
			}
			games, err := svc.Games(sec.ctx, sec.eventID)
			if err != nil || len(games) != 6 {
				t.Fatalf("the section's games: %d, %v; want two a board, three boards", len(games), err)
			}
			for i := 0; i < len(games); i += 2 {
				first, second := games[i], games[i+1]
				o := rounds[first.Round-1].OpeningOf(first.Board)
				if o == nil || o.Board != first.Board {
					t.Fatalf("round %d board %d: no opening of its own drawn", first.Round, first.Board)
				}
				if first.MicroGame != 1 || second.MicroGame != 2 || second.BoardGameID != first.BoardGameID || second.ID == first.ID || first.Micro.Second != second.ID || second.WhiteID != first.BlackID ||
					first.Position != o.FEN || second.Position != o.FEN || second.Status != correspondence.Running || second.Bank != first.Bank {
					t.Fatalf("round %d board %d's games: %+v and %+v", first.Round, first.Board, first.Game, second.Game)
				}
			}
			first, second := games[0], games[1]
			// A correspondence game's moves are on the board as they are
			// made, in its own sheet, as an ordinary game's are.
			move := legalMove(t, first.Position)
			if _, err := svc.Move(sec.as(first.PlayerID(first.ToMove)), correspondence.MoveInput{GameID: first.ID, Move: move}); err != nil {
				t.Fatal(err)
			}
			b := boardOfRound(t, sec, first.Round, first.Board)
			o := rounds[first.Round-1].OpeningOf(first.Board)
			if rep, err := micromatch.CheckSheet(tournament.GameKind("russian"), o, b.MicroSheets[0].Sheet); err != nil || !rep.Valid || !strings.Contains(b.MicroSheets[0].Sheet, move) || b.MicroSheets[1].Sheet != "" || b.Sheet != "" {
				t.Fatalf("after game 1's move %s the board's sheets are %+v (%+v, %v), its own %q", move, b.MicroSheets, rep, err, b.Sheet)
			}
			if _, err := svc.Resign(sec.as(first.BlackID), first.ID); err != nil {
				t.Fatal(err)
			}
			if b := boardOfRound(t, sec, first.Round, first.Board); b.Result != nil || b.MicroGames[0].Score() != "2:0" {
				t.Fatalf("after game 1 the board has %+v and games %+v", b.Result, b.MicroGames)
			}
			// The second game's White is the board's Black, and wins.
			if _, err := svc.Resign(sec.as(second.BlackID), second.ID); err != nil {
				t.Fatal(err)
			}
			if b := boardOfRound(t, sec, first.Round, first.Board); b.Result == nil || b.Result.Score() != "2:2" {
				t.Errorf("the board after both games: %+v, games %+v; want 2:2", b.Result, b.MicroGames)
			}
		})
	}
}

func boardOfRound(t *testing.T, sec *section, round, board int) tournament.Game {
	t.Helper()
	rounds, err := sec.events.Rounds(sec.ctx, sec.eventID)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range rounds[round-1].Games {
		if g.Board == board {
			return g
		}
	}
	t.Fatalf("round %d has no board %d", round, board)
	return tournament.Game{}
}

// The games of a live micro-match keep their moves on the board, each in
// its own sheet (tournament.Game MicroSheets) from the opening, written as
// the game ends: the event's PDN (package export) has both games with
// their moves. A game the arbiter reopens keeps the moves played so far
// and loses its result, and the board its sum; its sheet is replaced by
// the longer game when it ends again. On both databases.
func TestLiveMicroMatchSheets(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, games := liveMicroEvent(t, st, svc, clk, "games")
			board := boardOf(t, sec)
			rounds, err := sec.events.Rounds(sec.ctx, sec.eventID)
			if err != nil {
				t.Fatal(err)
			}
			opening := rounds[0].OpeningOf(1)
			at := 0
			// play makes n moves in the game from its position, each the
			// first legal one, and returns the game as it stands.
			play := func(v correspondence.View, n int) (correspondence.View, []string) {
				t.Helper()
				var moves []string
				for range n {
					at++
					clk.Set(t0.Add(time.Duration(at) * time.Second))
					move := legalMove(t, v.Position)
					next, err := svc.Move(sec.as(v.PlayerID(v.ToMove)), correspondence.MoveInput{GameID: v.ID, Move: move, Ply: v.Ply})
					if err != nil {
						t.Fatal(err)
					}
					v, moves = *next, append(moves, move)
				}
				return v, moves
			}
			checked := func(game int, want []string) {
				t.Helper()
				ms := boardOf(t, sec).MicroSheets[game-1]
				rep, err := micromatch.CheckSheet(tournament.GameKind("russian"), opening, ms.Sheet)
				if err != nil || !rep.Valid {
					t.Fatalf("game %d's sheet %q: %+v, %v; want one the opening replays", game, ms.Sheet, rep, err)
				}
				for _, m := range want {
					if !strings.Contains(ms.Sheet, m) {
						t.Errorf("game %d's sheet %q lacks %s", game, ms.Sheet, m)
					}
				}
			}

			first, moves1 := play(games[0], 2)
			if b := boardOf(t, sec); b.MicroSheets != [2]tournament.MicroSheet{} {
				t.Fatalf("a live game's moves are on the board before it ends: %+v", b.MicroSheets)
			}
			if _, err := svc.Resign(sec.as(first.PlayerID(first.ToMove)), first.ID); err != nil {
				t.Fatal(err)
			}
			checked(1, moves1)

			all, err := svc.Games(sec.ctx, sec.eventID)
			if err != nil || len(all) != 2 {
				t.Fatalf("after game 1: %d games, %v", len(all), err)
			}
			second, moves2 := play(all[1], 1)
			if _, err := svc.Resign(sec.as(second.PlayerID(second.ToMove)), second.ID); err != nil {
				t.Fatal(err)
			}
			checked(2, moves2)
			if b := boardOf(t, sec); b.Result == nil {
				t.Fatalf("the board after both games has no result: games %+v", b.MicroGames)
			}

			// The arbiter reopens game 2: its result and the board's sum
			// go, the moves played stay.
			if _, err := svc.Reopen(sec.ctx, correspondence.ReopenInput{GameID: second.ID, Seconds: 60, Reason: "сбой связи"}); err != nil {
				t.Fatal(err)
			}
			if b := boardOf(t, sec); b.Result != nil || b.MicroGames[1] != nil || b.MicroGames[0] == nil {
				t.Fatalf("game 2 reopened: the board has %+v, games %+v; want game 1's result alone", b.Result, b.MicroGames)
			}
			checked(2, moves2)
			again, err := svc.Game(sec.ctx, second.ID)
			if err != nil {
				t.Fatal(err)
			}
			reopened, more := play(*again, 2)
			if _, err := svc.Resign(sec.as(reopened.PlayerID(reopened.ToMove)), reopened.ID); err != nil {
				t.Fatal(err)
			}
			moves2 = append(moves2, more...)
			checked(2, moves2)

			var pdn strings.Builder
			x := export.New(sec.events, teams.NewService(st.Teams(), sec.events, engines.TeamOptions()), schedule.NewService(st, nil), knockout.NewService(st.Knockout(), nil), playoff.NewService(st.Playoffs(), sec.events, nil, nil))
			skipped, err := x.PDN(sec.ctx, &pdn, sec.eventID)
			if err != nil || len(skipped) != 0 {
				t.Fatalf("the event's PDN: skipped %+v, %v", skipped, err)
			}
			got := pdn.String()
			parts := strings.Split(got, `[Round "1.2"]`)
			if len(parts) != 2 || !strings.Contains(parts[0], `[Round "1.1"]`) {
				t.Fatalf("the event's PDN has not games 1.1 and 1.2:\n%s", got)
			}
			for i, moves := range [][]string{moves1, moves2} {
				if !strings.Contains(parts[i], `[FEN "`+opening.FEN+`"]`) {
					t.Errorf("game %d of the PDN lacks the opening's position:\n%s", i+1, parts[i])
				}
				for _, m := range moves {
					// PDN writes a capture with x.
					if m = strings.ReplaceAll(m, ":", "x"); !strings.Contains(parts[i], m) {
						t.Errorf("game %d of the PDN lacks its move %s:\n%s", i+1, m, parts[i])
					}
				}
			}
			// The game record (its PDF) has the opening's moves and the
			// game's.
			d, err := sec.events.EventData(sec.ctx, sec.eventID)
			if err != nil {
				t.Fatal(err)
			}
			for i, moves := range [][]string{moves1, moves2} {
				rec, err := export.MicroGameRecordView(d, 1, 1, i+1, catalog.Russian)
				if err != nil {
					t.Fatalf("game %d's record: %v", i+1, err)
				}
				if want := len(opening.Moves) + len(moves); len(rec.Moves) != want || rec.Moves[len(rec.Moves)-1] != moves[len(moves)-1] {
					t.Errorf("game %d's record has the moves %v; want the opening's and %v", i+1, rec.Moves, moves)
				}
			}
			if b := boardOf(t, sec); b.Sheet != "" || board.ID != b.ID {
				t.Errorf("the board keeps a sheet of its own: %q", b.Sheet)
			}
		})
	}
}
