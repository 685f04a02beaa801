package correspondence_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// slowCommits counts the write transactions of the correspondence store
// and makes each take a while longer, as a flush to a slow disk does: long
// enough that the other players' writes, their reads done first, queue
// behind it even on a loaded machine (at 30 ms, a suite running beside it
// spread eight of them over six commits). Only once slow is set: the
// section's making before is not what is measured.
type slowCommits struct {
	correspondence.Store
	updates atomic.Int64
	slow    atomic.Bool
}

func (s *slowCommits) Update(ctx context.Context, fn func(tx correspondence.Tx) error) error {
	s.updates.Add(1)
	if s.slow.Load() {
		time.Sleep(250 * time.Millisecond)
	}
	return s.Store.Update(ctx, fn)
}

// The live games' writes that come while one commits are committed
// together in the next transaction, not one transaction each: eight
// players showing up at once in eight games take two or three, and each
// is kept.
func TestLiveWritesCommitTogether(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			clk := &clock{now: t0}
			counted := &slowCommits{Store: st.Correspondence()}
			svc := correspondence.NewService(counted, correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now})
			sec, games := liveEvent(t, st, svc, clk, 16, "5+3", time.Time{})
			counted.updates.Store(0)
			counted.slow.Store(true)
			var wg sync.WaitGroup
			for _, g := range games {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := svc.Present(sec.as(g.WhiteID), g.ID); err != nil {
						t.Errorf("game %d opened by White: %v", g.ID, err)
					}
				}()
			}
			wg.Wait()
			if n := counted.updates.Load(); n > 4 {
				t.Errorf("%d players showing up at once took %d write transactions, want at most 4", len(games), n)
			}
			for _, g := range games {
				read, err := svc.Game(sec.ctx, g.ID)
				if err != nil || read.Shown[rules.White].IsZero() {
					t.Errorf("game %d read back: White shown %v (%v), want shown", g.ID, read.Shown[rules.White], err)
				}
			}
		})
	}
}
