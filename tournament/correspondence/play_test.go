package correspondence_test

import (
	"errors"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// A refused move is explained in the reader's language, the rules' reason
// included, not only the words around it.
func TestRefusedMoveInReadersLanguage(t *testing.T) {
	st := storetest.Open(t)["sqlite"]
	clk := &clock{now: t0}
	svc := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now})
	sec := newSection(t, st, svc, 2, "10d", correspondence.SettingsInput{})
	games, err := svc.Games(sec.ctx, sec.eventID)
	if err != nil || len(games) != 1 {
		t.Fatalf("games %v, %v", games, err)
	}
	g := games[0]
	for move, want := range map[string]string{
		"c3-c5": "ход 1 (полуход 1): c3-c5 — невозможный ход (ходят белые); возможные ходы: ",
		"d4-e5": "ход 1 (полуход 1): d4-e5: на поле d4 нет фигуры; возможные ходы: ",
	} {
		_, err := svc.Move(sec.as(g.WhiteID), correspondence.MoveInput{GameID: g.ID, Move: move, Ply: 0})
		var e *tournament.Error
		if !errors.As(err, &e) || e.Code != tournament.EINVALID {
			t.Fatalf("%s: %v, want EINVALID", move, err)
		}
		if got := catalog.For(catalog.Russian).Error(e); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want it to start %q", move, got, want)
		}
	}
}
