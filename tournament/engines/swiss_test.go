package engines_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/interchange"
	"adiukh/tournament/pairing/dutch"
	registration "adiukh/tournament/players"
	"adiukh/tournament/review"
	"adiukh/tournament/store"
	"adiukh/tournament/swiss"
	"adiukh/tournament/trf"
)

// swissService is a service over a fresh SQLite file with an arbiter
// signed in (swissStore), the exchange of its events as TRF files and the
// requested byes.
func swissService(t *testing.T) (*tournament.Service, *interchange.Service, *swiss.Service, context.Context) {
	t.Helper()
	st, svc, ctx := swissStore(t)
	return svc, interchange.NewService(st.Interchange(), svc, engines.InterchangeOptions()), swiss.NewService(st, svc, nil), ctx
}

// reviewService is swissService with the review of its rounds.
func reviewService(t *testing.T) (*tournament.Service, *review.Service, context.Context) {
	t.Helper()
	st, svc, ctx := swissStore(t)
	return svc, review.NewService(st.Review(), svc, engines.ReviewOptions()), ctx
}

// swissStore opens a fresh SQLite file with an arbiter: the store, the
// events' service on it and the arbiter's signed-in context.
func swissStore(t *testing.T) (*store.Store, *tournament.Service, context.Context) {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "swiss.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	u := &tournament.User{Email: "arbiter@example.org", Role: tournament.ArbiterRole, Locale: "ru"}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }); err != nil {
		t.Fatal(err)
	}
	return st, tournament.NewService(st, engines.Options()), tournament.NewContextWithUser(context.Background(), u)
}

func ptr[T any](v T) *T { return &v }

// pairedByTRF exports the event and pairs the file with the pure engine,
// as `adiukh pair --trf` does.
func pairedByTRF(t *testing.T, trfs *interchange.Service, ctx context.Context, eventID int64) dutch.Pairing {
	t.Helper()
	var buf bytes.Buffer
	if err := trfs.ExportTRF(ctx, eventID, &buf); err != nil {
		t.Fatal(err)
	}
	f, err := trf.Read(&buf)
	if err != nil {
		t.Fatalf("exported TRF does not read back: %v\n%s", err, buf.String())
	}
	in, err := engines.DutchInputFromTRF(f)
	if err != nil {
		t.Fatal(err)
	}
	p, err := dutch.Pair(in)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// appPairing is a round's pairing by start number, requested byes left out.
func appPairing(r *tournament.Round) dutch.Pairing {
	var p dutch.Pairing
	for _, g := range r.Games {
		switch {
		case g.Result != nil && g.Result.EndReason == tournament.Bye:
			p.Bye = g.WhiteNo
		case g.BlackID != 0:
			p.Boards = append(p.Boards, dutch.Board{White: g.WhiteNo, Black: g.BlackNo})
		}
	}
	return p
}

// TestSwissRoundTrip drives a 5-round Swiss event with a forfeit, a
// requested bye, a withdrawal and a late entry; before each round the
// exported TRF, paired by the pure engine, must give the app's pairing.
func TestSwissRoundTrip(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name           string
		baku, sameClub bool
	}{
		{"plain", false, false},
		{"Baku acceleration", true, false},
		{"same club forbidden", false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc, trfs, byes, ctx := swissService(t)
			runSwissEvent(t, svc, trfs, byes, ctx, tournament.EventInput{Baku: ptr(tc.baku), ForbidSameClub: ptr(tc.sameClub)})
		})
	}
}

// runSwissEvent plays the event of TestSwissRoundTrip with the given Swiss
// options and returns its ID.
func runSwissEvent(t *testing.T, svc *tournament.Service, trfs *interchange.Service, byes *swiss.Service, ctx context.Context, options tournament.EventInput) int64 {
	t.Helper()
	in := options
	in.Name, in.Discipline, in.System, in.Rounds = ptr("Open"), ptr("rapid"), ptr("swiss"), ptr(5)
	e, err := svc.CreateEvent(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	clubs := []string{"Спартак", "", "Динамо"}
	register := func(name string, rating int) *tournament.Player {
		p, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr(name), Rating: ptr(rating), Club: ptr(clubs[rating%3])})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	var players []*tournament.Player
	for i := range 9 {
		players = append(players, register(fmt.Sprintf("Player %c", 'A'+i), 2000-50*i))
	}
	for n := 1; n <= 5; n++ {
		switch n {
		case 2: // a late entry and a requested half-point bye
			register("Late Entry", 1990)
			if _, err := byes.RequestBye(ctx, e.ID, players[2].ID, 2, tournament.HalfByeRequest, "asked"); err != nil {
				t.Fatal(err)
			}
		case 3: // a withdrawal and a requested zero-point bye
			if _, err := registration.NewService(svc).UpdatePlayer(ctx, e.ID, players[4].ID, tournament.PlayerInput{WithdrawFromRound: ptr(3)}, "ill"); err != nil {
				t.Fatal(err)
			}
			if _, err := byes.RequestBye(ctx, e.ID, players[6].ID, 3, tournament.ZeroByeRequest, "asked"); err != nil {
				t.Fatal(err)
			}
		}
		want := pairedByTRF(t, trfs, ctx, e.ID)
		r, err := svc.PairNextRound(ctx, e.ID)
		if err != nil {
			t.Fatalf("round %d: %v", n, err)
		}
		if got := appPairing(r); !slices.Equal(got.Boards, want.Boards) || got.Bye != want.Bye {
			t.Fatalf("round %d: app paired %v, the exported TRF pairs %v", n, got, want)
		}
		if e.ForbidSameClub {
			clubOf := map[int64]string{}
			all, err := svc.Players(ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range all {
				clubOf[p.ID] = p.Club
			}
			for _, g := range r.Games {
				if g.BlackID != 0 && clubOf[g.WhiteID] != "" && clubOf[g.WhiteID] == clubOf[g.BlackID] {
					t.Fatalf("round %d board %d: players %d and %d of %s meet", n, g.Board, g.WhiteNo, g.BlackNo, clubOf[g.WhiteID])
				}
			}
		}
		if _, err := svc.PublishRound(ctx, e.ID, n); err != nil {
			t.Fatal(err)
		}
		r, err = svc.Round(ctx, e.ID, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range r.Games {
			if g.Result != nil {
				continue
			}
			score, reason := []string{"17:7", "12:12", "5:19"}[(g.Board+n)%3], "final_position"
			if n == 1 && g.Board == 2 {
				score, reason = "0:24", "forfeit"
			}
			if reason == "final_position" && score == "12:12" {
				reason = "agreement"
			}
			if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: n, Board: g.Board, Score: score, EndReason: reason, Version: g.Version}); err != nil {
				t.Fatalf("round %d board %d: %v", n, g.Board, err)
			}
		}
	}
	return e.ID
}

// TestTRFImport exports the finished event of TestSwissRoundTrip and imports
// it as a new event: the same players, pairings and outcomes.
func TestTRFImport(t *testing.T) {
	t.Parallel()
	svc, trfs, byes, ctx := swissService(t)
	id := runSwissEvent(t, svc, trfs, byes, ctx, tournament.EventInput{})
	var buf bytes.Buffer
	if err := trfs.ExportTRF(ctx, id, &buf); err != nil {
		t.Fatal(err)
	}
	imported, err := trfs.ImportTRF(ctx, &buf, "")
	if err != nil {
		t.Fatal(err)
	}
	if imported.Rounds != 5 || imported.System != tournament.Swiss || imported.Status != tournament.Running {
		t.Fatalf("imported event = %d rounds, %s, %s; want 5, swiss, running", imported.Rounds, imported.System, imported.Status)
	}
	type game struct {
		white, black int
		outcome      tournament.Outcome
		reason       tournament.EndReason
	}
	games := func(eventID int64) [][]game {
		rounds, err := svc.Rounds(ctx, eventID)
		if err != nil {
			t.Fatal(err)
		}
		var out [][]game
		for _, r := range rounds {
			var gs []game
			for _, g := range r.Games {
				reason := g.Result.EndReason
				if g.Result.Played() {
					reason = "" // a TRF keeps who won, not how
				}
				gs = append(gs, game{g.WhiteNo, g.BlackNo, g.Result.Outcome(), reason})
			}
			slices.SortFunc(gs, func(a, b game) int { return a.white - b.white })
			out = append(out, gs)
		}
		return out
	}
	want, got := games(id), games(imported.ID)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("imported rounds\n%v\nwant\n%v", got, want)
	}
}

func TestTRFImportErrors(t *testing.T) {
	t.Parallel()
	player := func(no int, rounds string) string {
		return fmt.Sprintf("001 %4d      %-33s %4s %3s %11s %-10s %4s %4d  %s", no, fmt.Sprintf("Player %d", no), "", "", "", "", "0.0", 0, rounds)
	}
	for _, tc := range []struct {
		name, file, want string
	}{
		{"bad initial colour", "012 Open\n152 X\n", "line 2, column 5: initial colour"},
		{"bad result letter", player(1, "   2 w Q") + "\n" + player(2, "   1 b 0") + "\n", "line 1, column 99: round 1: unknown result"},
		{"opponent does not name him back", player(1, "   2 w 1") + "\n" + player(2, "0000 - U") + "\n", "round 1: player 1's opponent 2 does not name him back"},
		{"missing start number", "XXR 3\n" + player(1, "") + "\n" + player(3, "") + "\n", "start numbers must run from 1 to 2"},
		{"no players", "012 Open\n", "the TRF file has no players"},
		{"no number of rounds", player(1, "") + "\n", "no number of rounds"},
		{"rating out of range", "XXR 3\n" + fmt.Sprintf("001 %4d      %-33s %4d", 1, "Player 1", 5000) + "\n", "player 1, rating: a rating is between 0 and 4000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, trfs, _, ctx := swissService(t)
			_, err := trfs.ImportTRF(ctx, strings.NewReader(tc.file), "")
			var te *tournament.Error
			if !errors.As(err, &te) || te.Code != tournament.EINVALID || !strings.Contains(te.Message, tc.want) {
				t.Fatalf("ImportTRF error = %v, want EINVALID containing %q", err, tc.want)
			}
		})
	}
}

// TestManualPairingCheck edits a round by hand into a rematch and a second
// bye: both are flagged, stored with the round and written to the audit log.
func TestManualPairingCheck(t *testing.T) {
	t.Parallel()
	svc, rev, ctx := reviewService(t)
	e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Open"), Discipline: ptr("rapid"), System: ptr("swiss"), Rounds: ptr(3)})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if _, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr(fmt.Sprintf("P%d", i)), Rating: ptr(2000 - i)}); err != nil {
			t.Fatal(err)
		}
	}
	r1, err := svc.PairNextRound(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.PublishRound(ctx, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	for _, g := range r1.Games {
		if g.Result == nil {
			if _, err := svc.RecordResult(ctx, tournament.ResultInput{EventID: e.ID, Round: 1, Board: g.Board, Score: "17:7", EndReason: "final_position", Version: g.Version}); err != nil {
				t.Fatal(err)
			}
		}
	}
	first := appPairing(r1)
	if _, err := svc.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	// The round-1 bye gets the bye again, so the other four can only
	// repeat their round-1 games.
	a, b := first.Boards[0].White, first.Boards[0].Black
	var rest []int
	for no := 1; no <= 5; no++ {
		if no != a && no != b && no != first.Bye {
			rest = append(rest, no)
		}
	}
	boards := []review.BoardInput{{WhiteNo: b, BlackNo: a}, {WhiteNo: rest[0], BlackNo: rest[1]}, {WhiteNo: first.Bye}}
	r2, err := rev.EditPairing(ctx, e.ID, 2, boards, "by hand")
	if err != nil {
		t.Fatal(err)
	}
	codes := func(ws []tournament.PairingWarning) []string {
		var out []string
		for _, w := range ws {
			out = append(out, fmt.Sprintf("%d:%s", w.Board, w.Code))
		}
		return out
	}
	want := []string{"1:rematch", "2:rematch", "3:bye_ineligible"}
	if got := codes(r2.Warnings); !slices.Equal(got, want) {
		t.Fatalf("warnings = %v, want %v", got, want)
	}
	stored, err := svc.Round(ctx, e.ID, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := codes(stored.Warnings); !slices.Equal(got, want) {
		t.Fatalf("stored warnings = %v, want %v", got, want)
	}
	// A seat swap is checked too: swapping the colours of board 2 keeps
	// its rematch, and the warnings stay on the round.
	swapped, err := rev.SwapSeats(ctx, e.ID, 2, review.Seat{Board: 2, White: true}, review.Seat{Board: 2}, "colours")
	if err != nil {
		t.Fatal(err)
	}
	if got := codes(swapped.Warnings); !slices.Equal(got, want) {
		t.Fatalf("warnings after a swap = %v, want %v", got, want)
	}
	if _, err := rev.EditPairing(ctx, e.ID, 2, boards, "by hand again"); err != nil {
		t.Fatal(err)
	}
	audit, err := svc.Audit(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	last := audit[len(audit)-1]
	if last.Action != review.ActionRoundEdit || !strings.Contains(last.After, `"code":"rematch"`) || !strings.Contains(last.After, `"code":"bye_ineligible"`) {
		t.Fatalf("last audit entry = %s %s, want the edit with both warnings", last.Action, last.After)
	}
	// A player typed on a board and again as the bye: both warnings about
	// the bye name the bye's board, not the player's first board.
	boards = []review.BoardInput{{WhiteNo: b, BlackNo: a}, {WhiteNo: first.Bye, BlackNo: rest[0]}, {WhiteNo: first.Bye}}
	r2, err = rev.EditPairing(ctx, e.ID, 2, boards, "the bye twice")
	if err != nil {
		t.Fatal(err)
	}
	want = []string{"0:unpaired", "1:rematch", "3:paired_twice", "3:bye_ineligible"}
	if got := codes(r2.Warnings); !slices.Equal(got, want) {
		t.Fatalf("warnings = %v, want %v", got, want)
	}
}
