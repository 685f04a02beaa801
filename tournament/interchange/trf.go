package interchange

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"adiukh/tournament"
	registration "adiukh/tournament/players"
)

// ExportTRF writes the event as a TRF file as it stands before its next
// round: the finished rounds and the requested byes and withdrawals of the
// next one, so that any Dutch engine pairs it as adiukh does.
func (s *Service) ExportTRF(ctx context.Context, eventID int64, w io.Writer) error {
	if s.writeTRF == nil {
		return tournament.Invalid("format", "TRF export is not available in this version of adiukh")
	}
	var in tournament.PairingInput
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if !e.Discipline.PlaysGames() || e.Discipline.IsTeam() {
			return tournament.Invalid("discipline", "a TRF file holds individual games; %s is %s", e.Name, e.Discipline)
		}
		all, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		finished := all[:0:0]
		for _, r := range all {
			if r.Status != tournament.Done {
				break
			}
			finished = append(finished, r)
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		in = tournament.PairingInput{Event: e, Players: players, Rounds: finished, Round: len(finished) + 1}
		return nil
	})
	if err != nil {
		return err
	}
	return s.writeTRF(w, in)
}

// ImportTRF creates a new event of the game (a game's key; "" for the
// file's own, else the default game) from a TRF file: its players and its
// rounds with their results. A file that names another game in its comment
// is refused, with both games named. The importer owns the event.
//
// The whole file is read and checked before anything is written. Then the
// event, its players and its rounds are written in short transactions (a
// few hundred players or games each), so that a large file (thousands of
// players, dozens of rounds) never holds the database's one writer for
// long: other events' writes go in between. Until the last round is written and the import is
// in the audit log, the event is private to its owner; an import that
// fails on the way is discarded.
func (s *Service) ImportTRF(ctx context.Context, r io.Reader, game string) (*tournament.Event, error) {
	if s.readTRF == nil {
		return nil, tournament.Invalid("format", "TRF import is not available in this version of adiukh")
	}
	var asked tournament.GameKind
	if strings.TrimSpace(game) != "" {
		kind, err := tournament.ParseGameKind(strings.TrimSpace(game))
		if err != nil {
			return nil, err
		}
		asked = kind
	}
	imp, err := s.readTRF(r, asked)
	if err != nil {
		return nil, err
	}
	e, u, err := s.events.NewEvent(ctx, imp.Event)
	if err != nil {
		return nil, err
	}
	e.ManualStartNumbers = true
	e.ImportedRounds = len(imp.Rounds)
	if len(imp.Rounds) > 0 {
		e.Status = tournament.Running
	}
	players := make([]tournament.Player, len(imp.Players))
	for i, src := range imp.Players {
		p := tournament.Player{StartNo: src.StartNo, FirstRound: 1, ByeRound: src.ByeRound, ByeKind: src.ByeKind, WithdrawnFrom: src.WithdrawnFrom, Sex: src.Sex, BirthDate: src.BirthDate}
		details := tournament.PlayerInput{Name: &src.Name, Rating: &src.Rating, BirthYear: &src.BirthYear, FederationID: &src.FederationID, Federation: &src.Federation, Title: &src.Title}
		if err := registration.ApplyDetails(details, &p, e.Game); err != nil {
			var bad *tournament.Error
			if errors.As(err, &bad) {
				return nil, tournament.Invalid("file", "player %d, %s: %s", src.StartNo, bad.Field, bad.Message)
			}
			return nil, err
		}
		players[i] = p
	}
	if err := s.store.View(ctx, func(tx Tx) error { return registration.LinkPeople(tx, players, map[int64]bool{}) }); err != nil {
		return nil, err
	}
	visibility := e.Visibility
	e.Visibility = tournament.Private
	if err := s.store.Update(ctx, func(tx Tx) error { return tx.CreateEvent(e) }); err != nil {
		return nil, err
	}
	if err := s.finishImport(ctx, e, visibility, u, players, imp.Rounds); err != nil {
		discard := func(tx Tx) error { return tx.DiscardEvent(e.ID) }
		if derr := s.store.Update(context.WithoutCancel(ctx), discard); derr != nil {
			return nil, fmt.Errorf("%w (and the half-imported event %d could not be removed: %v)", err, e.ID, derr)
		}
		return nil, err
	}
	e.Visibility = visibility
	return e, nil
}

// importBatch is how many players, importGames how many games, of an
// import one transaction writes: a few tens of milliseconds on SQLite's one
// writer, so that another event's write waits no longer.
const (
	importBatch = 250
	importGames = 500
)

// finishImport writes the players of an imported event, importBatch in a
// transaction, and its rounds, importGames games in a transaction; then it
// shows the
// event as it was asked to be and audits the import.
func (s *Service) finishImport(ctx context.Context, e *tournament.Event, visibility tournament.Visibility, u *tournament.User, players []tournament.Player, rounds []tournament.Round) error {
	for i := range players {
		players[i].EventID = e.ID
	}
	for batch := range slices.Chunk(players, importBatch) {
		if err := s.store.Update(ctx, func(tx Tx) error { return tx.CreatePlayers(batch) }); err != nil {
			return err
		}
	}
	ids := make(map[int]int64, len(players))
	for _, p := range players {
		ids[p.StartNo] = p.ID
	}
	for _, r := range rounds {
		r.EventID = e.ID
		r.Games = append([]tournament.Game(nil), r.Games...)
		for i := range r.Games {
			g := &r.Games[i]
			g.WhiteID, g.BlackID = ids[g.WhiteNo], ids[g.BlackNo]
		}
		games := r.Games
		r.Games = games[:min(len(games), importGames)]
		err := s.store.Update(ctx, func(tx Tx) error {
			if err := tx.LockEvent(e.ID); err != nil {
				return err
			}
			return tx.CreateRound(&r)
		})
		if err != nil {
			return err
		}
		for more := range slices.Chunk(games[len(r.Games):], importGames) {
			if err := s.store.Update(ctx, func(tx Tx) error { return tx.AddGames(&r, more) }); err != nil {
				return err
			}
		}
	}
	return s.store.Update(ctx, func(tx Tx) error {
		if err := tx.LockEvent(e.ID); err != nil {
			return err
		}
		stored, err := tx.Event(e.ID)
		if err != nil {
			return err
		}
		stored.Visibility = visibility
		if err := tx.UpdateEvent(stored); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, e.ID, ActionEventTRF, fmt.Sprintf("event %d", e.ID), nil, stored,
			fmt.Sprintf("imported from a TRF file: %d players, %d rounds", len(players), len(rounds)))
	})
}
