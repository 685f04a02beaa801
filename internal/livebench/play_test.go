package main

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/people"
	"adiukh/tournament/ratings"
	"adiukh/tournament/store"
	"adiukh/tournament/teams"
)

// A move counts as seen only when the opponent's stream carries a
// position at or past it; the mover's own stream does not count, and a
// move no stream carried stays unseen.
func TestSeenOnlyOnTheOpponentsStream(t *testing.T) {
	sent := time.Now()
	g := &game{id: 1, moves: map[int]*sentMove{1: {at: sent, by: "white"}, 2: {at: sent, by: "black"}}}
	res := &results{}
	white := &player{g: g, side: "white", changed: make(chan struct{}, 1)}
	black := &player{g: g, side: "black", changed: make(chan struct{}, 1)}

	read := func(p *player, events string) {
		if err := p.readEvents(strings.NewReader(events), res); err != io.EOF {
			t.Fatalf("readEvents: %v", err)
		}
	}
	read(white, "event: game\nid: 3\ndata: {\"ply\":1,\"status\":\"running\"}\n\n")
	if n := g.unseen(); n != 2 {
		t.Fatalf("after White's own stream carried ply 1: %d moves unseen, want 2", n)
	}
	read(black, "event: game\nid: 3\ndata: {\"ply\":1,\"status\":\"running\"}\n\n")
	if n := g.unseen(); n != 1 || len(res.seen) != 1 {
		t.Fatalf("after Black's stream carried ply 1: %d unseen and %d seen, want 1 and 1", n, len(res.seen))
	}
	if black.version != "3" || black.view().Ply != 1 {
		t.Fatalf("Black's stream left version %q at ply %d, want 3 at ply 1", black.version, black.view().Ply)
	}
	read(white, "event: game\nid: 5\ndata: {\"ply\":4,\"status\":\"running\"}\n\n")
	if n := g.unseen(); n != 0 || len(res.seen) != 2 {
		t.Fatalf("after White's stream carried ply 4: %d unseen and %d seen, want 0 and 2", n, len(res.seen))
	}
}

// The client plays every ply of every game against the application on a
// loopback port, and every move is acknowledged and seen.
func TestPlayAgainstTheServer(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "live.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	setup, err := setUp(ctx, st, 3)
	if err != nil {
		t.Fatal(err)
	}
	corr := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing})
	opt := engines.Options()
	opt.LiveRound = corr.StartLiveRound
	events := tournament.NewService(st, opt)
	srv := httptest.NewServer(api.NewRouter(api.Deps{DB: st, Events: events, Teams: teams.NewService(st.Teams(), events, engines.TeamOptions()), Accounts: account.NewService(st.Accounts()),
		Correspondence: corr, People: people.NewService(st.People(), people.Options{}), Ratings: ratings.NewService(st.Ratings(), ratings.Options{}),
		Entries: entries.NewService(st.Entries(), entries.Options{}), Log: slog.New(slog.NewTextHandler(io.Discard, nil))}))
	defer srv.Close()

	const games, plies = 3, 6
	res, err := play(ctx, setup, playOptions{servers: []string{srv.URL, srv.URL}, plies: plies, thinkMax: 20 * time.Millisecond, grace: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.errors) > 0 || res.stalled > 0 {
		t.Fatalf("errors %v, %d games stalled", res.errors, res.stalled)
	}
	if len(res.ack) != games*plies || len(res.seen) != games*plies || res.unseen != 0 || len(res.open) != 2*games {
		t.Fatalf("%d moves acknowledged, %d seen, %d unseen, %d streams opened; want %d, %d, 0, %d",
			len(res.ack), len(res.seen), res.unseen, len(res.open), games*plies, games*plies, 2*games)
	}
}
