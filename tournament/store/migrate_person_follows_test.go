package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"adiukh/tournament/entries"
	"adiukh/tournament/store/storetest"
)

// The follows of players linked to a person become follows of the person,
// once however many of the person's players were followed; the follows of
// events and of players of no person stay as they were.
func TestPersonFollowsMigration(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			exec, open := olderDatabase(t, dsn, "20261125222234-calendar-tokens")
			at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
			for id := 1; id <= 2; id++ {
				olderEvent(exec, id, "rapid", "8+4", "running")
			}
			// Players 1 and 3 are person 7 in events 1 and 2; player 2 is
			// of no person.
			for _, p := range []struct{ id, event, person int }{{1, 1, 7}, {2, 1, 0}, {3, 2, 7}} {
				exec(`INSERT INTO players (id, event_id, start_no, name, rating, birth_year, club, city, federation_id, first_round, withdrawn_from, person_id)
					VALUES (?, ?, ?, 'Игрок', 0, 0, '', '', '', 1, 0, ?)`, p.id, p.event, p.id, p.person)
			}
			for i, f := range []struct{ event, player int }{{1, 0}, {1, 1}, {1, 2}, {2, 3}} {
				exec(`INSERT INTO follows (user_id, event_id, player_id, created_at) VALUES (1, ?, ?, ?)`, f.event, f.player, at.Add(time.Duration(i)*time.Hour))
			}
			err := open().Entries().View(context.Background(), func(tx entries.Tx) error {
				follows, err := tx.Follows(1)
				if err != nil {
					return err
				}
				var kept []string
				for _, f := range follows {
					kept = append(kept, fmt.Sprintf("%d/%d", f.EventID, f.PlayerID))
				}
				if fmt.Sprint(kept) != "[1/2 1/0]" {
					t.Errorf("follows of events and players %v, want [1/2 1/0]", kept)
				}
				people, err := tx.PersonFollows(1)
				if err != nil {
					return err
				}
				if len(people) != 1 || people[0].PersonID != 7 || !people[0].CreatedAt.Equal(at.Add(time.Hour)) {
					t.Errorf("follows of people %+v, want person 7 once, followed at %v", people, at.Add(time.Hour))
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
