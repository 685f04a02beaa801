package entries

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"adiukh/tournament"
)

// ActionEventCancel records an event called off.
const ActionEventCancel = "event.cancel"

// NoticeCancelled tells an event's entrants, players and followers that it
// is called off.
const NoticeCancelled = "event-cancelled" // Event, Link, Reason

// CancelEvent calls the event off: its arbiter says why, and everyone who
// has it in their plans is told, once each: the accounts that entered it
// (but for a declined entry), its players' accounts and the accounts that
// follow it, one of its players or their persons. A finished event has
// its results and stays as it is; so do a composition contest, which
// moves on by its own deadlines, and an event whose games run on the
// server's clocks once they have started. The event keeps its pages,
// shown cancelled, and the calendars show it so; nothing of it changes
// after.
func (s *Service) CancelEvent(ctx context.Context, eventID int64, reason string) (*tournament.Event, error) {
	var e *tournament.Event
	var told []tournament.Notice
	err := s.updateTelling(ctx, &told, func(tx Tx) error {
		old, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		switch {
		case old.Status == tournament.Finished:
			return tournament.Conflict("status", "the event is finished; a finished event keeps its results and cannot be cancelled")
		case old.Discipline == tournament.Composition:
			// A contest moves on by its own deadlines (package
			// composition), which would take it out of its cancellation.
			return tournament.Conflict("discipline", "a composition contest moves on by its deadlines and cannot be cancelled")
		case old.Status == tournament.Running && (old.Discipline.PlayedOnServer() || old.Online):
			return tournament.Conflict("status", "the event's games run on the server's clocks; it cannot be cancelled once they have started")
		}
		if strings.TrimSpace(reason) == "" {
			return tournament.Invalid("reason", "say why the event is cancelled: its entrants and followers are told")
		}
		why, err := tournament.CleanText("reason", reason, 1000, true)
		if err != nil {
			return err
		}
		next := *old
		next.Status, next.CancelReason = tournament.Cancelled, why
		next.Revise(old, s.now())
		if err := tx.UpdateEvent(&next); err != nil {
			return err
		}
		e = &next
		if err := tournament.Audit(tx, s.now(), u, eventID, ActionEventCancel, fmt.Sprintf("event %d", eventID), old.Status, next.Status, why); err != nil {
			return err
		}
		audience, err := s.audience(tx, eventID)
		if err != nil {
			return err
		}
		for _, a := range audience {
			told = append(told, tournament.Notice{UserID: a.ID, EventID: eventID, To: a.Email, Locale: a.Locale, Kind: NoticeCancelled,
				Args: []any{"Event", e.Name, "Link", fmt.Sprintf("/events/%d", eventID), "Reason", why}})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// audience are the accounts that have the event in their plans, each once,
// by their ID: its entrants but the declined, its players' accounts (linked
// to the player or to the player's person of the register) and its
// followers.
func (s *Service) audience(tx Tx, eventID int64) ([]tournament.User, error) {
	var ids []int64
	entries, err := tx.Entries(eventID)
	if err != nil {
		return nil, err
	}
	for _, en := range entries {
		if en.Status != EntryDeclined {
			ids = append(ids, en.UserID)
		}
	}
	players, err := tx.PlayerAccounts(eventID)
	if err != nil {
		return nil, err
	}
	for _, u := range players {
		ids = append(ids, u.ID)
	}
	// A player the arbiter linked to a person of the register plays for
	// the account linked to that person, as the account's page shows
	// (playersOf).
	all, err := tx.Players(eventID)
	if err != nil {
		return nil, err
	}
	for _, p := range all {
		if p.PersonID == 0 {
			continue
		}
		claims, err := tx.Claims(tournament.ClaimConfirmed, 0, p.PersonID)
		if err != nil {
			return nil, err
		}
		for _, c := range claims {
			ids = append(ids, c.UserID)
		}
	}
	followers, err := tx.Followers(eventID)
	if err != nil {
		return nil, err
	}
	ids = append(ids, followers...)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	out := make([]tournament.User, 0, len(ids))
	for _, id := range ids {
		u, err := tx.UserByID(id)
		if tournament.ErrorCode(err) == tournament.ENOTFOUND {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, *u)
	}
	return out, nil
}

// NoticeHidden tells an event's entrants, players and followers that its
// organiser made it private: it is no longer in the calendar, and their
// own pages keep it with a word that it is private.
const NoticeHidden = "event-hidden" // Event, Link

// TellHidden tells everyone who has the event in their plans, once each,
// that it was made private after it was public, as a cancellation is told
// (tournament.Options.Hidden calls it once the change is kept). The link
// is to their own page, which keeps the event; the event's page is no
// longer theirs to read. An event that is not private after being public
// tells nobody, and only its manager tells of it.
func (s *Service) TellHidden(ctx context.Context, eventID int64) error {
	var told []tournament.Notice
	err := s.updateTelling(ctx, &told, func(tx Tx) error {
		e, err := tx.Event(eventID)
		if err != nil {
			return err
		}
		if err := tournament.MayManage(ctx, e); err != nil {
			return err
		}
		if e.Visibility != tournament.Private || e.HiddenAt.IsZero() {
			return nil
		}
		audience, err := s.audience(tx, eventID)
		if err != nil {
			return err
		}
		for _, a := range audience {
			told = append(told, tournament.Notice{UserID: a.ID, EventID: eventID, To: a.Email, Locale: a.Locale, Kind: NoticeHidden, Args: []any{"Event", e.Name, "Link", "/my"}})
		}
		return nil
	})
	if err != nil {
		return err
	}
	return nil
}
