package tournament

import (
	"context"
	"errors"
)

// The reads below answer for an event of either kind, players or teams, in
// one snapshot: the pages and the API ask for what they show and learn the
// kind of event from the answer, instead of reading the event first to
// choose which use case to call.

// EventTables is an event's standings and crosstable after a round as
// every reader sees them (published rounds only): a team competition's of
// its teams (Teams), any other event's of its players (Players). Each
// carries the standings it is built on.
type EventTables struct {
	Event   *Event
	Players *Crosstable
	Teams   *TeamCrosstable
}

// Tables reads an event's standings after round afterRound and its
// crosstable of the rounds up to it; 0 means every published round, with
// the standings after the last round that, with all rounds before it, has
// every result. An event that plays no games (a composition contest) has
// no tables: only Event is set.
func (s *Service) Tables(ctx context.Context, eventID int64, afterRound int) (*EventTables, error) {
	var t *EventTables
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		t = &EventTables{Event: e}
		if !e.Discipline.PlaysGames() {
			return nil
		}
		if e.Discipline.IsTeam() {
			d, err := s.loadTeamEvent(tx, e, nil)
			if err != nil {
				return err
			}
			st, err := s.teamStandings(d, afterRound)
			if err != nil {
				return err
			}
			if afterRound > 0 {
				// teamStandings checked that round afterRound exists.
				d.Rounds = d.Rounds[:afterRound]
			}
			t.Teams = buildTeamCrosstable(d, st)
			return nil
		}
		players, rounds, err := playersAndRounds(tx, eventID)
		if err != nil {
			return err
		}
		t.Players, err = s.crosstable(e, players, visibleRounds(nil, e, rounds), afterRound)
		return err
	})
	return t, err
}

// EventRounds is an event's rounds as the reader may see them (drafts only
// for those who may change the event): an event of players' with their
// games (Rounds), a team competition's with their matches (Team).
type EventRounds struct {
	Rounds []Round
	Team   *TeamEventData
}

// RoundsOf reads the rounds of an event of either kind.
func (s *Service) RoundsOf(ctx context.Context, eventID int64) (*EventRounds, error) {
	var er *EventRounds
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.Discipline.IsTeam() {
			d, err := s.loadTeamEvent(tx, e, UserFromContext(ctx))
			er = &EventRounds{Team: d}
			return err
		}
		rounds, err := tx.Rounds(eventID)
		er = &EventRounds{Rounds: visibleRounds(UserFromContext(ctx), e, rounds)}
		return err
	})
	return er, err
}

// RoundRead is one round of an event as the reader may see it. For an
// event of players: its games (Round), each player's score before it, and
// in a Swiss event the pairing cards that explain it, or why they cannot
// (CardsRefused: a hand-made pairing the engine would not make, say). For a
// team competition: its matches (TeamRound) with the event's settings
// (Team).
type RoundRead struct {
	Event        *Event
	Round        *Round
	ScoresBefore map[int64]float64
	Cards        []PairingCard
	CardsRefused *Error

	Team      *TeamEventData
	TeamRound *TeamRound
}

// ReadRound reads round n of an event of either kind.
func (s *Service) ReadRound(ctx context.Context, eventID int64, n int) (*RoundRead, error) {
	var rr *RoundRead
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		reader := UserFromContext(ctx)
		if e.Discipline.IsTeam() {
			d, err := s.loadTeamEvent(tx, e, reader)
			if err != nil {
				return err
			}
			r, err := findTeamRound(d.Rounds, eventID, n)
			rr = &RoundRead{Event: e, Team: d, TeamRound: r}
			return err
		}
		players, all, err := playersAndRounds(tx, eventID)
		if err != nil {
			return err
		}
		rounds := visibleRounds(reader, e, all)
		r, err := findRound(rounds, eventID, n)
		if err != nil {
			return err
		}
		d := EventData{Event: e, Players: players, Rounds: rounds}
		rr = &RoundRead{Event: e, Round: r, ScoresBefore: d.ScoresBefore(n)}
		if e.System != Swiss {
			return nil
		}
		rr.Cards, err = s.pairingCards(e, players, all, r)
		if refused := (*Error)(nil); errors.As(err, &refused) {
			rr.CardsRefused, err = refused, nil
		}
		return err
	})
	return rr, err
}
