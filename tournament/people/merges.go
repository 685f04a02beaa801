package people

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"adiukh/tournament"
)

// Merge is two persons found to be one: From's players moved to Into, From
// kept aside (MergedInto) so that the merge can be undone.
type Merge struct {
	ID       int64
	From     int64
	Into     int64
	Players  []int64 // the players moved, for the undo
	At       time.Time
	UserID   int64
	UndoneAt time.Time // zero while the merge stands
	// FromStandings and IntoStandings are the two persons' standings in
	// the rating lists before the merge, for the undo.
	FromStandings, IntoStandings []Standing
}

// Standing is a person's published standing in one rating list: the
// rating, the rated games, and whether the rating ever reached 2400 (then
// K is 10 for good).
type Standing struct {
	List    string `json:"list"`
	Rating  int    `json:"rating"`
	Games   int    `json:"games"`
	Reached bool   `json:"reached"`
}

// MergePeople merges the person from into the person into, for an
// administrator, in one transaction: every event player of from links to
// into, so do from's ratings (mergedStandings; the games rated before
// stay in from's history, which into's page shows), from stays aside as
// merged (its page points to into), and the merge is in the register's
// audit log. It returns the merge, which
// UndoMerge takes back.
func (s *Service) MergePeople(ctx context.Context, from, into int64) (*Merge, error) {
	u, err := mayEditPeople(ctx)
	if err != nil {
		return nil, err
	}
	if from == into {
		return nil, tournament.Invalid("into", "a person cannot be merged into themself")
	}
	m := &Merge{From: from, Into: into, At: s.now().UTC(), UserID: u.ID}
	err = s.store.Update(ctx, func(tx Tx) error {
		a, err := tx.Person(from)
		if err != nil {
			return err
		}
		b, err := tx.Person(into)
		if tournament.ErrorCode(err) == tournament.ENOTFOUND {
			return tournament.Invalid("into", "person %d not found", into)
		}
		if err != nil {
			return err
		}
		if a.MergedInto != 0 {
			return tournament.Conflict("", "person %d was merged into person %d already", a.ID, a.MergedInto)
		}
		if b.MergedInto != 0 {
			return tournament.Invalid("into", "person %d was merged into person %d; merge into that one", b.ID, b.MergedInto)
		}
		players, err := tx.PersonPlayers(from)
		if err != nil {
			return err
		}
		for _, p := range players {
			m.Players = append(m.Players, p.ID)
		}
		if err := tx.MovePlayers(m.Players, into); err != nil {
			return err
		}
		if m.FromStandings, err = tx.Standings(from); err != nil {
			return err
		}
		if m.IntoStandings, err = tx.Standings(into); err != nil {
			return err
		}
		standings := mergedStandings(m.IntoStandings, m.FromStandings)
		if len(m.FromStandings) > 0 {
			if err := tx.SetStandings(into, standings); err != nil {
				return err
			}
			if err := tx.SetStandings(from, nil); err != nil {
				return err
			}
		}
		before := *a
		a.MergedInto = into
		if err := tx.UpdatePerson(a); err != nil {
			return err
		}
		if err := tx.CreateMerge(m); err != nil {
			return err
		}
		return s.registerAudit(tx, u, ActionPersonMerge, from, before, map[string]any{"merge": m.ID, "into": into, "players": m.Players, "standings": standings})
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// mergedStandings are the standings of a person kept in a merge: in each
// list where only one of the two has a standing, that one; where both
// have, the rating of the one with more rated games (the kept person's on
// a tie), their games added up, and 2400 reached if either did.
func mergedStandings(into, from []Standing) []Standing {
	out := slices.Clone(into)
	for _, f := range from {
		i := slices.IndexFunc(out, func(s Standing) bool { return s.List == f.List })
		if i < 0 {
			out = append(out, f)
			continue
		}
		k := &out[i]
		if f.Games > k.Games {
			k.Rating = f.Rating
		}
		k.Games += f.Games
		k.Reached = k.Reached || f.Reached
	}
	return out
}

// sameStandings tells whether two persons' standings are the same, in
// whatever order of lists.
func sameStandings(a, b []Standing) bool {
	byList := func(x, y Standing) int { return cmp.Compare(x.List, y.List) }
	return slices.Equal(slices.SortedFunc(slices.Values(a), byList), slices.SortedFunc(slices.Values(b), byList))
}

// MergeIntoFederationID merges the person from into the person with that
// federation ID, the number the rating lists and the person's page show
// (the register's own number appears only in its addresses).
func (s *Service) MergeIntoFederationID(ctx context.Context, from int64, federationID string) (*Merge, error) {
	if _, err := mayEditPeople(ctx); err != nil {
		return nil, err
	}
	federationID = strings.TrimSpace(federationID)
	if federationID == "" {
		return nil, tournament.Invalid("into", "give the federation ID of the person to merge into")
	}
	var into int64
	err := s.store.View(ctx, func(tx Tx) error {
		p, err := tx.PersonByFederationID(federationID)
		if tournament.ErrorCode(err) == tournament.ENOTFOUND {
			return tournament.Invalid("into", "no person has the federation ID %s", federationID)
		}
		if err != nil {
			return err
		}
		into = p.ID
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.MergePeople(ctx, from, into)
}

// UndoMerge takes a merge back, for an administrator: the players it moved
// link to their person again, who is back in the register, and both
// persons' ratings are as before the merge. A merge that moved ratings is
// not undone once the kept person's ratings changed after it.
func (s *Service) UndoMerge(ctx context.Context, mergeID int64) error {
	u, err := mayEditPeople(ctx)
	if err != nil {
		return err
	}
	return s.store.Update(ctx, func(tx Tx) error {
		m, err := tx.Merge(mergeID)
		if err != nil {
			return err
		}
		if err := undoable(tx, m); err != nil {
			return err
		}
		if len(m.FromStandings) > 0 {
			if err := tx.SetStandings(m.Into, m.IntoStandings); err != nil {
				return err
			}
			if err := tx.SetStandings(m.From, m.FromStandings); err != nil {
				return err
			}
		}
		if err := tx.MovePlayers(m.Players, m.From); err != nil {
			return err
		}
		p, err := tx.Person(m.From)
		if err != nil {
			return err
		}
		p.MergedInto = 0
		if err := tx.UpdatePerson(p); err != nil {
			return err
		}
		m.UndoneAt = s.now().UTC()
		if err := tx.UpdateMerge(m); err != nil {
			return err
		}
		return s.registerAudit(tx, u, ActionPersonUnmerge, m.From, map[string]any{"merge": m.ID, "into": m.Into}, p)
	})
}

// undoable says why a merge cannot be undone, nil when it can: it was
// undone already, or it moved ratings and the kept person's changed since.
func undoable(tx Tx, m *Merge) error {
	if !m.UndoneAt.IsZero() {
		return tournament.Conflict("", "merge %d was undone already", m.ID)
	}
	if len(m.FromStandings) > 0 {
		now, err := tx.Standings(m.Into)
		if err != nil {
			return err
		}
		if !sameStandings(now, mergedStandings(m.IntoStandings, m.FromStandings)) {
			return tournament.Conflict("", "the ratings of person %d changed after the merge (a period was closed, or another merge moved ratings to them); the merge can no longer be undone", m.Into)
		}
	}
	return nil
}

// MergeView is a merge as the person page shows it to an administrator:
// the other person of the two, and whether the merge can still be undone
// (Blocked says why not).
type MergeView struct {
	Merge
	From, Into tournament.Person
	CanUndo    bool
	Blocked    error
}

// standingMerges are the merges of a person that stand, as views.
func standingMerges(tx Tx, personID int64) ([]MergeView, error) {
	merges, err := tx.StandingMerges(personID)
	if err != nil {
		return nil, err
	}
	out := make([]MergeView, len(merges))
	for i := range merges {
		m := &merges[i]
		v := MergeView{Merge: *m}
		for _, side := range []struct {
			id int64
			to *tournament.Person
		}{{m.From, &v.From}, {m.Into, &v.Into}} {
			p, err := tx.Person(side.id)
			if err != nil {
				return nil, err
			}
			*side.to = *p
		}
		blocked := undoable(tx, m)
		if blocked != nil && tournament.ErrorCode(blocked) != tournament.ECONFLICT {
			return nil, blocked
		}
		v.Blocked, v.CanUndo = blocked, blocked == nil
		out[i] = v
	}
	return out, nil
}
