package correspondence_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/rules/russian"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// russianStart is a thematic start of Russian draughts where White may
// take two men with c3:e5:g3, or take c7 with b6:d8, crowned on d8 and
// going on as a king over f6, f4 and d4: b6:d8:g5:e3:c5.
const russianStart = "W:Wb6,c3,h2:Ba7,c7,d4,f4,f6"

// A correspondence section of Russian draughts is played by its rules, not
// Adiukh's: a capture of several men, a man crowned during a capture that
// goes on as a king, the compulsory capture refused with the legal moves,
// a side without a move losing 2:0, a resignation 2:0, an agreed draw 1:1,
// the arbiter's 0:2 and losses on time 0:2, all in the round and counted in the event's points (2 a win, 1 a
// draw). The game's sheet and its PDN are Russian draughts' (FEN, GameType
// 25). On both databases.
func TestRussianCorrespondenceGames(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, _ := serviceAt(st, t0)
			sec := newSectionOf(t, st, svc, 4, tournament.EventInput{Name: ptr("Заочный чемпионат"), Game: ptr("russian"),
				Discipline: ptr("correspondence"), System: ptr("round-robin"), TimeControl: ptr("10d")},
				correspondence.SettingsInput{StartPosition: ptr(russianStart)})
			games, err := svc.Games(sec.ctx, sec.eventID)
			if err != nil || len(games) != 6 {
				t.Fatalf("the section's games: %d, %v", len(games), err)
			}
			g := games[0]
			if g.Kind != tournament.GameKind("russian") || g.Position != russianStart || g.ToMove != rules.White {
				t.Fatalf("a game starts as %s at %q, %s to move; want Russian draughts at the thematic start", g.Kind, g.Position, g.ToMove)
			}
			move := func(g correspondence.View, player int64, text string, ply int) *correspondence.View {
				t.Helper()
				v, err := svc.Move(sec.as(player), correspondence.MoveInput{GameID: g.ID, Move: text, Ply: ply})
				if err != nil {
					t.Fatalf("game %d, ply %d %s: %v", g.ID, ply+1, text, err)
				}
				return v
			}

			// An Adiukh move is no move here; a quiet move when a capture
			// is there is refused, with the captures to choose from.
			_, err = svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: "h2-g3", Ply: 0})
			var refused *tournament.Error
			if !errors.As(err, &refused) || refused.Code != tournament.EINVALID {
				t.Fatalf("a quiet move when White must capture: %v, want refused", err)
			}
			if got := catalog.For(catalog.English).Phrase(refused); !strings.Contains(got, "c3:e5:g3") || !strings.Contains(got, "b6:d8:g5:e3:c5") {
				t.Errorf("the refusal %q does not list the captures", got)
			}

			// The man crowned on d8 takes three more as a king; Black's
			// last man moves, is taken, and Black has no move: 2:0.
			v := move(g, g.WhiteID, "b6:d8:g5:e3:c5", 0)
			if v.Position != "B:Wc3,Kc5,h2:Ba7" {
				t.Fatalf("after the crowning capture: %q", v.Position)
			}
			move(g, g.BlackID, "a7-b6", 1)
			v = move(g, g.WhiteID, "c5:a7", 2)
			if v.Status != correspondence.Finished || v.Result == nil || v.Result.Score() != "2:0" || v.Result.EndReason != tournament.FinalPosition {
				t.Fatalf("Black without a piece: %s %+v, want 2:0 by the final position", v.Status, v.Result)
			}

			// Two men taken in one move, then Black resigns.
			g2 := games[1]
			if v := move(g2, g2.WhiteID, "c3:e5:g3", 0); v.Position != "B:Wb6,g3,h2:Ba7,c7,f6" {
				t.Fatalf("after c3:e5:g3: %q", v.Position)
			}
			v, err = svc.Resign(sec.as(g2.BlackID), g2.ID)
			if err != nil || v.Result == nil || v.Result.Score() != "2:0" || v.Result.EndReason != tournament.Resignation {
				t.Fatalf("Black resigns: %+v, %v; want 2:0", v, err)
			}

			// A draw offered with a move and accepted: 1:1.
			g3 := games[2]
			if _, err := svc.Move(sec.as(g3.WhiteID), correspondence.MoveInput{GameID: g3.ID, Move: "c3:e5:g3=", Ply: 0}); err != nil {
				t.Fatal(err)
			}
			v, err = svc.AcceptDraw(sec.as(g3.BlackID), g3.ID)
			if err != nil || v.Result == nil || v.Result.Score() != "1:1" || v.Result.EndReason != tournament.Agreement {
				t.Fatalf("the draw accepted: %+v, %v; want 1:1", v, err)
			}

			// The arbiter decides in the game's points.
			g4 := games[3]
			if _, err := svc.Decide(sec.ctx, correspondence.DecisionInput{GameID: g4.ID, Score: "24:0", EndReason: "adjudication", Reason: "ничья"}); tournament.ErrorCode(err) != tournament.EINVALID {
				t.Errorf("an Adiukh score for a Russian game: %v, want refused", err)
			}
			if v, err := svc.Decide(sec.ctx, correspondence.DecisionInput{GameID: g4.ID, Score: "0:2", EndReason: "arbiter", Reason: "нарушение"}); err != nil || v.Result.Score() != "0:2" {
				t.Errorf("the arbiter's 0:2: %+v, %v", v, err)
			}
			// The same decision sent again is nothing changed (issue 64):
			// no error, and no second entry in the audit log.
			logged, _ := sec.events.Audit(sec.ctx, sec.eventID)
			if v, err := svc.Decide(sec.ctx, correspondence.DecisionInput{GameID: g4.ID, Score: "0:2", EndReason: "arbiter", Reason: "нарушение"}); err != nil || v.Result.Score() != "0:2" {
				t.Errorf("the arbiter's 0:2 sent again: %+v, %v", v, err)
			}
			if again, _ := sec.events.Audit(sec.ctx, sec.eventID); len(again) != len(logged) {
				t.Errorf("the same decision sent again logged %d entries more", len(again)-len(logged))
			}

			// The two games left: White's ten days run out, 0:2 on time.
			if _, err := svc.Expire(context.Background(), t0.Add(10*correspondence.Day+time.Minute)); err != nil {
				t.Fatal(err)
			}
			for _, left := range games[4:] {
				v, err := svc.Game(sec.ctx, left.ID)
				if err != nil || v.Result == nil || v.Result.Score() != "0:2" || v.Result.EndReason != tournament.LossOnTime {
					t.Errorf("White's time out: %+v, %v; want 0:2 on time", v, err)
				}
			}

			rounds, err := sec.events.Rounds(sec.ctx, sec.eventID)
			if err != nil {
				t.Fatal(err)
			}
			var sheet string
			for _, r := range rounds {
				for _, rg := range r.Games {
					if rg.ID == g.ID {
						sheet = rg.Sheet
						if rg.Result == nil || rg.Result.Score() != "2:0" {
							t.Errorf("the round's game: %+v", rg.Result)
						}
					}
				}
			}
			if want := "FEN: " + russianStart + "\n1. b6:d8:g5:e3:c5 a7-b6 2. c5:a7\n"; sheet != want {
				t.Errorf("the game's sheet:\n%s\nwant\n%s", sheet, want)
			}
			if rep := tournament.GameKind("russian").Rules().ValidateGames(sheet + "2:0\n"); len(rep) != 1 || !rep[0].Valid {
				t.Errorf("the sheet does not replay as Russian draughts: %+v", rep)
			}
			standings, err := sec.events.Standings(sec.ctx, sec.eventID, 0)
			if err != nil {
				t.Fatal(err)
			}
			var total float64
			for _, row := range standings.Rows {
				total += row.Score
			}
			// Six games over: five decided (2 points each), one drawn (1
			// and 1).
			if total != 12 {
				t.Errorf("the standings count %v points for six games; want 12 (2 a win, 1 a draw): %+v", total, standings.Rows)
			}

			var pdn strings.Builder
			if err := svc.PDN(sec.ctx, &pdn, sec.eventID, g.ID); err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{`[GameType "25"]`, `[Variant "Russian"]`, `[FEN "` + russianStart + `"]`, `[Result "2-0"]`, "1. b6xd8xg5xe3xc5 {", "2. c5xa7 {"} {
				if !strings.Contains(pdn.String(), want) {
					t.Errorf("the PDN lacks %s:\n%s", want, pdn.String())
				}
			}
			if rep := russian.ValidateGames(pdn.String()); len(rep) != 1 || !rep[0].Valid || len(rep[0].Played) != 3 {
				t.Errorf("the PDN does not replay as Russian draughts: %+v", rep)
			}
		})
	}
}

// A game of Russian draughts that a draw axiom ends ends at once, 1:1 by
// the final position, without the arbiter (Adiukh's repetition waits for
// the arbiter): the kings' position is back for the third time. The
// arbiter cannot reopen it: there is nothing to play.
func TestRussianDrawByTheRules(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	svc, _ := serviceAt(st, t0)
	sec := newSectionOf(t, st, svc, 2, tournament.EventInput{Name: ptr("Заочный"), Game: ptr("russian"),
		Discipline: ptr("correspondence"), System: ptr("round-robin"), TimeControl: ptr("10d")},
		correspondence.SettingsInput{StartPosition: ptr("W:WKa1:BKh2")})
	games, err := svc.Games(sec.ctx, sec.eventID)
	if err != nil || len(games) != 1 {
		t.Fatalf("games %v, %v", games, err)
	}
	g := games[0]
	var v *correspondence.View
	for ply, m := range []string{"a1-b2", "h2-g1", "b2-a1", "g1-h2", "a1-b2", "h2-g1", "b2-a1", "g1-h2"} {
		player := g.WhiteID
		if ply%2 == 1 {
			player = g.BlackID
		}
		if v, err = svc.Move(sec.as(player), correspondence.MoveInput{GameID: g.ID, Move: m, Ply: ply}); err != nil {
			t.Fatalf("ply %d %s: %v", ply+1, m, err)
		}
		if v.Status != correspondence.Running && ply < 7 {
			t.Fatalf("the game ended after ply %d: %s", ply+1, tournament.NoteMessage(v.Note))
		}
	}
	if v.Status != correspondence.Finished || v.Result == nil || v.Result.Score() != "1:1" || v.Result.EndReason != tournament.FinalPosition {
		t.Fatalf("the position back a third time: %s %+v, want 1:1 at once", v.Status, v.Result)
	}
	if note := catalog.For(catalog.Russian).Message(tournament.NoteMessage(v.Note)); !strings.Contains(note, "аксиома 7") {
		t.Errorf("the note %q does not name the axiom", note)
	}
	_, err = svc.Reopen(sec.ctx, correspondence.ReopenInput{GameID: g.ID, Days: 3, Reason: "играть дальше"})
	if tournament.ErrorCode(err) != tournament.ECONFLICT {
		t.Errorf("reopening a game the rules drew: %v, want refused", err)
	}
}

// A live blitz game of Russian draughts: the event may be online, its
// round starts its game from the initial position of Russian draughts,
// moves are checked by its rules on the clocks, a resignation scores 2:0,
// and the PDN is GameType 25 with each move's clock (%clk).
func TestRussianLiveBlitzGame(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			svc, clk := serviceAt(st, t0)
			sec, games := liveEventOf(t, st, svc, clk, 2, tournament.EventInput{Name: ptr("Блиц онлайн"), Game: ptr("russian"),
				Discipline: ptr("blitz"), System: ptr("round-robin"), TimeControl: ptr("3+2"), Online: ptr(true)}, time.Time{})
			if len(games) != 1 || !games[0].Live || games[0].Position != russian.Start().FEN() {
				t.Fatalf("the live games: %+v", games)
			}
			g := games[0]
			white, black := sec.as(g.WhiteID), sec.as(g.BlackID)
			clk.Set(t0.Add(3 * time.Second))
			if _, err := svc.Move(white, correspondence.MoveInput{GameID: g.ID, Move: "c3-d4", Ply: 0}); err != nil {
				t.Fatal(err)
			}
			clk.Set(t0.Add(5 * time.Second))
			if _, err := svc.Move(black, correspondence.MoveInput{GameID: g.ID, Move: "f6-e5", Ply: 1}); err != nil {
				t.Fatal(err)
			}
			clk.Set(t0.Add(6 * time.Second))
			v, err := svc.Move(white, correspondence.MoveInput{GameID: g.ID, Move: "d4:f6", Ply: 2})
			if err != nil {
				t.Fatal(err)
			}
			if want := 3 * time.Minute; v.Bank[rules.White] != want {
				t.Errorf("White's clock after two moves in 3 s and 1 s, 2 s added to each: %v, want %v", v.Bank[rules.White], want)
			}
			v, err = svc.Resign(black, g.ID)
			if err != nil || v.Result == nil || v.Result.Score() != "2:0" || v.Result.EndReason != tournament.Resignation {
				t.Fatalf("Black resigns: %+v, %v; want 2:0", v, err)
			}
			var pdn strings.Builder
			if err := svc.PDN(sec.ctx, &pdn, sec.eventID, g.ID); err != nil {
				t.Fatal(err)
			}
			// The clock in seconds, as the event's games.pdn writes it.
			for _, want := range []string{`[GameType "25"]`, `[Site "online"]`, `[TimeControl "180+2"]`, `[Result "2-0"]`, "1. c3-d4 {[%clk 0:02:59.0]", "2. d4xf6 {[%clk 0:03:00.0]"} {
				if !strings.Contains(pdn.String(), want) {
					t.Errorf("the PDN lacks %s:\n%s", want, pdn.String())
				}
			}
			if strings.Contains(pdn.String(), "[FEN") {
				t.Errorf("a game from the initial position has a FEN tag:\n%s", pdn.String())
			}
			rounds, err := tournament.NewService(st, engines.Options()).Rounds(sec.ctx, sec.eventID)
			if err != nil || rounds[0].Games[0].Result.Score() != "2:0" || rounds[0].Games[0].Sheet != "1. c3-d4 f6-e5 2. d4:f6\n" {
				t.Errorf("the round: %+v, %v", rounds[0].Games[0], err)
			}
		})
	}
}
