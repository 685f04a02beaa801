package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/knockout"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store"
)

// export record --game G prints game G of a knockout's match (its number
// in the match, the players as they had the colours in it, its moves), and
// refuses a number the match has not played with the numbers it has.
func TestExportKnockoutMatchGameRecord(t *testing.T) {
	db := filepath.Join(t.TempDir(), "adiukh.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	arbiter := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(arbiter) }); err != nil {
		t.Fatal(err)
	}
	ctx := tournament.NewContextWithUser(context.Background(), arbiter)
	svc := tournament.NewService(st, engines.Options())
	text := func(s string) *string { return &s }
	e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: text("Кубок Адыгеи"), Discipline: text("rapid"), System: text("knockout"), TimeControl: text("15+10"),
		StartDate: text("2026-05-09"), EndDate: text("2026-05-10"), Knockout: &tournament.KnockoutSettings{MatchGames: 2}})
	if err != nil {
		t.Fatal(err)
	}
	names := map[int64]string{}
	for _, name := range []string{"Хуаде Аслан", "Тлехас Мурат", "Шхалахов Руслан", "Ёлкин Пётр"} {
		p, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: &name})
		if err != nil {
			t.Fatal(err)
		}
		names[p.ID] = name
	}
	r, err := svc.PairNextRound(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	board := r.Games[0]
	ko := knockout.NewService(st.Knockout(), nil)
	for number, sheet := range []string{"1. c3-b4 b6-c5\n24:0 (resignation)", "1. c3-d4 f6-e5 2. d4:f6 g7:e5\n0:24 (resignation)"} {
		if _, err := ko.SubmitSheet(ctx, knockout.SheetInput{EventID: e.ID, Round: 1, Board: board.Board, Number: number + 1, Sheet: sheet}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()

	record := func(game string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := run([]string{"export", "record", "--db", db, "--lang", "ru", "--event", fmt.Sprint(e.ID), "--round", "1", "--board", fmt.Sprint(board.Board), "--game", game}, &stdout, &stderr)
		if code != 0 {
			return code, "", stderr.String()
		}
		return code, pdfText(t, stdout.Bytes()), stderr.String()
	}
	code, pdf, stderr := record("2")
	if code != 0 {
		t.Fatalf("game 2's record: exit %d, %s", code, stderr)
	}
	for _, want := range []string{"Партия матча 2", "d4:f6", names[board.BlackID]} {
		if !strings.Contains(pdf, want) {
			t.Errorf("game 2's record lacks %q:\n%s", want, pdf)
		}
	}
	if code, _, stderr := record("3"); code != 1 || !strings.Contains(stderr, fmt.Sprintf("the match of board %d of round 1 has games 1 to 2; got 3", board.Board)) {
		t.Errorf("game 3 of a match of two games: exit %d, %s; want the match's games named", code, stderr)
	}
}
