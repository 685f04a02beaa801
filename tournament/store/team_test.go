package store_test

import (
	"context"
	"reflect"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/store"
	"adiukh/tournament/teams"
)

// seedTeams stores two teams of two players each, the second with a
// reserve, in the event of seedEvent.
func seedTeams(t *testing.T, st *store.Store, e *tournament.Event) []teams.Team {
	t.Helper()
	entered := []teams.Team{
		{EventID: e.ID, StartNo: 1, Name: "Адыгея", Club: "Майкоп", City: "Майкоп", Captain: "Хуаде А.",
			Roster: []tournament.Player{{Name: "Хуаде Аслан", Rating: 1900}, {Name: "Тлехас Мурат", Rating: 1800}}},
		{EventID: e.ID, StartNo: 2, Name: "Кубань", Club: "Краснодар",
			Roster: []tournament.Player{{Name: "Ёлкин Пётр", Rating: 1700}, {Name: "Smith John", Rating: 1600}, {Name: "Нехай Бэла", Rating: 1500}}},
	}
	updateTeams(t, st, func(tx teams.Tx) error {
		no := 0
		for i := range entered {
			for j := range entered[i].Roster {
				no++
				p := &entered[i].Roster[j]
				p.EventID, p.StartNo, p.FirstRound = e.ID, no, 1
				if err := tx.CreatePlayer(p); err != nil {
					return err
				}
			}
			if err := tx.CreateTeam(&entered[i]); err != nil {
				return err
			}
		}
		return nil
	})
	return entered
}

func TestTeamsRoundTrip(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st)
		want := seedTeams(t, st, e)
		updateTeams(t, st, func(tx teams.Tx) error {
			got, err := tx.Teams(e.ID)
			if err != nil {
				return err
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("stored teams\n%+v\nread back as\n%+v", want, got)
			}
			got[0].StartNo, got[1].StartNo, got[1].Captain, got[1].WithdrawnFrom = 2, 1, "Ёлкин П.", 3
			for i := range got {
				if err := tx.UpdateTeam(&got[i]); err != nil {
					return err
				}
			}
			again, err := tx.Teams(e.ID)
			if err != nil {
				return err
			}
			if again[0].Name != "Кубань" || again[0].Captain != "Ёлкин П." || again[0].WithdrawnFrom != 3 || len(again[0].Roster) != 3 {
				t.Errorf("after renumbering, team 1 = %+v, want Кубань with its captain, withdrawn from round 3, and 3 players", again[0])
			}
			return nil
		})
	})
}

func TestTeamSettingsRoundTrip(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st)
		want := &teams.TeamSettings{Boards: 6, MatchWin: 3, MatchDraw: 1, MatchLoss: 0, MatchBye: 3, Ranking: teams.ByGamePoints,
			TieBreaks: []string{"match-points", "direct-encounter", "board-count"}, ColourPreferences: teams.PreferencesB}
		updateTeams(t, st, func(tx teams.Tx) error {
			if _, found, err := tx.TeamSettings(e.ID); found || err != nil {
				t.Errorf("settings of a new event: found %v, error %v; want none", found, err)
			}
			if err := tx.SaveTeamSettings(e.ID, want); err != nil {
				return err
			}
			want.Boards = 4
			return tx.SaveTeamSettings(e.ID, want)
		})
		updateTeams(t, st, func(tx teams.Tx) error {
			got, found, err := tx.TeamSettings(e.ID)
			if !found || !reflect.DeepEqual(got, want) {
				t.Errorf("settings read back as %+v (found %v), want %+v", got, found, want)
			}
			return err
		})
	})
}

// TestMatchesAndLineups stores a round of one match and a bye, changes a
// board's players and game, and deletes the round with everything in it.
func TestMatchesAndLineups(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st)
		entered := seedTeams(t, st, e)
		home, away := entered[0].Roster, entered[1].Roster
		round := &tournament.Round{EventID: e.ID, Number: 1, Status: tournament.Draft, Games: []tournament.Game{
			{Board: 1, WhiteID: home[0].ID, BlackID: away[0].ID, WhiteNo: 1, BlackNo: 3},
		}}
		matches := []teams.Match{
			{Table: 1, HomeID: entered[0].ID, AwayID: entered[1].ID, Boards: []teams.MatchBoard{
				{Board: 1, HomePlayerID: home[0].ID, AwayPlayerID: away[0].ID},
				{Board: 2, HomePlayerID: home[1].ID},
			}},
			{Table: 2, HomeID: entered[1].ID},
		}
		updateTeams(t, st, func(tx teams.Tx) error {
			if err := tx.CreateRound(round); err != nil {
				return err
			}
			return tx.CreateMatches(round.ID, matches)
		})
		var game tournament.Game
		updateTeams(t, st, func(tx teams.Tx) error {
			got, err := tx.Matches(e.ID)
			if err != nil {
				return err
			}
			matches[0].HomeNo, matches[0].AwayNo, matches[1].HomeNo = 1, 2, 2
			if !reflect.DeepEqual(got, matches) {
				t.Errorf("stored matches\n%+v\nread back as\n%+v", matches, got)
			}
			// Board 2 gains its away player, and with it a game.
			board := got[0].Boards[1]
			board.AwayPlayerID = away[2].ID
			if err := tx.UpdateMatchBoard(got[0].ID, &board); err != nil {
				return err
			}
			game = tournament.Game{RoundID: round.ID, Board: 2, WhiteID: away[2].ID, BlackID: home[1].ID}
			if err := tx.CreateGame(&game); err != nil {
				return err
			}
			// Board 1 gets another away player.
			g := round.Games[0]
			g.BlackID = away[1].ID
			return tx.UpdateGamePlayers(&g)
		})
		updateTeams(t, st, func(tx teams.Tx) error {
			got, err := tx.Matches(e.ID)
			if err != nil {
				return err
			}
			if got[0].Boards[1].AwayPlayerID != away[2].ID {
				t.Errorf("board 2 away player = %d, want %d", got[0].Boards[1].AwayPlayerID, away[2].ID)
			}
			rounds, err := tx.Rounds(e.ID)
			if err != nil {
				return err
			}
			games := rounds[0].Games
			if len(games) != 2 || games[0].BlackID != away[1].ID || games[0].Version != 2 || games[1].ID != game.ID || games[1].Version != 1 {
				t.Errorf("games after the line-up change = %+v", games)
			}
			stale := games[0]
			stale.Version = 1
			if err := tx.UpdateGamePlayers(&stale); tournament.ErrorCode(err) != tournament.ECONFLICT {
				t.Errorf("players of a stale game version: error %v, want ECONFLICT", err)
			}
			if err := tx.DeleteGame(&games[1]); err != nil {
				return err
			}
			return tx.DeleteRound(&rounds[0])
		})
		updateTeams(t, st, func(tx teams.Tx) error {
			got, err := tx.Matches(e.ID)
			if len(got) != 0 {
				t.Errorf("a deleted round left %d matches", len(got))
			}
			return err
		})
	})
}

// TestRemovedPlayerLeavesRoster checks that removing a player (before round
// 1) takes them off their roster too.
func TestRemovedPlayerLeavesRoster(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st)
		entered := seedTeams(t, st, e)
		if err := st.Update(context.Background(), func(tx tournament.Tx) error { return tx.DeletePlayer(&entered[1].Roster[2]) }); err != nil {
			t.Fatal(err)
		}
		updateTeams(t, st, func(tx teams.Tx) error {
			got, err := tx.Teams(e.ID)
			if len(got) == 2 && len(got[1].Roster) != 2 {
				t.Errorf("roster after removing a player = %+v, want 2 players", got[1].Roster)
			}
			return err
		})
	})
}

// A player moved from the middle of a roster leaves no gap behind and
// comes last on the other roster.
func TestMoveToRoster(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		_, e := seedEvent(t, st)
		entered := seedTeams(t, st, e)
		updateTeams(t, st, func(tx teams.Tx) error {
			moved := entered[1].Roster[0]
			if err := tx.MoveToRoster(&entered[1], &entered[0], &moved); err != nil {
				return err
			}
			got, err := tx.Teams(e.ID)
			if err != nil {
				return err
			}
			var names [2][]string
			for i := range got {
				for _, p := range got[i].Roster {
					names[i] = append(names[i], p.Name)
				}
			}
			want := [2][]string{{"Хуаде Аслан", "Тлехас Мурат", "Ёлкин Пётр"}, {"Smith John", "Нехай Бэла"}}
			if !reflect.DeepEqual(names, want) {
				t.Errorf("rosters after the move: %v, want %v", names, want)
			}
			if !reflect.DeepEqual(got[0].Roster, entered[0].Roster) || !reflect.DeepEqual(got[1].Roster, entered[1].Roster) {
				t.Errorf("the teams in memory differ from the stored ones")
			}
			return nil
		})
	})
}

func updateTeams(t *testing.T, st *store.Store, fn func(tx teams.Tx) error) {
	t.Helper()
	if err := st.Teams().Update(context.Background(), fn); err != nil {
		t.Fatal(err)
	}
}
