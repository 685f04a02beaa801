package prizelist

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"adiukh/tournament"
	"adiukh/tournament/prizes"
)

// Set keeps the prize list of an event, checked against its players: every
// prize a place from 1 with a known category and an amount not below zero,
// a list's places without gaps and its prizes not growing down the list,
// no more prizes by place than players, every category fitted by as many
// players as it has prizes. An empty list clears the event's. A finished
// event's list stands, as its table does, until the event is reopened.
func (s *Service) Set(ctx context.Context, eventID int64, in Input) (*List, error) {
	var out *List
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := prizesFor(e); err != nil {
			return err
		}
		if err := e.TableOpen("prizes"); err != nil {
			return err
		}
		if err := tx.LockEvent(eventID); err != nil {
			return err
		}
		before, err := tx.PrizeList(eventID)
		if err != nil {
			return err
		}
		if len(in.Prizes) == 0 {
			if before == nil {
				return nil
			}
			if err := tx.DeletePrizeList(eventID); err != nil {
				return err
			}
			return tournament.Audit(tx, s.now(), u, eventID, ActionPrizes, "prizes", before, nil, "")
		}
		l, err := check(in)
		if err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		people, err := persons(tx, players)
		if err != nil {
			return err
		}
		if err := fitted(l, players, people); err != nil {
			return err
		}
		l.EventID, l.SetAt = eventID, s.now().UTC()
		if err := tx.SetPrizeList(l); err != nil {
			return err
		}
		out = l
		return tournament.Audit(tx, s.now(), u, eventID, ActionPrizes, "prizes", before, l, "")
	})
	return out, err
}

// prizesFor refuses an event whose players do not play for prizes of
// money by their places: a team competition ranks teams, a composition
// contest has its award.
func prizesFor(e *tournament.Event) error {
	switch {
	case e.Discipline.IsTeam():
		return tournament.Conflict("", "the prize list gives prizes to the players of an individual event; a team competition ranks teams")
	case e.Discipline == tournament.Composition:
		return tournament.Conflict("", "a composition contest distinguishes its entries in its award, not by a prize list")
	}
	return nil
}

// check reads the prize list: the rule, each prize and each list's places.
func check(in Input) (*List, error) {
	l := &List{Ties: cmp.Or(in.Ties, prizes.Shared), OnePerPlayer: in.OnePerPlayer}
	if !l.Ties.Valid() {
		return nil, tournament.Invalid("ties", "ties are decided %q, %q or %q, not %q", prizes.Shared, prizes.Hort, prizes.TieBreak, in.Ties)
	}
	seen := map[string][]int{} // category → amounts by place, from 1
	var order []Category
	for i, p := range in.Prizes {
		n := i + 1
		c, err := checkCategory(n, p.Category)
		if err != nil {
			return nil, err
		}
		p.Category = c
		switch {
		case p.Place < 1:
			return nil, tournament.Invalid("prizes", "prize %d: a place is numbered from 1, not %d", n, p.Place)
		case p.Place > 10000:
			return nil, tournament.Invalid("prizes", "prize %d: place %d is past any event's players", n, p.Place)
		case p.Amount < 0:
			return nil, tournament.Invalid("prizes", "prize %d: the amount %s is below zero", n, FormatAmount(p.Amount))
		case p.Amount > 1e14:
			return nil, tournament.Invalid("prizes", "prize %d: the amount %s is too large", n, FormatAmount(p.Amount))
		}
		key := c.Key()
		if _, ok := seen[key]; !ok {
			order = append(order, c)
		}
		places := seen[key]
		for len(places) < p.Place {
			places = append(places, -1)
		}
		if places[p.Place-1] >= 0 {
			return nil, tournament.Invalid("prizes", "prize %d: place %d of %s is listed twice", n, p.Place, listName(c))
		}
		places[p.Place-1] = i
		seen[key] = places
		l.Prizes = append(l.Prizes, p)
	}
	for _, c := range order {
		places := seen[c.Key()]
		for place, i := range places {
			if i < 0 {
				return nil, tournament.Invalid("prizes", "%s run from place 1 without a gap; place %d has none", listName(c), place+1)
			}
			if place > 0 && l.Prizes[i].Amount > l.Prizes[places[place-1]].Amount {
				return nil, tournament.Invalid("prizes", "%s: the prize for place %d (%s) is more than for place %d (%s); a list's prizes do not grow down the table",
					listName(c), place+1, FormatAmount(l.Prizes[i].Amount), place, FormatAmount(l.Prizes[places[place-1]].Amount))
			}
		}
	}
	// The prizes by place first, then the categories in the order given,
	// each by place: the order every page and document lists them in.
	slices.SortStableFunc(l.Prizes, func(a, b Prize) int {
		ia := slices.IndexFunc(order, func(c Category) bool { return c.Key() == a.Key() })
		ib := slices.IndexFunc(order, func(c Category) bool { return c.Key() == b.Key() })
		if (a.Kind == "") != (b.Kind == "") {
			if a.Kind == "" {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(ia, ib), cmp.Compare(a.Place, b.Place))
	})
	return l, nil
}

// checkCategory reads prize n's category: a known one with its parameter
// and no other's.
func checkCategory(n int, c Category) (Category, error) {
	if c.Kind == "" {
		if c != (Category{}) {
			return c, tournament.Invalid("prizes", "prize %d: a prize by place in the event takes no birth year, rating, club or region; name its category", n)
		}
		return c, nil
	}
	if !c.Kind.known() {
		return c, tournament.Invalid("prizes", "prize %d: unknown category %q; use women, juniors, veterans, rating, unrated, club or region", n, string(c.Kind))
	}
	var err error
	if c.Club, err = tournament.CleanText("club", c.Club, 100, false); err != nil {
		return c, err
	}
	if c.Region, err = tournament.CleanText("region", c.Region, 100, false); err != nil {
		return c, err
	}
	want := Category{Kind: c.Kind}
	switch c.Kind {
	case Juniors:
		if c.BornFrom < 1900 || c.BornFrom > 2100 {
			return c, tournament.Invalid("prizes", "prize %d: juniors are the players born in or after a year: give it as born_from (such as 2008)", n)
		}
		want.BornFrom = c.BornFrom
	case Veterans:
		if c.BornTo < 1900 || c.BornTo > 2100 {
			return c, tournament.Invalid("prizes", "prize %d: veterans are the players born in or before a year: give it as born_to (such as 1966)", n)
		}
		want.BornTo = c.BornTo
	case Rating:
		if c.RatingBelow < 1 || c.RatingBelow > 4000 {
			return c, tournament.Invalid("prizes", "prize %d: a rating class is the players rated below a rating: give it as rating_below (such as 1800)", n)
		}
		want.RatingBelow = c.RatingBelow
	case Club:
		if c.Club == "" {
			return c, tournament.Invalid("prizes", "prize %d: name the club whose players the prize is for", n)
		}
		want.Club = c.Club
	case Region:
		if c.Region == "" {
			return c, tournament.Invalid("prizes", "prize %d: name the region whose players the prize is for", n)
		}
		want.Region = c.Region
	}
	if c != want {
		return c, tournament.Invalid("prizes", "prize %d: the category %s takes only its own parameter (juniors born_from, veterans born_to, rating rating_below, club club, region region)", n, c.Kind)
	}
	return c, nil
}

// listName names a list in a message: the place prizes, or the category
// with its parameter.
func listName(c Category) listWords { return listWords(c) }

// listWords is a list of prizes named in a message (catalog.Phrased): "the
// prizes by place", "the prizes of juniors born in 2008 or later".
type listWords Category

func (w listWords) Phrase() (string, []any) {
	switch w.Kind {
	case Women:
		return "the women's prizes", nil
	case Juniors:
		return "the prizes of juniors born in %d or later", []any{w.BornFrom}
	case Veterans:
		return "the prizes of veterans born in %d or earlier", []any{w.BornTo}
	case Rating:
		return "the prizes of players rated below %d", []any{w.RatingBelow}
	case Unrated:
		return "the prizes of unrated players", nil
	case Club:
		return "the prizes of the players of club %q", []any{w.Club}
	case Region:
		return "the prizes of the players of region %q", []any{w.Region}
	}
	return "the prizes by place", nil
}

// String is the list's name in English, as the error's own text says it.
func (w listWords) String() string {
	format, args := w.Phrase()
	return fmt.Sprintf(format, args...)
}
