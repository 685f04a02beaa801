package entries

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"adiukh/tournament"
)

// An account's personal calendar is one iCalendar feed of its events (the
// ones it entered, plays in or follows) and of its games, one entry a
// round. Calendar programs fetch it without signing in, so its address
// carries a secret token: only the token's hash is kept, as of API tokens;
// the account makes a new one (the old one then stops working) or revokes
// it from its page.

// FeedTx keeps the tokens of the personal calendar feeds, one per
// account.
type FeedTx interface {
	// SetFeedToken keeps the hash of the account's token, made at at,
	// replacing the one it had.
	SetFeedToken(userID int64, hash string, at time.Time) error
	DeleteFeedToken(userID int64) error
	// FeedTokenUser is the account whose token has the hash; an
	// ENOTFOUND error for none.
	FeedTokenUser(hash string) (int64, error)
	// FeedTokenMade is when the account's token was made; zero without
	// one.
	FeedTokenMade(userID int64) (time.Time, error)
}

// feedTokenPrefix marks the tokens of calendar feeds, so that secret
// scanners and people recognise them.
const feedTokenPrefix = "adkcal_"

func hashFeedToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// NewFeedToken makes the signed-in account a new token of its personal
// calendar feed and returns it; the one it had stops working. It is shown
// once: only its hash is kept.
func (s *Service) NewFeedToken(ctx context.Context) (string, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return "", tournament.Unauthorized("sign in to have a calendar of your own")
	}
	// 256 random bits: a fast hash suffices, as for API tokens.
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("make a calendar token: %w", err)
	}
	token := feedTokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	err := s.store.Update(ctx, func(tx Tx) error { return tx.SetFeedToken(u.ID, hashFeedToken(token), s.now()) })
	if err != nil {
		return "", err
	}
	return token, nil
}

// RevokeFeedToken stops the signed-in account's personal feed: its address
// answers 404 after.
func (s *Service) RevokeFeedToken(ctx context.Context) error {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return tournament.Unauthorized("sign in to have a calendar of your own")
	}
	return s.store.Update(ctx, func(tx Tx) error { return tx.DeleteFeedToken(u.ID) })
}

// FeedTokenMade is when the signed-in account's feed token was made, zero
// without one (or for an anonymous reader).
func (s *Service) FeedTokenMade(ctx context.Context) (time.Time, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return time.Time{}, nil
	}
	var at time.Time
	err := s.store.View(ctx, func(tx Tx) (err error) {
		at, err = tx.FeedTokenMade(u.ID)
		return err
	})
	return at, err
}

// FeedGame is one game of the account's player in a published round, as
// its calendar shows it, revised at each change of its result.
type FeedGame struct {
	Board
	GameID int64
	// Starts is when the game's clocks start, for a round of an event
	// played live on the site (its start set when it was published, or
	// the moment of publishing), or the start the arbiter set for a round
	// played over the board; Ends is when it is likely over. Both are
	// zero for a round whose hour the site does not know.
	Starts, Ends time.Time
	// Day is the day the game is played when Starts is zero: the day its
	// round was published, in the event's time zone (the pairing comes out
	// the day it is played), yet never outside the event's days (a round
	// 1 paired the evening before is played on the first day).
	Day time.Time
	// Revised is when the game last changed for the calendar (its round
	// published, its result entered or corrected), Sequence how many
	// times its result changed since.
	Revised  time.Time
	Sequence int
}

// When is the moment the game is placed at in the calendar: its start,
// else its day.
func (g *FeedGame) When() time.Time {
	if !g.Starts.IsZero() {
		return g.Starts
	}
	return g.Day
}

// expectedMoves is how many moves a side is reckoned to make when a
// game's length is estimated from its clock, as FIDE reckons the length
// of a game with an increment: the base time and 60 increments a side.
const expectedMoves = 60

// gameLength is how long a game under the time control likely lasts: both
// sides' base time and increments; an hour for an event without a clock.
func gameLength(tc tournament.TimeControl) time.Duration {
	side := time.Duration(tc.BaseMinutes)*time.Minute + expectedMoves*time.Duration(tc.IncrementSeconds)*time.Second
	if side == 0 {
		return time.Hour
	}
	return 2 * side
}

// MyFeed is what an account's personal calendar holds.
type MyFeed struct {
	// Owner is the account; its language words the feed.
	Owner tournament.User
	// Events are the events the account entered (and was not declined),
	// plays in or follows, each once; an event made private after it was
	// public is Hidden.
	Events []CalendarItem
	Games  []FeedGame
}

// OwnerName says whose calendar it is: the account's name, else its
// address (an account made without a name).
func (f *MyFeed) OwnerName() string {
	if f.Owner.Name != "" {
		return f.Owner.Name
	}
	return f.Owner.Email
}

// MyFeed reads the personal calendar of the account whose token it is,
// as that account sees the site. An unknown or revoked token is not
// found.
func (s *Service) MyFeed(ctx context.Context, token string) (*MyFeed, error) {
	if !strings.HasPrefix(token, feedTokenPrefix) {
		return nil, tournament.NotFound("no calendar has this address; make a new one on your account page")
	}
	feed := &MyFeed{}
	err := s.store.View(ctx, func(tx Tx) error {
		id, err := tx.FeedTokenUser(hashFeedToken(token))
		if err != nil {
			return err
		}
		owner, err := tx.UserByID(id)
		if err != nil {
			return err
		}
		feed.Owner = *owner
		ctx := tournament.NewContextWithUser(ctx, owner)
		ids, left, err := s.eventsOf(tx, owner.ID)
		if err != nil {
			return err
		}
		links, err := playersOf(tx, owner.ID)
		if err != nil {
			return err
		}
		for _, eventID := range ids {
			snap, err := s.readSnapshot(ctx, tx, eventID)
			if err == nil && snap == nil {
				stored, err := tx.Event(eventID)
				if err == nil && stored.Visibility == tournament.Private && !stored.HiddenAt.IsZero() {
					feed.Events = append(feed.Events, CalendarItem{Event: hiddenView(stored), Hidden: true})
				}
				if err != nil && tournament.ErrorCode(err) != tournament.ENOTFOUND {
					return err
				}
				continue
			}
			if err != nil {
				return err
			}
			item, err := s.calendarItem(tx, snap.event)
			if err != nil {
				return err
			}
			item.Left = left[eventID]
			feed.Events = append(feed.Events, *item)
			for _, l := range links {
				if l.EventID != eventID {
					continue
				}
				games, err := keptOr(snap, partFeed, l.PlayerID, func() ([]FeedGame, error) { return feedGames(tx, snap, l.PlayerID) }, feedCount)
				if err != nil {
					return err
				}
				feed.Games = append(feed.Games, games...)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(feed.Games, func(a, b FeedGame) int {
		return cmp.Or(a.When().Compare(b.When()), cmp.Compare(a.Event.ID, b.Event.ID), cmp.Compare(a.Round, b.Round))
	})
	return feed, nil
}

// eventsOf are the events the account entered (but was declined), plays
// in (playersOf) or follows, by number; left are those of them it is in
// only by an entry withdrawn or lapsed, which its calendar cancels.
func (s *Service) eventsOf(tx Tx, userID int64) (ids []int64, left map[int64]bool, err error) {
	entries, err := tx.EntriesOf(userID)
	if err != nil {
		return nil, nil, err
	}
	left = map[int64]bool{}
	stays := map[int64]bool{}
	for _, en := range entries {
		switch en.Status {
		case EntryDeclined:
			continue
		case EntryWithdrawn, EntryLapsed:
			left[en.EventID] = true
		default:
			stays[en.EventID] = true
		}
		ids = append(ids, en.EventID)
	}
	links, err := playersOf(tx, userID)
	if err != nil {
		return nil, nil, err
	}
	for _, l := range links {
		ids = append(ids, l.EventID)
		stays[l.EventID] = true
	}
	follows, err := tx.Follows(userID)
	if err != nil {
		return nil, nil, err
	}
	for _, f := range follows {
		ids = append(ids, f.EventID)
		stays[f.EventID] = true
	}
	for id := range stays {
		delete(left, id)
	}
	slices.Sort(ids)
	return slices.Compact(ids), left, nil
}

// feedGames are the player's games of the event's published rounds, dated
// and revised from the event's audit log: the round's latest publication
// and the start of its live games after it (else the start its arbiter
// set), the changes of the game's result and of the round's start after
// it. A round whose publication the log does not hold (an event imported
// with its rounds) dates its games on the event's first day, or leaves
// them out without one.
func feedGames(tx Tx, snap *eventSnapshot, playerID int64) ([]FeedGame, error) {
	if len(snap.rounds) == 0 {
		return nil, nil
	}
	// The log of the player's rounds and boards alone: a big event's
	// whole log holds an entry for each of its thousands of results.
	var subjects []string
	for _, r := range snap.rounds {
		game, err := snap.game(playerID, r.Number)
		if err != nil {
			return nil, err
		}
		if game != nil {
			subjects = append(subjects, fmt.Sprintf("round %d", r.Number), fmt.Sprintf("round %d board %d", r.Number, game.Board))
		}
	}
	log, err := tx.AuditOf(snap.event.ID, subjects)
	if err != nil {
		return nil, err
	}
	e := snap.event
	loc := e.Location()
	first, firstErr := time.ParseInLocation(time.DateOnly, e.StartDate, loc)
	last, lastErr := time.ParseInLocation(time.DateOnly, lastDay(e), loc)
	var out []FeedGame
	for _, r := range snap.rounds {
		if r.Status == tournament.Draft {
			continue
		}
		game, err := snap.game(playerID, r.Number)
		if err != nil {
			return nil, err
		}
		b, err := snap.board(playerID, r.Number)
		if err != nil {
			return nil, err
		}
		if b == nil {
			continue
		}
		var published, starts time.Time
		round := "round " + strconv.Itoa(r.Number)
		for _, a := range log {
			switch {
			case a.Subject != round:
			case a.Action == tournament.ActionRoundPublish:
				published, starts = a.At, time.Time{}
			case a.Action == tournament.ActionLiveStart && starts.IsZero():
				starts = liveStart(a)
			}
		}
		if starts.IsZero() {
			// Over the board: the hour the arbiter set, if any.
			starts = r.StartsAt
		}
		g := FeedGame{Board: *b, Revised: published}
		switch {
		case !starts.IsZero():
			g.Starts, g.Ends = starts, starts.Add(gameLength(e.TimeControl))
		case published.IsZero():
			if firstErr != nil {
				continue
			}
			g.Day, g.Revised = first, e.Revised()
		default:
			g.Day = midnight(published.In(loc))
			if firstErr == nil && g.Day.Before(first) {
				g.Day = first
			}
			if lastErr == nil && g.Day.After(last) {
				g.Day = last
			}
		}
		g.GameID = game.ID
		board := fmt.Sprintf("%s board %d", round, b.Board)
		for _, a := range log {
			if (a.Subject == board || a.Subject == round && a.Action == tournament.ActionRoundStart) && a.At.After(g.Revised) {
				g.Revised = a.At
				g.Sequence++
			}
		}
		out = append(out, g)
	}
	return out, nil
}

// liveStart is when the clocks of the live games an audit entry started
// start (the round's set start); zero when the entry does not say.
func liveStart(a tournament.AuditEntry) time.Time {
	var after struct {
		StartsAt time.Time `json:"starts_at"`
	}
	if json.Unmarshal([]byte(a.After), &after) != nil {
		return time.Time{}
	}
	return after.StartsAt
}

// midnight is the start of t's day in t's zone.
func midnight(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}
