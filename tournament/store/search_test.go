package store_test

import (
	"context"
	"fmt"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/search"
	"adiukh/tournament/store"
)

// The search index follows every change of names and finds words by their
// beginning, every word of the query, among the events the reader may see.
func TestSearchIndex(t *testing.T) {
	t.Parallel()
	forEachDB(t, func(t *testing.T, st *store.Store) {
		owner, e := seedEvent(t, st) // "Кубок Адыгеи", Майкоп, public
		private := *e
		private.ID, private.Name, private.City, private.Visibility = 0, "Закрытый кубок", "Адыгейск", tournament.Private
		private.OwnerID = owner.ID
		var players []*tournament.Player
		update(t, st, func(tx tournament.Tx) error {
			if err := tx.CreateEvent(&private); err != nil {
				return err
			}
			for i, name := range []string{"Ёлкин Аслан", "Берсиров Аслан", "Елкина Мира"} {
				p := &tournament.Player{EventID: e.ID, StartNo: i + 1, Name: name}
				if err := tx.CreatePlayer(p); err != nil {
					return err
				}
				players = append(players, p)
			}
			return tx.CreatePlayer(&tournament.Player{EventID: private.ID, StartNo: 1, Name: "Ёлкин Тайный"})
		})
		search := func(words []string, ownerID int64, all bool, offset, limit int) string {
			t.Helper()
			var out string
			err := st.Search().View(context.Background(), func(tx search.Tx) error {
				matches, err := tx.Search(words, ownerID, all, offset, limit)
				out = fmt.Sprint(matches)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		ev, p1, p2, p3 := e.ID, players[0].ID, players[1].ID, players[2].ID
		cases := []struct {
			words         []string
			owner         int64
			all           bool
			offset, limit int
			want          string
		}{
			{[]string{"елк"}, 0, false, 0, 10, fmt.Sprintf("[{%d %d} {%d %d}]", ev, p1, ev, p3)},
			{[]string{"аслан", "елкин"}, 0, false, 0, 10, fmt.Sprintf("[{%d %d}]", ev, p1)},
			{[]string{"аслан"}, 0, false, 1, 1, fmt.Sprintf("[{%d %d}]", ev, p2)},
			{[]string{"кубок"}, 0, false, 0, 10, fmt.Sprintf("[{%d 0}]", ev)},
			{[]string{"кубок"}, owner.ID, false, 0, 10, fmt.Sprintf("[{%d 0} {%d 0}]", private.ID, ev)},
			{[]string{"майкоп"}, 0, false, 0, 10, fmt.Sprintf("[{%d 0}]", ev)},
			{[]string{"елкин", "тайн"}, 0, true, 0, 10, fmt.Sprintf("[{%d %d}]", private.ID, p1+3)},
			{[]string{"ов"}, 0, false, 0, 10, "[]"},
		}
		for _, c := range cases {
			if got := search(c.words, c.owner, c.all, c.offset, c.limit); got != c.want {
				t.Errorf("%v (owner %d, all %v, page %d+%d): %s, want %s", c.words, c.owner, c.all, c.offset, c.limit, got, c.want)
			}
		}
		// Renamed, removed: the index follows.
		update(t, st, func(tx tournament.Tx) error {
			players[0].Name = "Абрегов Аслан"
			if err := tx.UpdatePlayer(players[0]); err != nil {
				return err
			}
			return tx.DeletePlayer(players[2])
		})
		if got := search([]string{"елк"}, 0, false, 0, 10); got != "[]" {
			t.Errorf("after a rename and a removal: %s", got)
		}
		if got := search([]string{"абрег"}, 0, false, 0, 10); got != fmt.Sprintf("[{%d %d}]", ev, p1) {
			t.Errorf("the new name: %s", got)
		}
	})
}
