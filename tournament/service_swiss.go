package tournament

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Audit actions of the Swiss use cases.
const (
	ActionPlayerBye  = "player.bye"
	ActionRoundEdit  = "round.edit"
	ActionEventTRF   = "event.import_trf"
	roundWarningsKey = "warnings"
)

// RequestBye records that a player of a Swiss event sits out round n with a
// requested half- or zero-point bye; an empty kind takes the request back.
// The pairing of round n leaves the player out and enters the bye.
func (s *Service) RequestBye(ctx context.Context, eventID, playerID int64, n int, kind ByeKind, reason string) (*Player, error) {
	var player *Player
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.System != Swiss {
			return Invalid("system", "requested byes belong to Swiss events; event %d is %s", eventID, e.System)
		}
		if e.Discipline.IsTeam() {
			return Invalid("discipline", "requested byes belong to individual events; in team event %d a player sits out a round when the team's line-up leaves him out", eventID)
		}
		switch kind {
		case HalfByeRequest, ZeroByeRequest, "":
		default:
			return Invalid("kind", "unknown bye %q; use \"half\", \"zero\" or \"\" to take the request back", kind)
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		if kind != "" && (n <= len(rounds) || (e.Rounds > 0 && n > e.Rounds)) {
			return Invalid("round", "a bye can be requested for a round not yet paired (%d to %d); got %d", len(rounds)+1, e.Rounds, n)
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		if player = findPlayer(players, playerID); player == nil {
			return NotFound("player %d of event %d not found", playerID, eventID)
		}
		if kind != "" && !player.PlaysIn(n) {
			return Conflict("round", "%s does not play in round %d (withdrawn or entering later)", player.Name, n)
		}
		before := *player
		player.ByeRound, player.ByeKind = n, kind
		if kind == "" {
			player.ByeRound = 0
		}
		if err := tx.UpdatePlayer(player); err != nil {
			return err
		}
		return Audit(tx, s.now(), u, eventID, ActionPlayerBye, fmt.Sprintf("player %d", player.StartNo), before, player, reason)
	})
	return player, err
}

// BoardInput is one board of a hand-made pairing, by start number; BlackNo 0
// gives White the pairing-allocated bye.
type BoardInput struct {
	WhiteNo int `json:"white"`
	BlackNo int `json:"black"`
}

// EditPairing replaces the boards of a draft round by the arbiter's own
// pairing. The pairing is stored even when it breaks an absolute criterion;
// the warnings stay on the round and in the audit log. Requested byes are
// entered by the pairing itself and are not part of boards.
func (s *Service) EditPairing(ctx context.Context, eventID int64, n int, boards []BoardInput, reason string) (*Round, error) {
	var round *Round
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		rounds, old, err := draftRound(tx, eventID, n)
		if err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		byNo := make(map[int]int64, len(players))
		for _, p := range players {
			byNo[p.StartNo] = p.ID
		}
		pairings := make([]Pairing, len(boards))
		for i, b := range boards {
			white, black := byNo[b.WhiteNo], byNo[b.BlackNo]
			switch {
			case white == 0:
				return Invalid(fmt.Sprintf("boards[%d].white", i), "board %d: no player has start number %d", i+1, b.WhiteNo)
			case b.BlackNo != 0 && black == 0:
				return Invalid(fmt.Sprintf("boards[%d].black", i), "board %d: no player has start number %d", i+1, b.BlackNo)
			case b.WhiteNo == b.BlackNo:
				return Invalid(fmt.Sprintf("boards[%d]", i), "board %d: player %d cannot play himself", i+1, b.WhiteNo)
			}
			pairings[i] = Pairing{WhiteID: white, BlackID: black}
		}
		if round, err = newRound(e, players, pairings, n); err != nil {
			return err
		}
		if err := s.replaceDraft(tx, e, players, rounds, old, round); err != nil {
			return err
		}
		return Audit(tx, s.now(), u, eventID, ActionRoundEdit, fmt.Sprintf("round %d", n), pairingsView(old), manualView(round), reason)
	})
	return round, err
}

// draftRound reads the rounds of an event and its round n, which must still
// be a draft: once published, a round's pairings are what the players play
// (SwapSeats and EditPairing both change pairings by hand).
func draftRound(tx RoundTx, eventID int64, n int) ([]Round, *Round, error) {
	rounds, old, err := storedRound(tx, eventID, n)
	if err != nil {
		return nil, nil, err
	}
	if old.Status != Draft {
		return nil, nil, Conflict("", "round %d is published; only a draft round's pairings can be changed", n)
	}
	return rounds, old, nil
}

// replaceDraft stores a hand-edited round in place of the draft old, after
// checking it against the absolute criteria (its warnings stay on the round).
func (s *Service) replaceDraft(tx interface {
	RoundTx
	OpeningTx
}, e *Event, players []Player, rounds []Round, old, edited *Round) error {
	if err := s.checkManual(e, players, rounds[:edited.Number-1], edited); err != nil {
		return err
	}
	if err := tx.DeleteRound(old); err != nil {
		return err
	}
	edited.Openings = old.Openings
	if e.MicroMatch == DrawPerBoard && playedBoards(edited) != playedBoards(old) {
		if err := s.drawOpenings(tx, e, rounds[:edited.Number-1], edited); err != nil {
			return err
		}
	}
	return tx.CreateRound(edited)
}

// manualView is a hand-edited round as the audit log keeps it: the boards
// and the warnings of the check.
func manualView(r *Round) map[string]any {
	return map[string]any{"boards": pairingsView(r), roundWarningsKey: r.Warnings}
}

// checkManual checks a hand-edited Swiss round against the absolute
// criteria and keeps the warnings on the round.
func (s *Service) checkManual(e *Event, players []Player, before []Round, r *Round) error {
	if e.System != Swiss || s.swiss.Check == nil {
		return nil
	}
	warnings, err := s.swiss.Check(PairingInput{Event: e, Players: players, Rounds: before, Round: r.Number}, pairedBoards(r))
	if err != nil {
		return err
	}
	r.Warnings = warnings
	return nil
}

// pairedBoards are the boards the pairing system made: games and the
// pairing-allocated bye, without requested byes.
func pairedBoards(r *Round) []Pairing {
	var out []Pairing
	for _, g := range r.Games {
		if g.Result != nil && (g.Result.EndReason == HalfPointBye || g.Result.EndReason == ZeroPointBye) {
			continue
		}
		out = append(out, Pairing{WhiteID: g.WhiteID, BlackID: g.BlackID})
	}
	return out
}

// PairingCards explains the boards of round n of a Swiss event: floats and
// colour reasons, from the data the pairing engine used.
func (s *Service) PairingCards(ctx context.Context, eventID int64, n int) ([]PairingCard, error) {
	var cards []PairingCard
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.System != Swiss {
			return Invalid("system", "pairing cards explain Swiss pairings; event %d is %s", eventID, e.System)
		}
		all, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		rounds := visibleRounds(UserFromContext(ctx), e, all)
		r, err := findRound(rounds, eventID, n)
		if err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		cards, err = s.pairingCards(e, players, all, r)
		return err
	})
	return cards, err
}

// pairingCards explains round r of a Swiss event from the stored rounds
// before it.
func (s *Service) pairingCards(e *Event, players []Player, stored []Round, r *Round) ([]PairingCard, error) {
	if s.swiss.Explain == nil {
		return nil, Invalid("system", "pairing cards are not available in this version of adiukh")
	}
	return s.swiss.Explain(PairingInput{Event: e, Players: players, Rounds: stored[:r.Number-1], Round: r.Number}, pairedBoards(r))
}

// ExportTRF writes the event as a TRF file as it stands before its next
// round: the finished rounds and the requested byes and withdrawals of the
// next one, so that any Dutch engine pairs it as adiukh does.
func (s *Service) ExportTRF(ctx context.Context, eventID int64, w io.Writer) error {
	if s.swiss.WriteTRF == nil {
		return Invalid("format", "TRF export is not available in this version of adiukh")
	}
	var in PairingInput
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if !e.Discipline.PlaysGames() || e.Discipline.IsTeam() {
			return Invalid("discipline", "a TRF file holds individual games; event %d is %s", eventID, e.Discipline)
		}
		all, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		finished := all[:0:0]
		for _, r := range all {
			if r.Status != Done {
				break
			}
			finished = append(finished, r)
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		in = PairingInput{Event: e, Players: players, Rounds: finished, Round: len(finished) + 1}
		return nil
	})
	if err != nil {
		return err
	}
	return s.swiss.WriteTRF(w, in)
}

// ImportTRF creates a new event from a TRF file: its players and its rounds
// with their results. The importer owns the event.
//
// The whole file is read and checked before anything is written. Then the
// event, its players and its rounds are written in short transactions (a
// few hundred players or games each), so that a large file (thousands of
// players, dozens of rounds) never holds the database's one writer for
// long: other events' writes go in between. Until the last round is written and the import is
// in the audit log, the event is private to its owner; an import that
// fails on the way is discarded.
func (s *Service) ImportTRF(ctx context.Context, r io.Reader) (*Event, error) {
	if s.swiss.ReadTRF == nil {
		return nil, Invalid("format", "TRF import is not available in this version of adiukh")
	}
	imp, err := s.swiss.ReadTRF(r)
	if err != nil {
		return nil, err
	}
	e, u, err := s.newEvent(ctx, imp.Event)
	if err != nil {
		return nil, err
	}
	e.ManualStartNumbers = true
	if len(imp.Rounds) > 0 {
		e.Status = Running
	}
	players := make([]Player, len(imp.Players))
	for i, src := range imp.Players {
		p := Player{StartNo: src.StartNo, FirstRound: 1, ByeRound: src.ByeRound, ByeKind: src.ByeKind}
		details := PlayerInput{Name: &src.Name, Rating: &src.Rating, BirthYear: &src.BirthYear, FederationID: &src.FederationID}
		if err := details.applyDetails(&p); err != nil {
			var bad *Error
			if errors.As(err, &bad) {
				return nil, Invalid("file", "player %d, %s: %s", src.StartNo, bad.Field, bad.Message)
			}
			return nil, err
		}
		players[i] = p
	}
	if err := s.store.View(ctx, func(tx Tx) error { return linkPeople(tx, players, map[int64]bool{}) }); err != nil {
		return nil, err
	}
	visibility := e.Visibility
	e.Visibility = Private
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
func (s *Service) finishImport(ctx context.Context, e *Event, visibility Visibility, u *User, players []Player, rounds []Round) error {
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
		r.Games = append([]Game(nil), r.Games...)
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
		return Audit(tx, s.now(), u, e.ID, ActionEventTRF, fmt.Sprintf("event %d", e.ID), nil, stored,
			fmt.Sprintf("imported from a TRF file: %d players, %d rounds", len(players), len(rounds)))
	})
}

// linkToRegister links the fresh players of an event to the persons of
// the register their federation IDs name (linkPeople), no person twice in
// the event (existing are its other players), and gives each linked player
// without a rating the register's rating in the event's list: as at the
// desk, it orders the start list unless one is typed.
func linkToRegister(tx Tx, e *Event, existing, fresh []Player) error {
	taken := map[int64]bool{}
	for _, players := range [][]Player{existing, fresh} {
		for _, p := range players {
			if p.PersonID != 0 {
				taken[p.PersonID] = true
			}
		}
	}
	if err := linkPeople(tx, fresh, taken); err != nil {
		return err
	}
	for i := range fresh {
		if p := &fresh[i]; p.PersonID != 0 && p.Rating == 0 {
			var err error
			if p.Rating, err = tx.PublishedRating(p.PersonID, e.Game, e.Discipline); err != nil {
				return err
			}
		}
	}
	return nil
}

// linkPeople links the players coming in (a TRF import, a pasted list) to
// the persons of the register with their federation ID, when the surnames
// agree too: a file written by another system may carry other IDs
// (FIDE's) that happen to be ours. A person is linked once in an event:
// taken are the persons linked already. The others are offered to the
// arbiter with the register's likely matches (RegisterMatches).
func linkPeople(tx PersonTx, players []Player, taken map[int64]bool) error {
	for i := range players {
		p := &players[i]
		if p.FederationID == "" || p.PersonID != 0 {
			continue
		}
		person, err := tx.PersonByFederationID(p.FederationID)
		if ErrorCode(err) == ENOTFOUND {
			continue
		}
		if err != nil {
			return err
		}
		if surname, _, _ := strings.Cut(FoldName(p.Name), " "); surname == FoldName(person.Surname) && !taken[person.ID] {
			p.PersonID = person.ID
			taken[person.ID] = true
		}
	}
	return nil
}
