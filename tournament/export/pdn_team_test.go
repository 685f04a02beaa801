package export

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/knockout"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/playoff"
	"adiukh/tournament/schedule"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// teamPDNEvent creates a team competition of two teams of two players
// playing two boards (in), pairs round 1 and publishes it; it answers the
// round and the event's data with its teams.
func teamPDNEvent(t *testing.T, ctx context.Context, svc *tournament.Service, tm *teams.Service, in tournament.EventInput, before func(eventID int64)) (*teams.TeamRound, *teams.TeamEventData) {
	t.Helper()
	e, err := svc.CreateEvent(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tm.UpdateTeamSettings(ctx, e.ID, teams.TeamSettingsInput{Boards: ptr(2)}, ""); err != nil {
		t.Fatal(err)
	}
	for i, club := range []string{"Адыгея", "Кубань"} {
		roster := []tournament.PlayerInput{{Name: ptr(fixturePlayers[2*i]), Rating: ptr(1900 - 100*i)}, {Name: ptr(fixturePlayers[2*i+1]), Rating: ptr(1890 - 100*i)}}
		if _, err := tm.RegisterTeam(ctx, e.ID, teams.TeamInput{Name: ptr("Сборная «" + club + "»"), Players: roster}); err != nil {
			t.Fatal(err)
		}
	}
	if before != nil {
		before(e.ID)
	}
	tr, err := tm.PairNextTeamRound(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.PublishRound(ctx, e.ID, tr.Number); err != nil {
		t.Fatal(err)
	}
	d, err := tm.TeamEventData(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	return tr, d
}

// boardSides are the players and teams of a match's board with White and
// Black, from the match as paired.
func boardSides(t *testing.T, d *teams.TeamEventData, m *teams.Match, b *teams.MatchBoard) (white, black, whiteTeam, blackTeam string) {
	t.Helper()
	home, away := d.Team(m.HomeID), d.Team(m.AwayID)
	name := func(team *teams.Team, id int64) string {
		for _, p := range team.Roster {
			if p.ID == id {
				return p.Name
			}
		}
		t.Fatalf("player %d is not on the roster of %s", id, team.Name)
		return ""
	}
	white, black, whiteTeam, blackTeam = name(home, b.HomePlayerID), name(away, b.AwayPlayerID), home.Name, away.Name
	if !b.HomeWhite() {
		white, black, whiteTeam, blackTeam = black, white, blackTeam, whiteTeam
	}
	return white, black, whiteTeam, blackTeam
}

// pdnGames splits a PDN file into its games, each from its Event tag on.
func pdnGames(pdn string) []string {
	games := strings.Split(pdn, "[Event ")[1:]
	for i := range games {
		games[i] = "[Event " + games[i]
	}
	return games
}

// A team competition's games.pdn has the games with sheets match by match,
// board by board: each with the round, its board within the match, its
// players and their teams (WhiteTeam, BlackTeam: home has White on board
// 1, Black on board 2), the moves and the result. On both databases.
func TestTeamPDN(t *testing.T) {
	t.Parallel()
	sheet, err := os.ReadFile(filepath.Join("testdata", "sample-game.txt"))
	if err != nil {
		t.Fatal(err)
	}
	forEachStore(t, func(t *testing.T, st *store.Store) {
		ctx := storetest.Arbiter(t, st)
		svc := tournament.NewService(st, engines.Options())
		tm := teams.NewService(st.Teams(), svc, engines.TeamOptions())
		tr, d := teamPDNEvent(t, ctx, svc, tm, tournament.EventInput{Name: ptr("Командный блиц"), Discipline: ptr("blitz-team"),
			System: ptr("round-robin"), TimeControl: ptr("3+2")}, nil)
		m := &tr.Matches[0]
		for _, b := range m.Boards {
			in := tournament.ResultInput{EventID: d.Event.ID, Round: 1, Board: b.Board, Version: b.Game.Version, EndReason: "final_position", Score: "17:7", Sheet: string(sheet)}
			if _, err := tm.RecordMatchResult(ctx, teams.MatchResultInput{Table: m.Table, ResultInput: in}); err != nil {
				t.Fatal(err)
			}
		}
		var pdn strings.Builder
		skipped, err := New(svc, tm, schedule.NewService(st, nil), knockout.NewService(st.Knockout(), nil), playoff.NewService(st.Playoffs(), svc, nil, nil)).PDN(ctx, &pdn, d.Event.ID)
		if err != nil || len(skipped) != 0 {
			t.Fatalf("a team event's PDN: skipped %+v, %v", skipped, err)
		}
		games := pdnGames(pdn.String())
		if len(games) != 2 {
			t.Fatalf("the PDN has %d games, want the match's two:\n%s", len(games), pdn.String())
		}
		for i, game := range games {
			b := &m.Boards[i]
			white, black, whiteTeam, blackTeam := boardSides(t, d, m, b)
			for _, want := range []string{`[Event "Командный блиц"]`, `[Round "1"]`, fmt.Sprintf(`[Board "%d"]`, b.Board),
				`[White "` + white + `"]`, `[Black "` + black + `"]`, `[WhiteTeam "` + whiteTeam + `"]`, `[BlackTeam "` + blackTeam + `"]`,
				`[Score "17:7"]`, `[Result "2-0"]`, "1. c3-b4 b6-c5"} {
				if !strings.Contains(game, want) {
					t.Errorf("game %d lacks %s:\n%s", i+1, want, game)
				}
			}
		}
	})
}

// A Russian draughts team competition of micro-matches has each board's
// two games in its PDN, from the drawn opening, the second with the colours
// and the teams exchanged, each with its moves after the opening from its
// sheet and its result. On both databases.
func TestTeamMicroMatchPDN(t *testing.T) {
	t.Parallel()
	const sheet = "4. b4:d6 e7:c5 5. g3-h4 f6-g5 6. h4:f6 g7:e5\n1:1 agreement"
	forEachStore(t, func(t *testing.T, st *store.Store) {
		ctx := storetest.Arbiter(t, st)
		svc := tournament.NewService(st, engines.Options())
		tm := teams.NewService(st.Teams(), svc, engines.TeamOptions())
		micro := micromatch.NewService(st.MicroMatches(), nil)
		tr, d := teamPDNEvent(t, ctx, svc, tm, tournament.EventInput{Name: ptr("Командное первенство"), Game: ptr("russian"), Discipline: ptr("rapid-team"),
			System: ptr("swiss"), Rounds: ptr(3), TimeControl: ptr("15+5"), MicroMatch: ptr("round")}, func(eventID int64) {
			// The event's table has opening 1-I alone: the round plays from it.
			if _, err := micro.LoadTable(ctx, eventID, "csv", []byte("1,1-I,a3-b4 b6-a5 b2-a3 a7-b6 a1-b2 d6-c5\n")); err != nil {
				t.Fatal(err)
			}
		})
		m := &tr.Matches[0]
		for _, b := range m.Boards {
			version := b.Game.Version
			for game := 1; game <= 2; game++ {
				g, err := micro.RecordGame(ctx, micromatch.GameInput{EventID: d.Event.ID, Round: 1, Board: b.Game.Board, Game: game, Sheet: sheet, Version: version})
				if err != nil {
					t.Fatal(err)
				}
				version = g.Version
			}
		}
		var pdn strings.Builder
		skipped, err := New(svc, tm, schedule.NewService(st, nil), knockout.NewService(st.Knockout(), nil), playoff.NewService(st.Playoffs(), svc, nil, nil)).PDN(ctx, &pdn, d.Event.ID)
		if err != nil || len(skipped) != 0 {
			t.Fatalf("a team event's PDN: skipped %+v, %v", skipped, err)
		}
		games := pdnGames(pdn.String())
		if len(games) != 4 {
			t.Fatalf("the PDN has %d games, want two boards' two games:\n%s", len(games), pdn.String())
		}
		for i, game := range games {
			b := &m.Boards[i/2]
			white, black, whiteTeam, blackTeam := boardSides(t, d, m, b)
			if i%2 == 1 {
				white, black, whiteTeam, blackTeam = black, white, blackTeam, whiteTeam
			}
			for _, want := range []string{`[Round "1.` + fmt.Sprint(i%2+1) + `"]`, fmt.Sprintf(`[Board "%d"]`, b.Board),
				`[White "` + white + `"]`, `[Black "` + black + `"]`, `[WhiteTeam "` + whiteTeam + `"]`, `[BlackTeam "` + blackTeam + `"]`,
				`[GameType "25"]`, `[Opening "1. 1-I"]`, `[Result "1-1"]`, "b4xd6 e7xc5"} {
				if !strings.Contains(game, want) {
					t.Errorf("game %d lacks %s:\n%s", i+1, want, game)
				}
			}
		}
	})
}

// forEachStore runs a test on a fresh store of every test database.
func forEachStore(t *testing.T, test func(t *testing.T, st *store.Store)) {
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			test(t, st)
		})
	}
}
