package teams

import (
	"context"
	"errors"

	"adiukh/tournament"
)

// The reads below answer for an event of either kind, players or teams, in
// one snapshot: the pages and the API ask for what they show and learn the
// kind of event from the answer, instead of reading the event first to
// choose which use case to call. They are here, not in package tournament,
// because only this package knows both kinds: a team competition's answer
// is built here, an event of players' crosstable too, its rounds by the
// root's reads (tournament.PlayerRounds, Service.PairingCardsOf) in the
// same transaction.

// EventTables is an event's standings and crosstable after a round as
// every reader sees them (published rounds only): a team competition's of
// its teams (Teams), any other event's of its players (Players). Each
// carries the standings it is built on.
type EventTables struct {
	Event   *tournament.Event
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
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		t = &EventTables{Event: e}
		if !e.Discipline.PlaysGames() {
			return nil
		}
		if err := tournament.RoundPaired(tx, eventID, afterRound); err != nil {
			return err
		}
		if e.Discipline.IsTeam() {
			d, err := s.loadTeamEvent(tx, e, nil)
			if err != nil {
				return err
			}
			st, err := s.teamStandings(tx, d, afterRound)
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
		t.Players, err = s.playerTables(tx, e, afterRound)
		return err
	})
	return t, err
}

// EventRounds is an event's rounds as the reader may see them (drafts only
// for those who may change the event): an event of players' with their
// games (Rounds), a team competition's with their matches (Team).
type EventRounds struct {
	Rounds []tournament.Round
	Team   *TeamEventData
}

// RoundsOf reads the rounds of an event of either kind.
func (s *Service) RoundsOf(ctx context.Context, eventID int64) (*EventRounds, error) {
	var er *EventRounds
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.Discipline.IsTeam() {
			d, err := s.loadTeamEvent(tx, e, tournament.UserFromContext(ctx))
			er = &EventRounds{Team: d}
			return err
		}
		rounds, err := tournament.PlayerRounds(ctx, tx, e)
		er = &EventRounds{Rounds: rounds}
		return err
	})
	return er, err
}

// RoundRead is one round of an event as the reader may see it. For an
// event of players: its games (Round), each player's score before it, and
// in a Swiss event the pairing cards that explain it, or why they cannot
// (CardsRefused: a hand-made pairing the engine would not make, say). For
// a team competition: its matches (TeamRound) with the event's settings
// (Team), and Event.
type RoundRead struct {
	Event        *tournament.Event
	Round        *tournament.Round
	ScoresBefore map[int64]float64
	Cards        []tournament.PairingCard
	CardsRefused *tournament.Error

	Team      *TeamEventData
	TeamRound *TeamRound
}

// ReadRound reads round n of an event of either kind.
func (s *Service) ReadRound(ctx context.Context, eventID int64, n int) (*RoundRead, error) {
	var rr *RoundRead
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.Discipline.IsTeam() {
			d, err := s.loadTeamEvent(tx, e, tournament.UserFromContext(ctx))
			if err != nil {
				return err
			}
			r, err := findTeamRound(d.Rounds, eventID, n)
			rr = &RoundRead{Event: e, Team: d, TeamRound: r}
			return err
		}
		rr, err = s.readPlayerRound(ctx, tx, e, n)
		return err
	})
	return rr, err
}

// readPlayerRound reads round n of an event of players, e, which the
// context's user may see.
func (s *Service) readPlayerRound(ctx context.Context, tx Tx, e *tournament.Event, n int) (*RoundRead, error) {
	players, err := tx.Players(e.ID)
	if err != nil {
		return nil, err
	}
	all, err := tx.Rounds(e.ID)
	if err != nil {
		return nil, err
	}
	rounds := tournament.VisibleRounds(ctx, e, all)
	r, err := tournament.FindRound(rounds, e.ID, n)
	if err != nil {
		return nil, err
	}
	d := tournament.EventData{Event: e, Players: players, Rounds: rounds}
	rr := &RoundRead{Event: e, Round: r, ScoresBefore: d.ScoresBefore(n)}
	if e.System != tournament.Swiss {
		return rr, nil
	}
	rr.Cards, err = s.events.PairingCardsOf(e, players, all, r)
	if refused := (*tournament.Error)(nil); errors.As(err, &refused) {
		rr.CardsRefused, err = refused, nil
	}
	return rr, err
}

// PairNextRound pairs the next round of an event of either kind as a
// draft: a team competition's by team (PairNextTeamRound), and the round
// returned is that of its matches; an event of players' by
// tournament.Service.PairNextRound.
func (s *Service) PairNextRound(ctx context.Context, eventID int64) (*tournament.Round, error) {
	r, err := s.events.PairNextRound(ctx, eventID)
	if errors.Is(err, tournament.ErrPairedByTeam) {
		tr, err := s.PairNextTeamRound(ctx, eventID)
		if err != nil {
			return nil, err
		}
		return &tr.Round, nil
	}
	return r, err
}

// Desk is what the arbiter's desk of an event shows, read from one
// snapshot: the event with its players and rounds (drafts included), the
// players' accounts and reports, the regulations and, for a team
// competition, its teams and settings.
type Desk struct {
	*tournament.EventData
	// Reports are the players' accounts and the results they reported.
	Reports *tournament.PlayerView
	// Regulations is the attached regulations, without the file; nil
	// when none is.
	Regulations  *tournament.Regulations
	Teams        []Team        // a team event's
	TeamSettings *TeamSettings // a team event's
	// Relayed holds the numbers of the rounds relayed move by move
	// (tournament.Event.Relays), whose relay page the desk links.
	Relayed map[int]bool
}

// Desk reads everything the desk's main page shows, authorised once.
func (s *Service) Desk(ctx context.Context, eventID int64) (*Desk, error) {
	var d *Desk
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := tournament.MayManage(ctx, e); err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		// Its managers see every round, drafts included.
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		d = &Desk{EventData: &tournament.EventData{Event: e, Players: players, Rounds: rounds}, Relayed: map[int]bool{}}
		for i := range rounds {
			d.Relayed[rounds[i].Number] = e.Relays(&rounds[i]) == nil
		}
		if d.Reports, err = tournament.ReadPlayerView(tx, tournament.UserFromContext(ctx), e); err != nil {
			return err
		}
		switch d.Regulations, err = tx.Regulations(eventID, false); {
		case tournament.ErrorCode(err) == tournament.ENOTFOUND:
			d.Regulations = nil
		case err != nil:
			return err
		}
		if !e.Discipline.IsTeam() {
			return nil
		}
		if d.Teams, err = tx.Teams(eventID); err != nil {
			return err
		}
		st, err := s.teamSettings(tx, e)
		if err != nil {
			return err
		}
		d.TeamSettings = &st
		return nil
	})
	return d, err
}
