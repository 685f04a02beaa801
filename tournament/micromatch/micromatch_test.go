package micromatch_test

import (
	"adiukh/rules/russian"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/openings"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

func ptr[T any](v T) *T { return &v }

// forEachService runs a test on the events' service and the micro-matches'
// over every test database.
func forEachService(t *testing.T, test func(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service)) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			test(t, storetest.Arbiter(t, st), tournament.NewService(st, engines.Options()), micromatch.NewService(st.MicroMatches(), nil))
		})
	}
}

// russianEvent creates a Swiss Russian draughts event of micro-matches
// with four players.
func russianEvent(t *testing.T, ctx context.Context, events *tournament.Service, draw, count string) *tournament.Event {
	t.Helper()
	e, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Первенство"), Game: ptr("russian"), Discipline: ptr("rapid"),
		System: ptr("swiss"), Rounds: ptr(3), TimeControl: ptr("15+5"), MicroMatch: ptr(draw), MicroCount: ptr(count),
		TieBreaks: &[]string{"micro-match-points", "buchholz"}})
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{"Иванов Иван", "Петров Пётр", "Сидоров Сидор", "Козлов Кирилл"} {
		if _, err := registration.NewService(events).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr(name), Rating: ptr(2000 - 100*i)}); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

func storedRound(t *testing.T, ctx context.Context, events *tournament.Service, eventID int64, n int) tournament.Round {
	t.Helper()
	rounds, err := events.Rounds(ctx, eventID)
	if err != nil {
		t.Fatal(err)
	}
	return rounds[n-1]
}

func code(err error) string {
	var e *tournament.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// A round is drawn its opening when it is paired, from the default table,
// and reading it again gives the same opening; the next round draws
// another.
func TestOpeningDrawnWhenTheRoundIsPaired(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service) {
		e := russianEvent(t, ctx, events, "round", "games")
		r1, err := events.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(r1.Openings) != 1 || r1.Openings[0].Board != 0 {
			t.Fatalf("round 1 drew %+v, want one opening for the round", r1.Openings)
		}
		drawn := r1.Openings[0]
		def, ok := openings.Default(russian.Variant).Opening(drawn.Number)
		if !ok || def.Name != drawn.Name || !slices.Equal(def.Moves, drawn.Moves) || def.FEN != drawn.FEN {
			t.Errorf("drew %+v, which is not opening %d of the default table (%+v)", drawn, drawn.Number, def)
		}
		again := storedRound(t, ctx, events, e.ID, 1)
		if !slices.EqualFunc(again.Openings, r1.Openings, func(a, b tournament.DrawnOpening) bool {
			return a.Number == b.Number && a.Seed == b.Seed && a.Name == b.Name
		}) {
			t.Errorf("read again, round 1's openings are %+v, drawn %+v", again.Openings, r1.Openings)
		}
		// The seed draws it again from the same table.
		got, err := micromatch.DrawFrom(tournament.GameKind("russian"), nil, drawn.Seed, 1, nil)
		if err != nil || got[0].Number != drawn.Number {
			t.Errorf("seed %d draws %+v (%v), the round has %d", drawn.Seed, got, err, drawn.Number)
		}
		for _, g := range r1.Games {
			if o := again.OpeningOf(g.Board); o == nil || o.Number != drawn.Number {
				t.Errorf("board %d plays from %+v, want the round's opening %d", g.Board, o, drawn.Number)
			}
		}
		if _, err := events.PublishRound(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		for _, g := range r1.Games {
			for game := 1; game <= 2; game++ {
				if _, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: g.Board, Game: game, Score: "1:1", EndReason: "agreement", Version: storedRound(t, ctx, events, e.ID, 1).Games[g.Board-1].Version}); err != nil {
					t.Fatal(err)
				}
			}
		}
		r2, err := events.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(r2.Openings) != 1 || r2.Openings[0].Number == drawn.Number {
			t.Errorf("round 2 drew %+v after %d in round 1", r2.Openings, drawn.Number)
		}
	})
}

// Drawn per board, each board with two players has its own opening.
func TestOpeningDrawnPerBoard(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service) {
		e := russianEvent(t, ctx, events, "board", "matches")
		r, err := events.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Openings) != 2 || r.Openings[0].Board != 1 || r.Openings[1].Board != 2 || r.Openings[0].Number == r.Openings[1].Number {
			t.Fatalf("drew %+v, want two different openings for boards 1 and 2", r.Openings)
		}
	})
}

// The two games' results make the board's: their sum, which the standings
// count by games or by micro-matches as the event's setting says.
func TestMicroMatchScores(t *testing.T) {
	for _, tc := range []struct {
		count       string
		top, second float64 // the scores of board 1's players after round 1
	}{
		{"games", 3, 1},
		{"matches", 2, 0},
	} {
		t.Run(tc.count, func(t *testing.T) {
			forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service) {
				e := russianEvent(t, ctx, events, "round", tc.count)
				r := storetest.PublishNextRound(t, ctx, events, e.ID)
				board := r.Games[0]
				g, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 1, Score: "2:0", EndReason: "resignation", Version: board.Version})
				if err != nil {
					t.Fatal(err)
				}
				if g.Result != nil {
					t.Errorf("after one game board 1 has the result %+v, want none", g.Result)
				}
				// In game 2 the board's White has Black: 1:1 is a draw.
				if g, err = svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 2, Score: "1:1", EndReason: "agreement", Version: g.Version}); err != nil {
					t.Fatal(err)
				}
				if g.Result == nil || g.Result.Score() != "3:1" {
					t.Fatalf("board 1's result is %+v, want the sum 3:1", g.Result)
				}
				if _, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 2, Score: "0:2", EndReason: "resignation", Version: g.Version}); code(err) != tournament.EINVALID {
					t.Errorf("a correction without a reason: %v, want EINVALID", err)
				}
				if _, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 1, Game: 1, Score: "0:2", EndReason: "resignation", Reason: "misread", Version: g.Version - 1}); code(err) != tournament.ECONFLICT {
					t.Errorf("a stale version: %v, want ECONFLICT", err)
				}
				if _, err := events.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: 2, Score: "2:0", EndReason: "resignation", Version: r.Games[1].Version}); code(err) != tournament.ECONFLICT {
					t.Errorf("a board's result entered as one game: %v, want ECONFLICT", err)
				}
				for game, score := range []string{"0:2", "2:0"} {
					b2 := storedRound(t, ctx, events, e.ID, 1).Games[1]
					if _, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: 2, Game: game + 1, Score: score, EndReason: "resignation", Version: b2.Version}); err != nil {
						t.Fatal(err)
					}
				}
				if b2 := storedRound(t, ctx, events, e.ID, 1).Games[1]; b2.Result == nil || b2.Result.Score() != "0:4" {
					t.Errorf("board 2's result is %+v, want 0:4", b2.Result)
				}
				st, err := events.Standings(ctx, e.ID, 1)
				if err != nil {
					t.Fatal(err)
				}
				scores, matches := map[int64]float64{}, map[int64]float64{}
				for _, row := range st.Rows {
					scores[row.PlayerID], matches[row.PlayerID] = row.Score, row.TieBreaks["micro-match-points"]
				}
				if matches[board.WhiteID] != 2 || matches[board.BlackID] != 0 {
					t.Errorf("micro-match points of board 1's players: %g and %g, want 2 and 0 (a micro-match won)", matches[board.WhiteID], matches[board.BlackID])
				}
				if scores[board.WhiteID] != tc.top || scores[board.BlackID] != tc.second {
					t.Errorf("counting %s, board 1's players score %g and %g, want %g and %g", tc.count, scores[board.WhiteID], scores[board.BlackID], tc.top, tc.second)
				}
			})
		})
	}
}

// Only Russian draughts events over the board play micro-matches, a team
// competition's counted by their results, and a count by games needs a
// table where a draw is half a win.
func TestMicroMatchSetting(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service) {
		for _, tc := range []struct {
			name string
			in   tournament.EventInput
			want string
		}{
			{"adiukh", tournament.EventInput{Game: ptr("adiukh"), MicroMatch: ptr("round")}, "micro_match"},
			{"team counting games", tournament.EventInput{Game: ptr("russian"), Discipline: ptr("rapid-team"), MicroMatch: ptr("round"), MicroCount: ptr("games")}, "micro_count"},
			{"unknown", tournament.EventInput{Game: ptr("russian"), MicroMatch: ptr("twice")}, "micro_match"},
			{"3/1/0 by games", tournament.EventInput{Game: ptr("russian"), MicroMatch: ptr("board"), MicroCount: ptr("games"),
				Scoring: &tournament.Scoring{Win: 3, Draw: 1, Loss: 0, Bye: 3, ForfeitWin: 3}}, "micro_count"},
		} {
			in := tc.in
			in.Name, in.System, in.Rounds = ptr("Турнир"), ptr("swiss"), ptr(5)
			if in.Discipline == nil {
				in.Discipline, in.TimeControl = ptr("rapid"), ptr("15+5")
			}
			_, err := events.CreateEvent(ctx, in)
			var e *tournament.Error
			if !errors.As(err, &e) || !hasField(e, tc.want) {
				t.Errorf("%s: %v, want an error at %s", tc.name, err, tc.want)
			}
		}
		e := russianEvent(t, ctx, events, "round", "matches")
		storetest.PublishNextRound(t, ctx, events, e.ID)
		if _, err := events.UpdateEvent(ctx, e.ID, tournament.EventInput{MicroMatch: ptr("")}, ""); code(err) != tournament.ECONFLICT {
			t.Errorf("switching micro-matches off after round 1: %v, want ECONFLICT", err)
		}
		if _, err := events.UpdateEvent(ctx, e.ID, tournament.EventInput{MicroCount: ptr("games")}, ""); err != nil {
			t.Errorf("counting games instead after round 1: %v", err)
		}
	})
}

func hasField(e *tournament.Error, field string) bool {
	if e.Field == field {
		return true
	}
	return slices.ContainsFunc(e.Details, func(d *tournament.Error) bool { return d.Field == field })
}

// The arbiter loads the event's own table; a bad file is refused with its
// line and field; the rounds paired after it draw from it, the ones
// before keep their openings; the event goes back to the default table.
func TestEventTable(t *testing.T) {
	forEachService(t, func(t *testing.T, ctx context.Context, events *tournament.Service, svc *micromatch.Service) {
		e := russianEvent(t, ctx, events, "round", "games")
		view, err := svc.Table(ctx, e.ID)
		if err != nil || view.Own || len(view.Table.Openings) != len(openings.Default(russian.Variant).Openings) || !view.CanEdit {
			t.Fatalf("a new event's table: %+v, %v; want the default one", view, err)
		}
		_, err = svc.LoadTable(ctx, e.ID, "", []byte("number,name,moves\n1,Городская партия,c3-d4 d6-c5 b2-c3\n2,Обратная городская,c3-d4 f6-g5 b2-c3\n3,Плохая,c3-d4 d4-e5\n"))
		var te *tournament.Error
		if !errors.As(err, &te) || te.Field != "table" || te.Line != 4 || !strings.Contains(te.Message, "line 4, moves, ply 2") {
			t.Fatalf("a bad third opening: %v, want line 4, moves, ply 2", err)
		}
		storetest.PublishNextRound(t, ctx, events, e.ID)
		before := storedRound(t, ctx, events, e.ID, 1).Openings
		table, err := svc.LoadTable(ctx, e.ID, "csv", []byte("1,Городская партия,c3-d4 d6-c5 b2-c3\n2,Обратная городская,c3-d4 f6-g5 b2-c3\n"))
		if err != nil || len(table.Openings) != 2 {
			t.Fatalf("a good table: %+v, %v", table, err)
		}
		if view, _ := svc.Table(ctx, e.ID); !view.Own || view.Table.Openings[0].Name != "Городская партия" {
			t.Errorf("the event's table reads %+v", view)
		}
		if after := storedRound(t, ctx, events, e.ID, 1).Openings; after[0].Number != before[0].Number || after[0].Name != before[0].Name {
			t.Errorf("round 1's opening changed with the table: %+v, was %+v", after, before)
		}
		for _, g := range storedRound(t, ctx, events, e.ID, 1).Games {
			for game := 1; game <= 2 && !g.IsBye(); game++ {
				b := storedRound(t, ctx, events, e.ID, 1).Games[g.Board-1]
				if _, err := svc.RecordGame(ctx, micromatch.GameInput{EventID: e.ID, Round: 1, Board: g.Board, Game: game, Score: "1:1", EndReason: "agreement", Version: b.Version}); err != nil {
					t.Fatal(err)
				}
			}
		}
		r2, err := events.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if o := r2.Openings[0]; (o.Number != 1 && o.Number != 2) || !strings.Contains(o.Name, "городская") && !strings.Contains(o.Name, "Городская") {
			t.Errorf("round 2 drew %+v, not from the event's table", o)
		}
		if err := svc.ResetTable(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		if view, _ := svc.Table(ctx, e.ID); view.Own {
			t.Errorf("after the reset the event still has its own table")
		}
		adiukh, err := events.CreateEvent(ctx, tournament.EventInput{Name: ptr("Адиюх"), Discipline: ptr("rapid"), System: ptr("swiss"), Rounds: ptr(3), TimeControl: ptr("15+5")})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.LoadTable(ctx, adiukh.ID, "csv", []byte("1,Городская партия,c3-d4 d6-c5 b2-c3\n")); code(err) != tournament.ECONFLICT {
			t.Errorf("a table for an Adiukh event: %v, want ECONFLICT", err)
		}
	})
}
