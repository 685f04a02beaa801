package ratings

import (
	"context"
	"maps"
	"slices"

	"adiukh/tournament"
	"adiukh/tournament/rating"
)

// What the lists have done with an event (EventReport.State).
const (
	// EventNotRated: the event is not marked rated, or its discipline
	// counts in no list (correspondence, composition).
	EventNotRated = "not-rated"
	// EventPending: the event is rated, but no game of it has been rated
	// in a period yet.
	EventPending = "pending"
	// EventRated: its games were rated in a period.
	EventRated = "rated"
)

// EventReport is what the rating lists made of one event's games: in the
// period that rated them (and in any later one that carried a correction
// of them), each person's lines of this event with their part of the
// change.
type EventReport struct {
	Event   tournament.Event
	List    string // "" when the discipline counts in no list
	State   string
	Periods []EventPeriod // oldest first
	// People names the persons and their opponents.
	People map[int64]tournament.Person
	// Unlinked are the players of a rated event not linked to a person of
	// the register: their games are not rated.
	Unlinked []tournament.Player
}

// EventPeriod is one period's part of an event's report, the changes in
// the order of the period's report.
type EventPeriod struct {
	Period  Period
	Changes []EventChange
}

// EventChange is one person's change in a period with the lines of one
// event's games.
type EventChange struct {
	// Change is the person's whole change in the period; its Lines are
	// every game of the period.
	Change rating.Change
	// Lines are the games of the event; Sum is Σ(s − E) over them (E is 0
	// in a correction's line).
	Lines []rating.Line
	Sum   float64
}

// Contribution is the event's part of the change, K·Σ(s − E), before the
// period's sum is rounded.
func (c EventChange) Contribution() float64 { return float64(c.Change.K) * c.Sum }

// EventReport reads what the lists made of an event's games, for whoever
// may see the event (others get ENOTFOUND, as for its other pages).
func (s *Service) EventReport(ctx context.Context, eventID int64) (*EventReport, error) {
	r := &EventReport{}
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readableEvent(ctx, tx, eventID)
		if err != nil {
			return err
		}
		r.Event, r.List = *e, ListOfGame(e.Game, e.Discipline)
		if !e.Rated || r.List == "" {
			r.State = EventNotRated
			return nil
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		for _, p := range players {
			if p.PersonID == 0 {
				r.Unlinked = append(r.Unlinked, p)
			}
		}
		games, err := tx.EventRatedGames(eventID)
		if err != nil {
			return err
		}
		if len(games) == 0 {
			r.State = EventPending
			return nil
		}
		r.State = EventRated
		if r.Periods, err = eventPeriods(tx, r.List, games); err != nil {
			return err
		}
		// Restated only now: the lines of old periods are found by their
		// scores as the formula kept them.
		for _, p := range r.Periods {
			for i := range p.Changes {
				c := &p.Changes[i]
				inGamePoints(r.List, []rating.Change{c.Change})
				inGamePointsOfLines(r.List, c.Lines)
			}
		}
		ids := map[int64]bool{}
		for _, p := range r.Periods {
			for _, c := range p.Changes {
				ids[c.Change.Person] = true
				for _, l := range c.Lines {
					ids[l.Opponent] = true
				}
			}
		}
		r.People, err = tx.PeopleByID(slices.Collect(maps.Keys(ids)))
		return err
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// EventRated tells whether some game of the event has been rated in a
// period, for whoever may see the event: its pages link its report then.
func (s *Service) EventRated(ctx context.Context, eventID int64) (bool, error) {
	var rated bool
	err := s.store.View(ctx, func(tx Tx) error {
		if _, err := readableEvent(ctx, tx, eventID); err != nil {
			return err
		}
		games, err := tx.EventRatedGames(eventID)
		rated = len(games) > 0
		return err
	})
	return rated, err
}

// readableEvent reads an event the context's user may see; a private event
// is not found by others, as on every page of events.
func readableEvent(ctx context.Context, tx Tx, eventID int64) (*tournament.Event, error) {
	e, err := tx.Event(eventID)
	if err != nil {
		return nil, err
	}
	if !tournament.CanRead(tournament.UserFromContext(ctx), e) {
		return nil, tournament.NotFound("event %d not found", eventID)
	}
	return e, nil
}

// eventPeriods picks an event's lines out of the periods that rated its
// games or carried their corrections.
func eventPeriods(tx Tx, list string, games []RatedGame) ([]EventPeriod, error) {
	ours := map[int64]bool{}
	wanted := map[int64]bool{}
	persons := map[int64]bool{}
	for _, g := range games {
		ours[g.GameID] = true
		wanted[g.RatedIn], wanted[g.PeriodID] = true, true
		persons[g.A], persons[g.B] = true, true
	}
	kept, err := currentPersons(tx, slices.Collect(maps.Keys(persons)))
	if err != nil {
		return nil, err
	}
	for _, id := range kept {
		persons[id] = true
	}
	periods, err := tx.Periods(list)
	if err != nil {
		return nil, err
	}
	var out []EventPeriod
	for _, p := range slices.Backward(periods) {
		if !wanted[p.ID] {
			continue
		}
		changes, err := tx.ChangesOf(p.ID, slices.Sorted(maps.Keys(persons)))
		if err != nil {
			return nil, err
		}
		ep := EventPeriod{Period: p}
		for _, c := range changes {
			ec := EventChange{Change: c}
			legacy := legacyGames(games, c.Person, p.ID)
			for _, l := range c.Lines {
				if (l.GameID != 0 && ours[l.GameID]) || (l.GameID == 0 && legacy.claim(l)) {
					ec.Lines = append(ec.Lines, l)
					ec.Sum += l.S - l.E
				}
			}
			if len(ec.Lines) > 0 {
				ep.Changes = append(ep.Changes, ec)
			}
		}
		if len(ep.Changes) > 0 {
			out = append(out, ep)
		}
	}
	return out, nil
}

// legacy are the event's games a person played, as rated in one period,
// for the lines of periods closed before lines named their games: such a
// line is the event's when its opponent and score are those of one of
// them. Two games of a period between the same persons with the same
// score, one in another event, may be taken for each other; their lines
// are the same numbers (D and E come from the ratings before the period),
// so the report still adds up.
type legacy []RatedGame

func legacyGames(games []RatedGame, person, periodID int64) *legacy {
	var l legacy
	for _, g := range games {
		if g.RatedIn != periodID {
			continue
		}
		switch person {
		case g.A:
			l = append(l, g)
		case g.B:
			l = append(l, RatedGame{GameID: g.GameID, A: g.B, B: g.A, PointsA: g.PointsB, PointsB: g.PointsA})
		}
	}
	return &l
}

// claim takes the game the line was rated from out of the list.
func (l *legacy) claim(line rating.Line) bool {
	if line.Correction {
		return false
	}
	i := slices.IndexFunc(*l, func(g RatedGame) bool {
		return g.B == line.Opponent && g.PointsA == line.Points && g.PointsB == line.OpponentPoints
	})
	if i < 0 {
		return false
	}
	*l = slices.Delete(*l, i, i+1)
	return true
}
