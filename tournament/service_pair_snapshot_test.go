package tournament_test

import (
	"context"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store/storetest"
)

// heldEngine is a Swiss engine that pairs like the real one but waits, once
// it has the snapshot, until the test lets it go: a long pairing of a big
// open, made as long as the test needs.
type heldEngine struct {
	started chan struct{}
	release chan struct{}
}

func holdSwiss(opt tournament.Options) (tournament.Options, *heldEngine) {
	h := &heldEngine{started: make(chan struct{}, 1), release: make(chan struct{})}
	real := opt.Pairing[tournament.Swiss]
	pairing := map[tournament.System]tournament.PairFunc{}
	for sys, f := range opt.Pairing {
		pairing[sys] = f
	}
	pairing[tournament.Swiss] = func(in tournament.PairingInput) ([]tournament.Pairing, error) {
		h.started <- struct{}{}
		<-h.release
		return real(in)
	}
	opt.Pairing = pairing
	return opt, h
}

// pairInBackground starts pairing the next round and returns once the
// engine holds its snapshot; the pairing's answer comes on the channel.
func (h *heldEngine) pairInBackground(t *testing.T, ctx context.Context, svc *tournament.Service, eventID int64) <-chan error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := svc.PairNextRound(ctx, eventID)
		done <- err
	}()
	select {
	case <-h.started:
	case err := <-done:
		t.Fatalf("pairing ended before the engine ran: %v", err)
	}
	return done
}

// within fails the test when f has not returned while the pairing is held:
// it then waits for the pairing, as everything did before.
func within(t *testing.T, what string, f func() error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s during a pairing: %v", what, err)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("%s waited for the pairing to end", what)
	}
}

func TestPairingHoldsNoLock(t *testing.T) {
	t.Parallel()
	opt, held := holdSwiss(engines.Options())
	forEachService(t, opt, func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, _ := storetest.Event(t, ctx, svc, "swiss", 5, "Абрегов", "Берсиров", "Ёлкин", "Жуков")
		done := held.pairInBackground(t, ctx, svc, e.ID)
		within(t, "reading the players", func() error { _, err := svc.Players(ctx, e.ID); return err })
		within(t, "reading the standings", func() error { _, err := svc.Standings(ctx, e.ID, 0); return err })
		within(t, "changing the event's name", func() error {
			_, err := svc.UpdateEvent(ctx, e.ID, tournament.EventInput{Name: ptr("Кубок Адыгеи")}, "")
			return err
		})
		held.release <- struct{}{}
		if err := <-done; tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Fatalf("pairing after the event changed meanwhile: %v; want ECONFLICT", err)
		}
		if rounds, err := svc.Rounds(ctx, e.ID); err != nil || len(rounds) != 0 {
			t.Fatalf("after the refused pairing: %d rounds, %v; want none", len(rounds), err)
		}

		done = held.pairInBackground(t, ctx, svc, e.ID)
		held.release <- struct{}{}
		if err := <-done; err != nil {
			t.Fatalf("pairing again: %v", err)
		}
		r, err := svc.Round(ctx, e.ID, 1)
		if err != nil || len(r.Games) != 2 {
			t.Fatalf("round 1: %+v, %v; want two boards", r, err)
		}
	})
}

func TestPairingRefusesAPlayerRegisteredMeanwhile(t *testing.T) {
	t.Parallel()
	opt, held := holdSwiss(engines.Options())
	forEachService(t, opt, func(t *testing.T, ctx context.Context, svc *tournament.Service) {
		e, _ := storetest.Event(t, ctx, svc, "swiss", 5, "Абрегов", "Берсиров", "Ёлкин", "Жуков")
		done := held.pairInBackground(t, ctx, svc, e.ID)
		within(t, "registering a player", func() error {
			_, err := registration.NewService(svc).RegisterPlayer(ctx, e.ID, tournament.PlayerInput{Name: ptr("Хуаде"), Rating: ptr(1500)})
			return err
		})
		held.release <- struct{}{}
		if err := <-done; tournament.ErrorCode(err) != tournament.ECONFLICT {
			t.Fatalf("pairing that missed a late entry: %v; want ECONFLICT", err)
		}
		done = held.pairInBackground(t, ctx, svc, e.ID)
		held.release <- struct{}{}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		r, err := svc.Round(ctx, e.ID, 1)
		if err != nil || len(r.Games) != 3 {
			t.Fatalf("round 1 of five players: %+v, %v; want two boards and the bye", r, err)
		}
	})
}
