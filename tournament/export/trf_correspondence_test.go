package export

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/interchange"
	"adiukh/tournament/store"
	"adiukh/tournament/teams"
)

// TestTRFOfARunningCorrespondenceSection: a correspondence section plays
// all its rounds at once and counts each game when it ends. Its TRF,
// read back by adiukh's own import, is a correspondence section again
// whose standings are the same: the finished games' points counted, the
// games still played paired and without a result.
func TestTRFOfARunningCorrespondenceSection(t *testing.T) {
	t.Parallel()
	f := newDocFixture(t)
	st, err := store.Open(filepath.Join(t.TempDir(), "correspondence.db"))
	f.must(err)
	t.Cleanup(func() { st.Close() })
	f.must(st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(tournament.UserFromContext(f.ctx)) }))
	opt := engines.Options()
	f.svc = tournament.NewService(st, opt)
	f.teams = teams.NewService(st.Teams(), f.svc, engines.TeamOptions())
	f.trfs = interchange.NewService(st.Interchange(), f.svc, engines.InterchangeOptions())
	corr := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: opt.Pairing})
	e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Заочный чемпионат"), Discipline: ptr("correspondence"), System: ptr("round-robin"), TimeControl: ptr("50d/10")})
	f.must(err)
	for i, p := range f.players(e.ID, 4) {
		u := &tournament.User{Email: fmt.Sprintf("player%d@example.org", i), Name: p.Name, Role: tournament.PlayerRole}
		f.must(st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(u) }))
		f.must(f.svc.LinkPlayer(f.ctx, e.ID, p.ID, u.Email))
	}
	games, err := corr.Start(f.ctx, e.ID)
	f.must(err)
	// Round 1's first game, round 2's second and round 3's first end;
	// the others are still played.
	for _, end := range []struct{ round, board int }{{1, 1}, {2, 2}, {3, 1}} {
		for _, g := range games {
			if g.Round == end.round && g.Board == end.board {
				_, err := corr.Decide(f.ctx, correspondence.DecisionInput{GameID: g.ID, Score: "24:0", EndReason: "resignation", Reason: "сдача по переписке"})
				f.must(err)
			}
		}
	}
	before, err := f.teams.CrosstableAfter(f.ctx, e.ID, 0)
	f.must(err)
	if !before.Standings.EveryFinishedGame {
		t.Fatalf("the running section's standings do not count every finished game: %+v", before.Standings)
	}
	var file bytes.Buffer
	f.must(f.exporter().TRF(f.ctx, &file, e.ID))
	back, err := f.trfs.ImportTRF(f.ctx, bytes.NewReader(file.Bytes()), "")
	if err != nil {
		t.Fatalf("adiukh cannot read its own TRF: %v\n%s", err, file.String())
	}
	after, err := f.teams.CrosstableAfter(f.ctx, back.ID, 0)
	f.must(err)
	if back.Discipline != tournament.Correspondence || back.TimeControl != e.TimeControl {
		t.Errorf("read back as %s, %v; want %s, %v", back.Discipline, back.TimeControl, tournament.Correspondence, e.TimeControl)
	}
	total := 0.0
	for i, want := range before.Rows {
		got := after.Rows[i]
		total += got.Score
		if got.Player.StartNo != want.Player.StartNo || got.Score != want.Score || got.Rank != want.Rank {
			t.Errorf("player %d read back with %g points, place %d; want %g, place %d\n%s", want.Player.StartNo, got.Score, got.Rank, want.Score, want.Rank, file.String())
		}
		for r, cell := range want.Games {
			if back := got.Games[r]; back.OpponentNo != cell.OpponentNo || (back.Result == nil) != (cell.Result == nil) {
				t.Errorf("player %d, round %d read back against %d (result %v); want against %d (result %v)", want.Player.StartNo, r+1, back.OpponentNo, back.Result, cell.OpponentNo, cell.Result)
			}
		}
	}
	if total != 3*e.Scoring.Win {
		t.Errorf("%g points read back, want the three finished games' %g\n%s", total, 3*e.Scoring.Win, file.String())
	}
}
