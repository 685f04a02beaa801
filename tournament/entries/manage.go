package entries

import (
	"context"
	"fmt"
	"time"

	"adiukh/tournament"
	registration "adiukh/tournament/players"
)

// A player manages their own entry: they withdraw it (WithdrawEntry), at
// once while it is not decided or before round 1, by a request the
// arbiter confirms after it (ConfirmWithdrawal) and the player may take
// back until then (TakeBackWithdrawal); places freed go to the waiting
// list in order (moveUp).

// annotate fills what entries show but do not store: the places on the
// waiting list, in order, and what their players became (readPlayer).
func annotate(all []Entry, players []tournament.Player) {
	numberWaiting(all)
	for i := range all {
		all[i].readPlayer(players)
	}
}

// numberWaiting gives each waiting entry its place on the waiting list.
func numberWaiting(all []Entry) {
	n := 0
	for i := range all {
		if all[i].Status == EntryWaiting {
			n++
			all[i].Position = n
		}
	}
}

// readPlayer fills what became of the entry's player, among the event's
// players: withdrawn from a round, or taken off the start list at the
// desk.
func (en *Entry) readPlayer(players []tournament.Player) {
	if en.PlayerID == 0 {
		return
	}
	p := tournament.FindPlayer(players, en.PlayerID)
	if p != nil {
		en.WithdrawnFrom = p.WithdrawnFrom
	}
	// A withdrawn entry's player may be gone by its own withdrawal.
	en.Removed = p == nil && (en.Status == EntryAccepted || en.Status == EntryWithdrawing)
}

// Live reports whether the entry still stands: its status is live and the
// desk has not taken its player off the start list.
func (en *Entry) Live() bool { return en.Status.Live() && !en.Removed }

// full reports whether a new entry goes to the waiting list: the event
// has places, and its players and the pending entries take every one, or
// entries wait already (a newcomer does not pass them).
func full(set *EntrySettings, players int, all []Entry) bool {
	return placesLeft(set, players, all) == 0
}

// placesLeft is how many places a new entry may still have, -1 for no
// limit: the players and the entries awaiting a decision take theirs, and
// none is left while others wait (issue 60: «осталось 2 места» was shown
// beside «Все места заняты»).
func placesLeft(set *EntrySettings, players int, all []Entry) int {
	if set.Max == 0 {
		return -1
	}
	taken := players
	for _, en := range all {
		switch en.Status {
		case EntryPending:
			taken++
		case EntryWaiting:
			return 0
		}
	}
	return max(set.Max-taken, 0)
}

// withdrawable tells whether the entry's player may withdraw it now, and
// whether that is a request the arbiter confirms: once round 1 is paired
// an accepted player has games, and the arbiter withdraws them from the
// next round.
func withdrawable(e *tournament.Event, paired int, en *Entry) (can, asks bool) {
	switch {
	case en == nil || e.Status == tournament.Finished || e.Status == tournament.Cancelled:
		return false, false
	case en.Decidable():
		return true, false
	case en.Status == EntryAccepted && en.WithdrawnFrom == 0 && !en.Removed:
		return true, paired > 0
	}
	return false, false
}

// moveUp gives the places free to the waiting entries, oldest first: each
// awaits the arbiter now, and its player is told. u is who freed the
// places.
func (s *Service) moveUp(tx Tx, e *tournament.Event, u *tournament.User) ([]tournament.Notice, error) {
	set, err := tx.EntrySettings(e.ID)
	if err != nil {
		return nil, err
	}
	all, err := tx.Entries(e.ID)
	if err != nil {
		return nil, err
	}
	taken, err := tx.CountPlayers(e.ID)
	if err != nil {
		return nil, err
	}
	for _, en := range all {
		if en.Status == EntryPending {
			taken++
		}
	}
	var told []tournament.Notice
	for i := range all {
		en := &all[i]
		if en.Status != EntryWaiting {
			continue
		}
		if set.Max > 0 && taken >= set.Max {
			break
		}
		account, err := tx.UserByID(en.UserID)
		if err != nil {
			return nil, err
		}
		before := *en
		en.Status = EntryPending
		if err := tx.UpdateEntry(en); err != nil {
			return nil, err
		}
		if err := tournament.Audit(tx, s.now(), u, e.ID, ActionEntryMoveUp, fmt.Sprintf("entry %d", en.ID), before, en, ""); err != nil {
			return nil, err
		}
		told = append(told, entryNotice(NoticeMovedUp, account, e, en))
		taken++
	}
	return told, nil
}

// WithdrawEntry takes back the signed-in player's own entry, with their
// reason if they give one. An entry not yet decided is withdrawn at once;
// an accepted one before round 1 too, the player leaving the start list
// (players.LeaveEvent). After round 1 the accepted player has games:
// the withdrawal is a request the arbiter confirms (ConfirmWithdrawal),
// and the arbiter is told. A place freed goes to the first waiting.
func (s *Service) WithdrawEntry(ctx context.Context, eventID, entryID int64, reason string) (*Entry, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to withdraw your entry")
	}
	reason, err := tournament.CleanText("reason", reason, 1000, false)
	if err != nil {
		return nil, err
	}
	var en *Entry
	var told []tournament.Notice
	err = s.updateTelling(ctx, &told, func(tx Tx) error {
		told = nil
		if err := tx.LockEvent(eventID); err != nil {
			return err
		}
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := frozen(e); err != nil {
			return err
		}
		if en, err = findEntry(tx, eventID, entryID, u.ID); err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		en.readPlayer(players)
		paired, err := tx.CountRounds(eventID)
		if err != nil {
			return err
		}
		can, asks := withdrawable(e, paired, en)
		switch {
		case en.Removed:
			return tournament.Conflict("", "the arbiter has taken you off the start list already")
		case en.Status == EntryWithdrawing:
			return tournament.Conflict("", "you have asked to be withdrawn already; the arbiter confirms it")
		case en.Status == EntryDeclined:
			return decidedAlready(en)
		case en.Status == EntryWithdrawn || en.WithdrawnFrom != 0:
			return tournament.Conflict("", "your entry is withdrawn already")
		case !can:
			return tournament.Conflict("", "the event is finished; nothing is withdrawn")
		}
		before := *en
		en.WithdrawReason, en.WithdrawnAt = reason, s.now().UTC()
		if asks {
			en.Status = EntryWithdrawing
			if err := tx.UpdateEntry(en); err != nil {
				return err
			}
			if err := tournament.Audit(tx, s.now(), u, eventID, ActionEntryWithdrawAsk, fmt.Sprintf("entry %d", en.ID), before, en, reason); err != nil {
				return err
			}
			args := []any{"Player", en.Name}
			if reason != "" {
				args = append(args, "Reason", reason)
			}
			told, err = ownerNotice(tx, e, NoticeWithdrawAsked, args...)
			return err
		}
		if en.Status == EntryAccepted {
			if err := registration.LeaveEvent(tx, s.now(), e, u, en.PlayerID, reason); err != nil {
				return err
			}
		}
		en.Status, en.Position = EntryWithdrawn, 0
		if err := tx.UpdateEntry(en); err != nil {
			return err
		}
		if err := tournament.Audit(tx, s.now(), u, eventID, ActionEntryWithdrawn, fmt.Sprintf("entry %d", en.ID), before, en, reason); err != nil {
			return err
		}
		told, err = s.moveUp(tx, e, u)
		return err
	})
	if err != nil {
		return nil, err
	}
	return en, nil
}

// ConfirmWithdrawal carries out a player's request to be withdrawn after
// round 1, for the event's arbiter: the player is withdrawn from the next
// round to pair, as at the desk (players.WithdrawPlayer), for the
// arbiter's reason or else the player's, and is told. A player the desk
// has withdrawn already only has the entry closed.
func (s *Service) ConfirmWithdrawal(ctx context.Context, eventID, entryID int64, reason string) (*Entry, error) {
	reason, err := tournament.CleanText("reason", reason, 1000, false)
	if err != nil {
		return nil, err
	}
	var en *Entry
	var told []tournament.Notice
	err = s.updateTelling(ctx, &told, func(tx Tx) error {
		e, u, found, err := decidable(ctx, tx, eventID, entryID)
		if err != nil {
			return err
		}
		en = found
		if en.Status != EntryWithdrawing {
			return tournament.Conflict("", "%s has asked for no withdrawal; there is nothing to confirm", en.Name)
		}
		if reason == "" {
			reason = en.WithdrawReason
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		// A player the desk withdrew or took off already only has the
		// entry closed.
		en.readPlayer(players)
		if en.WithdrawnFrom == 0 && !en.Removed {
			p, err := registration.WithdrawPlayer(tx, s.now(), e, u, en.PlayerID, reason)
			if err != nil {
				return err
			}
			en.WithdrawnFrom = p.WithdrawnFrom
		}
		account, err := tx.UserByID(en.UserID)
		if err != nil {
			return err
		}
		before := *en
		en.Status, en.DecidedAt = EntryWithdrawn, s.now().UTC()
		if err := tx.UpdateEntry(en); err != nil {
			return err
		}
		told = []tournament.Notice{entryNotice(NoticeWithdrawn, account, e, en, "Round", en.WithdrawnFrom)}
		return tournament.Audit(tx, s.now(), u, eventID, ActionEntryWithdrawConfirm, fmt.Sprintf("entry %d", en.ID), before, en, reason)
	})
	if err != nil {
		return nil, err
	}
	return en, nil
}

// TakeBackWithdrawal takes back the signed-in player's request to be
// withdrawn while the arbiter has not confirmed it: the entry is accepted
// again, and the arbiter, who was told of the request, is told.
func (s *Service) TakeBackWithdrawal(ctx context.Context, eventID, entryID int64) (*Entry, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to withdraw your entry")
	}
	var en *Entry
	var told []tournament.Notice
	err := s.updateTelling(ctx, &told, func(tx Tx) error {
		if err := tx.LockEvent(eventID); err != nil {
			return err
		}
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := frozen(e); err != nil {
			return err
		}
		if en, err = findEntry(tx, eventID, entryID, u.ID); err != nil {
			return err
		}
		if en.Status != EntryWithdrawing {
			return tournament.Conflict("", "you have asked for no withdrawal; there is nothing to take back")
		}
		before := *en
		en.Status, en.WithdrawReason, en.WithdrawnAt = EntryAccepted, "", time.Time{}
		if err := tx.UpdateEntry(en); err != nil {
			return err
		}
		if told, err = ownerNotice(tx, e, NoticeWithdrawTakenBack, "Player", en.Name); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionEntryWithdrawTakeBack, fmt.Sprintf("entry %d", en.ID), before, en, "")
	})
	if err != nil {
		return nil, err
	}
	return en, nil
}

// ownerNotice tells the event's owner, its arbiter, of a player's request;
// none when the owner's account is gone.
func ownerNotice(tx Tx, e *tournament.Event, kind string, args ...any) ([]tournament.Notice, error) {
	arbiter, err := tx.UserByID(e.OwnerID)
	if tournament.ErrorCode(err) == tournament.ENOTFOUND {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	args = append([]any{"Event", e.Name, "Link", entriesLink(e)}, args...)
	return []tournament.Notice{{UserID: arbiter.ID, EventID: e.ID, To: arbiter.Email, Locale: arbiter.Locale, Kind: kind, Args: args}}, nil
}

// CloseWaitingLists closes the waiting lists of the events that have
// started: round 1 paired, no place freed before, each entry still waiting
// is out, and its player is told (in the site's inbox, and by mail). A
// cancelled event's waiting list was told by the cancellation and keeps
// its entries as they were. The scheduler runs it, on every instance: each
// event is locked while its list is closed, so that a player is told once.
// It returns how many entries it closed.
func (s *Service) CloseWaitingLists(ctx context.Context) (int, error) {
	var events []int64
	err := s.store.View(ctx, func(tx Tx) (err error) {
		events, err = tx.EventsWaiting()
		return err
	})
	if err != nil {
		return 0, err
	}
	closed := 0
	for _, id := range events {
		var n int
		var told []tournament.Notice
		err := s.updateTelling(ctx, &told, func(tx Tx) (err error) {
			n, told, err = s.closeWaitingList(tx, id)
			return err
		})
		if err != nil {
			return closed, err
		}
		closed += n
	}
	return closed, nil
}

// closeWaitingList closes the waiting list of event id when the event has
// started, returning how many entries it closed and the notices to their
// players.
func (s *Service) closeWaitingList(tx Tx, id int64) (int, []tournament.Notice, error) {
	if err := tx.LockEvent(id); err != nil {
		return 0, nil, err
	}
	e, err := tx.Event(id)
	if err != nil {
		return 0, nil, err
	}
	if e.Status == tournament.Registration || e.Status == tournament.Cancelled {
		return 0, nil, nil
	}
	all, err := tx.Entries(id)
	if err != nil {
		return 0, nil, err
	}
	var told []tournament.Notice
	n := 0
	for i := range all {
		en := &all[i]
		if en.Status != EntryWaiting {
			continue
		}
		account, err := tx.UserByID(en.UserID)
		if err != nil {
			return 0, nil, err
		}
		before := *en
		en.Status, en.Position = EntryLapsed, 0
		if err := tx.UpdateEntry(en); err != nil {
			return 0, nil, err
		}
		if err := tournament.Audit(tx, s.now(), nil, id, ActionEntryLapse, fmt.Sprintf("entry %d", en.ID), before, en, ""); err != nil {
			return 0, nil, err
		}
		told = append(told, entryNotice(NoticeLapsed, account, e, en))
		n++
	}
	return n, told, nil
}
