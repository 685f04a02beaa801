package composition

import (
	"context"
	"fmt"

	"adiukh/tournament"
)

// Notice kinds of composition contests, worded by the catalogue's
// "notice.subject.<kind>" and "notice.body.<kind>".
const (
	NoticeAwardProvisional = "award-provisional" // Event, Link
	NoticeAwardFinal       = "award-final"       // Event, Link
	NoticeClaimUpheld      = "claim-upheld"      // Event, Link, Code, Reason
	NoticeClaimRejected    = "claim-rejected"    // Event, Link, Code, Reason
)

// notify hands notices to the notifier, if any, once the change they tell
// of is kept with them in the authors' inboxes (tournament.Tell).
func (s *Service) notify(ctx context.Context, notices []tournament.Notice) {
	if s.notifier == nil {
		return
	}
	for _, n := range notices {
		s.notifier(ctx, n)
	}
}

// entriesLink is the author's entries page, where the award's honours and
// the claims' decisions are shown.
func entriesLink(eventID int64) string { return fmt.Sprintf("/events/%d/contest/entries", eventID) }

// awardNotices tell every author with an entry standing in the contest
// (not withdrawn) that the award is published: one notice per author.
func awardNotices(tx Tx, eventID int64, kind string) ([]tournament.Notice, error) {
	e, err := tx.Event(eventID)
	if err != nil {
		return nil, err
	}
	works, err := tx.Works(eventID)
	if err != nil {
		return nil, err
	}
	var out []tournament.Notice
	told := map[int64]bool{}
	for _, w := range works {
		if w.Withdrawn || told[w.AuthorID] {
			continue
		}
		told[w.AuthorID] = true
		a, err := tx.User(w.AuthorID)
		if err != nil {
			return nil, err
		}
		out = append(out, tournament.Notice{UserID: a.ID, EventID: eventID, To: a.Email, Locale: a.Locale, Kind: kind,
			Args: []any{"Event", e.Name, "Link", entriesLink(eventID)}})
	}
	return out, nil
}

// claimNotice tells the entry's author the director's decision on a claim
// about it.
func claimNotice(tx Tx, w *Work, cl *Claim) (tournament.Notice, error) {
	e, err := tx.Event(w.EventID)
	if err != nil {
		return tournament.Notice{}, err
	}
	a, err := tx.User(w.AuthorID)
	if err != nil {
		return tournament.Notice{}, err
	}
	kind := NoticeClaimRejected
	if cl.Status == ClaimUpheld {
		kind = NoticeClaimUpheld
	}
	return tournament.Notice{UserID: a.ID, EventID: w.EventID, To: a.Email, Locale: a.Locale, Kind: kind,
		Args: []any{"Event", e.Name, "Link", entriesLink(w.EventID), "Code", w.Code, "Reason", cl.Reason}}, nil
}
