package relay

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"adiukh/tournament"
)

// A polled source is read every PollEvery while it answers; after a
// failed read (no answer, an error status) the wait doubles, up to
// MaxBackoff, and its board shows it silent.
const (
	PollEvery  = 3 * time.Second
	MaxBackoff = 2 * time.Minute
)

// backoff is the wait after failures reads in a row.
func backoff(failures int) time.Duration {
	d := PollEvery
	for i := 0; i < failures && d < MaxBackoff; i++ {
		d *= 2
	}
	return min(d, MaxBackoff)
}

// RunPoller reads the polled sources that are due, every second, until
// ctx ends. Every instance may run it: a board's read is claimed first
// (ClaimPoll), so that one instance reads it, and taking the same feed
// twice changes nothing.
func (s *Service) RunPoller(ctx context.Context) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		s.PollOnce(ctx)
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// PollOnce reads the polled sources due now, each address once (a
// round's address serves its boards at once).
func (s *Service) PollOnce(ctx context.Context) {
	var due []Board
	if err := s.store.View(ctx, func(tx Tx) (err error) {
		due, err = tx.DuePolls(s.now())
		return err
	}); err != nil {
		return
	}
	type source struct {
		eventID    int64
		round      int
		url        string
		wholeRound bool
	}
	groups := map[source][]Board{}
	var order []source
	for _, b := range due {
		k := source{b.EventID, b.Round, b.URL, b.WholeRound}
		if !k.wholeRound {
			k.url = fmt.Sprintf("%s#board-%d", b.URL, b.Board)
		}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], b)
	}
	for _, k := range order {
		boards := groups[k]
		var mine []Board
		for _, b := range boards {
			if ok := s.claimPoll(ctx, b); ok {
				mine = append(mine, b)
			}
		}
		if len(mine) == 0 {
			continue
		}
		text, err := s.fetch(ctx, mine[0].URL)
		s.polled(ctx, mine, text, err)
	}
}

// claimPoll moves the board's next read on by its wait, false when
// another instance did first.
func (s *Service) claimPoll(ctx context.Context, b Board) bool {
	var ok bool
	err := s.store.Update(ctx, func(tx Tx) (err error) {
		ok, err = tx.ClaimPoll(b.ID, b.NextPoll, s.now().Add(backoff(b.Failures)))
		return err
	})
	return err == nil && ok
}

// fetch reads a polled source: its body up to MaxFeedBytes.
func (s *Service) fetch(ctx context.Context, url string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Accept", "application/x-draughts-pdn, text/plain, */*")
	resp, err := s.client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s answered %s", url, resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxFeedBytes+1))
	if err != nil {
		return "", err
	}
	if len(body) > MaxFeedBytes {
		return "", tournament.TooLarge("url", "the file at %s is larger than %d MB", url, MaxFeedBytes>>20)
	}
	return string(body), nil
}

// polled takes what a polled source gave its boards: a failed read counts
// towards the backoff, a file over the bound or without a game stops
// them, each game is taken on its board (a round's file matched by names).
func (s *Service) polled(ctx context.Context, boards []Board, text string, fetchErr error) {
	var changed []*Board
	err := s.store.Update(ctx, func(tx Tx) error {
		for _, was := range boards {
			if err := tx.LockEvent(was.EventID); err != nil {
				return err
			}
			b, err := tx.RelayBoard(was.EventID, was.Round, was.Board)
			if err != nil {
				return err
			}
			if b == nil || b.Source != Poll || b.URL != was.URL {
				continue // the arbiter switched it meanwhile
			}
			switch {
			case tournament.ErrorCode(fetchErr) == tournament.ETOOLARGE:
				if stop(b, 0, stoppedByFeed, tournament.Note("note.relay.too_large", MaxFeedBytes>>20)) {
					b.UpdatedAt = s.now()
					if err := tx.SaveRelayBoard(b); err != nil {
						return err
					}
					changed = append(changed, b)
				}
			case fetchErr != nil:
				b.Failures++
				b.NextPoll = s.now().Add(backoff(b.Failures))
				if err := tx.SaveRelayBoard(b); err != nil {
					return err
				}
				changed = append(changed, b)
			}
		}
		if fetchErr != nil {
			return nil
		}
		e, err := tx.Event(boards[0].EventID)
		if err != nil {
			return err
		}
		a := &access{event: e}
		games := readFeed(e.Game, text)
		if boards[0].WholeRound {
			taken, fed, err := s.feedRound(tx, a, boards[0].Round, Poll, games)
			if err != nil {
				return err
			}
			changed = append(changed, fed...)
			for _, t := range taken {
				// A board whose result is in is read no more.
				if t.Board != 0 && tournament.ErrorCode(t.Err) == tournament.ECONFLICT {
					if err := s.unpoll(tx, Board{EventID: a.event.ID, Round: boards[0].Round, Board: t.Board}); err != nil {
						return err
					}
				}
			}
			return nil
		}
		fg := feedGame{Garbled: true}
		if len(games) == 1 {
			fg = games[0]
		}
		b, err := s.feed(tx, a, boards[0].Round, boards[0].Board, Poll, fg)
		switch {
		case tournament.ErrorCode(err) == "" && err != nil:
			return err
		case err != nil:
			// The board's result is in, or the arbiter switched it
			// meanwhile: its address is read no more.
			return s.unpoll(tx, boards[0])
		}
		changed = append(changed, b)
		return nil
	})
	if err != nil {
		return
	}
	for _, b := range changed {
		s.changed(b)
	}
}

// unpoll stops reading a board's address: the board's relay ended.
func (s *Service) unpoll(tx Tx, was Board) error {
	b, err := tx.RelayBoard(was.EventID, was.Round, was.Board)
	if err != nil || b == nil {
		return err
	}
	b.NextPoll = never
	return tx.SaveRelayBoard(b)
}

// never is the next read of an address that is read no more.
var never = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
