package tournament

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"time"
)

// Rounds lists the rounds of an event with their games. Draft rounds are
// shown only to those who may change the event.
func (s *Service) Rounds(ctx context.Context, eventID int64) ([]Round, error) {
	var rounds []Round
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		all, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		rounds = visibleRounds(UserFromContext(ctx), e, all)
		return nil
	})
	return rounds, err
}

// Round returns round n of an event with its games.
func (s *Service) Round(ctx context.Context, eventID int64, n int) (*Round, error) {
	rounds, err := s.Rounds(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return findRound(rounds, eventID, n)
}

func visibleRounds(u *User, e *Event, rounds []Round) []Round {
	if CanManage(u, e) {
		return rounds
	}
	visible := rounds[:0:0]
	for _, r := range rounds {
		if r.Status != Draft {
			visible = append(visible, r)
		}
	}
	return visible
}

// storedRound reads the rounds of an event as stored, drafts included, and
// its round n among them.
func storedRound(tx RoundTx, eventID int64, n int) ([]Round, *Round, error) {
	rounds, err := tx.Rounds(eventID)
	if err != nil {
		return nil, nil, err
	}
	round, err := findRound(rounds, eventID, n)
	if err != nil {
		return nil, nil, err
	}
	return rounds, round, nil
}

func findRound(rounds []Round, eventID int64, n int) (*Round, error) {
	for i := range rounds {
		if rounds[i].Number == n {
			return &rounds[i], nil
		}
	}
	return nil, NotFound("round %d of event %d not found", n, eventID)
}

// roundRobinRounds is the length of a Berger schedule: n-1 rounds for an
// even number of players, n for an odd one (one bye per round), twice that
// for a double round robin.
func roundRobinRounds(players int, double bool) int {
	rounds := players - 1
	if players%2 == 1 {
		rounds = players
	}
	if double {
		rounds *= 2
	}
	return rounds
}

// PairNextRound pairs the next round of an event as a draft. A round robin
// pairs from its Berger table once the previous round is published; a Swiss
// round needs every result of the previous round. The first pairing starts
// the event. Games of withdrawn players are entered as forfeits; the bye is
// entered as a bye. A team competition's rounds pair its teams: it is
// refused here with ErrPairedByTeam, and package teams pairs it
// (teams.Service.PairNextRound pairs an event of either kind).
//
// A big Swiss takes the engine a while, so the engine works on a snapshot
// read in a read-only transaction and holds no database lock: other
// requests go on meanwhile. The round is written in a second transaction
// only if the event, its players and rounds are still what was paired;
// otherwise the caller gets a conflict and pairs again.
func (s *Service) PairNextRound(ctx context.Context, eventID int64) (*Round, error) {
	return s.pairNext(ctx, eventID, 0)
}

// ErrPairedByTeam is PairNextRound's answer for a team competition, whose
// rounds pair teams (teams.Service.PairNextRound).
var ErrPairedByTeam = errors.New("a team event is paired by team")

// PairAndPublishAfter pairs and publishes the round after round done of an
// event played live, for the server (ServerContext) when the event's
// pause after a round is over (Event.NextRoundAfter): only that round, so
// that two instances doing it at once pair it once.
func (s *Service) PairAndPublishAfter(ctx context.Context, eventID int64, done int) (*Round, error) {
	r, err := s.pairNext(ctx, eventID, done+1)
	if err != nil {
		return nil, err
	}
	return s.PublishRound(ctx, eventID, r.Number)
}

// pairNext pairs the next round; want, when not 0, is the round meant,
// and another is refused.
func (s *Service) pairNext(ctx context.Context, eventID int64, want int) (*Round, error) {
	var before *pairingSnapshot
	err := s.store.View(ctx, func(tx Tx) error {
		var err error
		before, err = s.pairingSnapshot(ctx, tx, eventID)
		return err
	})
	if err != nil {
		return nil, err
	}
	if want != 0 && before.next != want {
		return nil, Conflict("", "round %d of %s is paired already", want, before.event().Name)
	}
	pairings, err := before.pair(PairingInput{Event: before.event(), Players: before.players, Rounds: before.rounds, Round: before.next})
	if err != nil {
		return nil, err
	}
	var round *Round
	err = s.store.Update(ctx, func(tx Tx) error {
		now, err := s.pairingSnapshot(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if !now.same(before) {
			return Conflict("", "the event changed while round %d was being paired (a player, a result or the event's settings); pair the round again", before.next)
		}
		e := now.event()
		if now.next == 1 {
			e.Status = Running
			if err := tx.UpdateEvent(e); err != nil {
				return err
			}
			if err := Audit(tx, s.now(), now.user, eventID, ActionEventUpdate, fmt.Sprintf("event %d", eventID), now.stored, e, Note("note.event.first_round_paired")); err != nil {
				return err
			}
		}
		round, err = s.newRound(e, now.players, pairings, now.next, now.absent)
		if err != nil {
			return err
		}
		if err := s.drawOpenings(tx, e, now.rounds, round); err != nil {
			return err
		}
		if err := tx.CreateRound(round); err != nil {
			return err
		}
		return Audit(tx, s.now(), now.user, eventID, ActionRoundPair, fmt.Sprintf("round %d", now.next), nil, pairingsView(round), "")
	})
	return round, err
}

// pairingSnapshot is what the pairing of an event's next round rests on,
// read and checked in one transaction.
type pairingSnapshot struct {
	user    *User
	stored  Event
	players []Player
	rounds  []Round
	next    int
	pair    PairFunc
	// absent are the players the check-in confirmed absent from round
	// next; players shows them to the pairing as sitting it out.
	absent map[int64]bool
}

// pairingSnapshot reads the event as the pairing of its next round needs it
// and checks that the round may be paired by the signed-in user.
func (s *Service) pairingSnapshot(ctx context.Context, tx Tx, eventID int64) (*pairingSnapshot, error) {
	e, u, err := manageable(ctx, tx, eventID)
	if err != nil {
		return nil, err
	}
	switch {
	case !e.Discipline.PlaysGames():
		return nil, Invalid("discipline", "a composition contest has no rounds to pair; its entries are submitted, judged and awarded through the contest (/api/v1/events/%d/contest)", eventID)
	case e.Discipline.IsTeam():
		return nil, ErrPairedByTeam
	case e.StartsAtOnce():
		return nil, Invalid("discipline", "a correspondence section starts all its games at once (POST /api/v1/events/%d/start), not round by round", eventID)
	case e.Status == Finished:
		return nil, e.TableOpen("")
	}
	pair := s.pairing[e.System]
	if pair == nil {
		return nil, Invalid("system", "pairing for %s events is not available yet in this version of adiukh", e.System)
	}
	players, rounds, err := playersAndRounds(tx, eventID)
	if err != nil {
		return nil, err
	}
	next := len(rounds) + 1
	if err := checkPreviousRound(e, lastRound(rounds), next); err != nil {
		return nil, err
	}
	absent, err := presence(tx, e, players, next)
	if err != nil {
		return nil, err
	}
	players = withAbsence(e, players, absent, next)
	if err := readyToPair(players, next); err != nil {
		return nil, err
	}
	return &pairingSnapshot{user: u, stored: *e, players: players, rounds: rounds, next: next, pair: pair, absent: absent}, nil
}

// event is the event as its next round is paired: a round robin learns its
// number of rounds from the field when round 1 is paired.
func (p *pairingSnapshot) event() *Event {
	e := p.stored
	if p.next == 1 && e.System.IsRoundRobin() {
		e.Rounds = roundRobinRounds(len(p.players), e.System == DoubleRoundRobin) * max(e.Cycles, 1)
	}
	if p.next == 1 && e.System == Knockout {
		playing := 0
		for _, pl := range p.players {
			if pl.PlaysIn(1) {
				playing++
			}
		}
		e.Rounds = knockoutRounds(playing)
	}
	return &e
}

// same tells whether two snapshots pair the same round from the same data.
func (p *pairingSnapshot) same(q *pairingSnapshot) bool {
	return p.next == q.next && reflect.DeepEqual(p.stored, q.stored) &&
		reflect.DeepEqual(p.players, q.players) && reflect.DeepEqual(p.rounds, q.rounds) &&
		reflect.DeepEqual(p.absent, q.absent)
}

// lastRound is the last of rounds, nil when there is none.
func lastRound(rounds []Round) *Round {
	if len(rounds) == 0 {
		return nil
	}
	return &rounds[len(rounds)-1]
}

// readyToPair tells whether round next, which may follow the rounds
// before it, has players enough to pair.
func readyToPair(players []Player, next int) error {
	active := 0
	for _, p := range players {
		if p.DueIn(next) {
			active++
		}
	}
	if active < 2 {
		return Conflict("", "round %d needs at least 2 players; %d can play", next, active)
	}
	return nil
}

// checkPreviousRound tells whether round next of the event may follow prev,
// the last round paired (nil before round 1). It is the same rule for
// individual and team events: the event has rounds left, prev is published,
// and in a Swiss event prev has every result, as the pairing rests on them.
func checkPreviousRound(e *Event, prev *Round, next int) error {
	if e.Rounds > 0 && next > e.Rounds {
		return Conflict("", "all %d rounds are paired", e.Rounds)
	}
	switch {
	case prev == nil:
		return nil
	case prev.Status == Draft:
		return Conflict("", "round %d is still a draft; publish it first", prev.Number)
	case e.System == Swiss && prev.Status != Done:
		return Conflict("", "round %d still has games without a result; a Swiss round is paired on the results", prev.Number)
	case e.System == Knockout && prev.Status != Done:
		return Conflict("", "round %d still has matches without a winner; the next round of a knockout pairs the winners", prev.Number)
	}
	if n, boards, missing := missingSheet(e, []Round{*prev}); missing {
		return Conflict("sheets", "the event requires score sheets, and round %d misses those of board %s; enter them before pairing round %d", n, boards, next)
	}
	return nil
}

// newRound turns pairings into the games of a draft round; a player of
// absent (confirmed absent at the check-in) who is paired, as the Berger
// table pairs everyone, forfeits the game.
func (s *Service) newRound(e *Event, players []Player, pairings []Pairing, n int, absent map[int64]bool) (*Round, error) {
	byID := make(map[int64]*Player, len(players))
	for i := range players {
		byID[players[i].ID] = &players[i]
	}
	r := &Round{EventID: e.ID, Number: n, Status: Draft}
	for i, pr := range pairings {
		white, black := byID[pr.WhiteID], byID[pr.BlackID]
		if white == nil || (pr.BlackID != 0 && black == nil) || pr.WhiteID == pr.BlackID {
			return nil, fmt.Errorf("pairing engine for %s returned board %d with unknown players %d-%d", e.System, i+1, pr.WhiteID, pr.BlackID)
		}
		g := Game{Board: i + 1, WhiteID: pr.WhiteID, BlackID: pr.BlackID, WhiteNo: white.StartNo}
		if black != nil {
			g.BlackNo = black.StartNo
		}
		plays := func(p *Player) bool { return p.PlaysIn(n) && !absent[p.ID] }
		switch {
		case pr.BlackID == 0:
			g.Result = &Result{EndReason: Bye}
		case !plays(white) && !plays(black):
			g.Result = &Result{EndReason: DoubleForfeit}
		case !plays(white):
			g.Result = &Result{White: 0, Black: e.Game.GamePoints(), EndReason: Forfeit}
		case !plays(black):
			g.Result = &Result{White: e.Game.GamePoints(), Black: 0, EndReason: Forfeit}
		}
		s.splitForfeit(e, &g)
		r.Games = append(r.Games, g)
	}
	// Requested byes (C.04.1 c) follow the boards the pairing made; a
	// player on a requested bye must not have been paired.
	paired := make(map[int64]bool, 2*len(pairings))
	for _, pr := range pairings {
		paired[pr.WhiteID], paired[pr.BlackID] = true, true
	}
	for _, p := range players {
		if !p.PlaysIn(n) || !p.OnRequestedBye(n) {
			continue
		}
		if paired[p.ID] {
			return nil, Conflict("", "player %d asked for a bye in round %d but is paired", p.StartNo, n)
		}
		r.Games = append(r.Games, Game{Board: len(r.Games) + 1, WhiteID: p.ID, WhiteNo: p.StartNo, Result: &Result{EndReason: p.ByeKind.endReason()}})
	}
	return r, nil
}

// PublishRound makes a draft round's pairings public so results can be
// entered. A round whose games all have results (byes, forfeits) is finished
// at once.
func (s *Service) PublishRound(ctx context.Context, eventID int64, n int) (*Round, error) {
	return s.PublishRoundAt(ctx, eventID, n, time.Time{})
}

// PublishRoundAt publishes a round of an event played live whose clocks
// start at startsAt (zero: at once), which may not be in the past; the
// round's games start then (Options.LiveRound).
func (s *Service) PublishRoundAt(ctx context.Context, eventID int64, n int, startsAt time.Time) (*Round, error) {
	now := s.now()
	if !startsAt.IsZero() && startsAt.Before(now.Add(-time.Minute)) {
		return nil, Invalid("starts_at", "the start time %s has passed", startsAt.UTC().Format(time.RFC3339))
	}
	if err := CheckRoundStart("starts_at", startsAt); err != nil {
		return nil, err
	}
	var round *Round
	var e *Event
	err := s.store.Update(ctx, func(tx Tx) error {
		var u *User
		var err error
		e, u, err = manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if !startsAt.IsZero() && !e.Online {
			return Invalid("starts_at", "only an event played live on the site starts its rounds' clocks at a time")
		}
		if _, round, err = storedRound(tx, eventID, n); err != nil {
			return err
		}
		if round.Status != Draft {
			return Conflict("", "round %d is already published", n)
		}
		round.Status = Published
		if allResults(round) {
			round.Status = Done
		}
		if err := tx.UpdateRoundStatus(round); err != nil {
			return err
		}
		return Audit(tx, s.now(), u, eventID, ActionRoundPublish, fmt.Sprintf("round %d", n), Draft, round.Status, "")
	})
	if err != nil {
		return nil, err
	}
	if (e.Online || e.Discipline.PlayedOnServer()) && s.liveRound != nil {
		// After the commit, in a transaction of its own: should it fail,
		// the sweep starts the games (correspondence.Service.SyncLive).
		if startsAt.IsZero() {
			startsAt = now
		}
		if err := s.liveRound(ctx, eventID, n, startsAt); err != nil {
			return round, err
		}
	}
	return round, nil
}

// GameWriter is the part of a transaction that writes a round's games and
// its status; the transaction of correspondence has it too.
type GameWriter interface {
	UpdateGame(g *Game) error
	UpdateRoundStatus(r *Round) error
}

// StoreGame stores game g of round (its result, its sheet), g being one of
// round.Games, and settles the round's status (settleRound). The arbiter's
// entry, a confirmed player report and correspondence play all store their
// games through here.
func StoreGame(tx GameWriter, round *Round, g *Game) error {
	if err := tx.UpdateGame(g); err != nil {
		return err
	}
	return settleRound(tx, round)
}

// settleRound keeps a published round's status in step with its games: the
// result that completes the round makes it done, and a game without a
// result (a correspondence game the arbiter reopens) makes it published
// again, since a done round is one whose games are all over. A draft stays
// a draft: its results are entered only once it is published.
func settleRound(tx interface{ UpdateRoundStatus(r *Round) error }, round *Round) error {
	status := round.Status
	switch {
	case status == Published && allResults(round):
		status = Done
	case status == Done && !allResults(round):
		status = Published
	}
	if status == round.Status {
		return nil
	}
	round.Status = status
	return tx.UpdateRoundStatus(round)
}

func allResults(r *Round) bool {
	for _, g := range r.Games {
		if g.Result == nil {
			return false
		}
	}
	return true
}

// boardView is a game's pairing in start numbers, as the audit log keeps it.
type boardView struct {
	Board  int    `json:"board"`
	White  int    `json:"white"`
	Black  int    `json:"black,omitempty"`
	Result string `json:"result,omitempty"`
}

func pairingsView(r *Round) []boardView {
	view := make([]boardView, len(r.Games))
	for i, g := range r.Games {
		view[i] = boardView{Board: g.Board, White: g.WhiteNo, Black: g.BlackNo}
		if g.Result != nil {
			view[i].Result = string(g.Result.EndReason) + " " + g.Result.Score()
		}
	}
	return view
}
