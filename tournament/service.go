package tournament

import (
	"cmp"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"
)

// Options plug the algorithms and the clock into a Service.
type Options struct {
	// Pairing pairs rounds by system. A system without an entry answers
	// "not available yet".
	Pairing map[System]PairFunc
	// Ranker computes standings and knows the tie-breaks; required.
	Ranker Ranker
	// Swiss explains Swiss pairings (pairing cards).
	Swiss SwissTools
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// LiveRound starts the games on the server of a round once it is
	// published (correspondence.Service.StartLiveRound): an online
	// event's live games, their clocks running from startsAt, or a
	// correspondence knockout's; nil leaves that to the sweep.
	LiveRound func(ctx context.Context, eventID int64, round int, startsAt time.Time) error
	// Hidden tells those who have an event in their plans (its entrants,
	// players and followers, package entries: entries.Service.TellHidden)
	// that the event, public until then, was made private; nil tells
	// nobody but their pages.
	Hidden func(ctx context.Context, eventID int64) error
	// MicroMatches are the rules of micro-matches (micromatch.Plug): an
	// event's setting, the openings drawn for its rounds, a forfeited
	// board's two games; without them an event plays one game a pairing.
	MicroMatches MicroMatches
	// Playoffs order an event's final standings by the play-offs that
	// decided its ties (playoff.Plug); without them tie-breaks alone do.
	Playoffs Playoffs
	// Knockout settles a knockout event's settings (engines.SettleKnockout):
	// in replaces them when given, and a bracket that cannot be played is
	// refused; an event of another system keeps none.
	Knockout func(e *Event, in *KnockoutSettings) error
	// TimeZone is the zone (an IANA name) a new event is played in unless
	// its arbiter chooses another: the server's setting, DefaultTimeZone
	// when empty.
	TimeZone string
}

// Service carries out the tournament use cases. The signed-in user comes
// from the context (NewContextWithUser); a nil user is an anonymous reader.
//
// It is one type whose files group its use cases by aggregate — events
// (service.go), rounds and results (service_rounds.go, service_results.go,
// swiss_plug.go; the Swiss use cases in package swiss) and
// the players' accounts with what the desk reads of their reports
// (submission.go); accounts live in package account, the register of
// people in package people, entries (online and the arbiter's pasted
// lists), the calendar, regulations and follows in package entries, the
// desk's registration of players in package players, the site's search in package search, team competitions in package teams,
// results reported by players and batches of score sheets in package
// submissions, a player's card in package playercard, events exchanged
// with other programs as TRF files in package interchange, the arbiter's
// review of a round before it is played (seats swapped, a pairing made by
// hand, a draft deleted, a round taken back to a draft) in package review.
// One type rather than a service per aggregate, because the use cases of
// one event cross aggregates in one transaction (pairing reads players and
// writes a round and the audit log), and services calling each other would
// hide that. What each piece depends on is made visible instead by the Tx
// parts its helpers take (EventTx, PlayerTx, RoundTx, SubmissionTx,
// AuditTx): a new discipline adds its own Tx part and its own files.
type Service struct {
	store     Store
	pairing   map[System]PairFunc
	ranker    Ranker
	swiss     SwissTools
	now       func() time.Time
	liveRound func(ctx context.Context, eventID int64, round int, startsAt time.Time) error
	hidden    func(ctx context.Context, eventID int64) error
	micro     MicroMatches
	playoffs  Playoffs
	knockout  func(e *Event, in *KnockoutSettings) error
	zone      string
}

// NewService returns a service over st.
func NewService(st Store, opt Options) *Service {
	s := &Service{store: st, pairing: opt.Pairing, ranker: opt.Ranker, swiss: opt.Swiss, now: opt.Now, liveRound: opt.LiveRound, hidden: opt.Hidden, micro: opt.MicroMatches, playoffs: opt.Playoffs, knockout: opt.Knockout, zone: cmp.Or(opt.TimeZone, DefaultTimeZone)}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Store is the store the service runs its transactions in, and Now the
// time by its clock: the players' use cases (package players) are the
// events' own, run in the same store by the same clock.
func (s *Service) Store() Store { return s.store }

// Now: see Store.
func (s *Service) Now() time.Time { return s.now() }

// TimeZone is the zone a new event is played in unless its arbiter
// chooses another (Options.TimeZone), which the event form proposes.
func (s *Service) TimeZone() string { return s.zone }

// TieBreaks lists every tie-break an event may order its standings by.
func (s *Service) TieBreaks() []TieBreakInfo {
	return s.ranker.TieBreaks()
}

func (s *Service) knownTieBreak(id string) bool {
	return slices.ContainsFunc(s.ranker.TieBreaks(), func(t TieBreakInfo) bool { return t.ID == id })
}

// readable loads an event the context's user may see; others get ENOTFOUND
// so that private events do not reveal they exist.
func readable(ctx context.Context, tx EventTx, eventID int64) (*Event, error) {
	e, err := tx.Event(eventID)
	if err != nil {
		return nil, err
	}
	if !canRead(UserFromContext(ctx), e) {
		return nil, NotFound("event %d not found", eventID)
	}
	return e, nil
}

// manageable loads an event the context's user may change, locked for the
// rest of the transaction. A cancelled event changes no more.
func manageable(ctx context.Context, tx EventTx, eventID int64) (*Event, *User, error) {
	e, u, err := managed(ctx, tx, eventID)
	if err != nil {
		return nil, nil, err
	}
	if e.Status == Cancelled {
		return nil, nil, Conflict("status", "the event is cancelled (%s); it no longer changes", e.CancelReason)
	}
	return e, u, nil
}

// managed loads an event the context's user may manage, locked, cancelled
// or not: for what its managers read.
func managed(ctx context.Context, tx EventTx, eventID int64) (*Event, *User, error) {
	u := UserFromContext(ctx)
	if u == nil {
		return nil, nil, Unauthorized("sign in (an API token) to change events")
	}
	if err := tx.LockEvent(eventID); err != nil {
		return nil, nil, err
	}
	e, err := readable(ctx, tx, eventID)
	if err != nil {
		return nil, nil, err
	}
	if err := MayManage(ctx, e); err != nil {
		return nil, nil, err
	}
	return e, u, nil
}

// CreateEvent creates an event from the given settings; name, discipline and
// system are required. The event starts in registration, public, with the
// default scoring and the system's preset tie-breaks unless given.
func (s *Service) CreateEvent(ctx context.Context, in EventInput) (*Event, error) {
	e, u, err := s.NewEvent(ctx, in)
	if err != nil {
		return nil, err
	}
	err = s.store.Update(ctx, func(tx Tx) error {
		if err := tx.CreateEvent(e); err != nil {
			return err
		}
		return Audit(tx, s.now(), u, e.ID, ActionEventCreate, fmt.Sprintf("event %d", e.ID), nil, e, "")
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// NewEvent checks the settings of an event to create and fills in the
// defaults; the caller stores it (CreateEvent, and package interchange an
// imported event).
func (s *Service) NewEvent(ctx context.Context, in EventInput) (*Event, *User, error) {
	if err := MayCreateEvent(ctx); err != nil {
		return nil, nil, err
	}
	u := UserFromContext(ctx)
	if in.System == nil && in.Discipline != nil && !Discipline(*in.Discipline).PlaysGames() {
		in.System = ptrTo(string(RoundRobin)) // a contest pairs nobody: see withoutPairing
	}
	for _, req := range []struct {
		field string
		set   bool
	}{{"name", in.Name != nil}, {"discipline", in.Discipline != nil}, {"system", in.System != nil}} {
		if !req.set {
			return nil, nil, Invalid(req.field, "is required")
		}
	}
	if in.Status != nil && *in.Status != string(Registration) {
		return nil, nil, Invalid("status", "a new event starts in registration")
	}
	sys, err := ParseSystem(*in.System)
	if err != nil {
		return nil, nil, err
	}
	e := &Event{
		Game:       DefaultGame,
		Scoring:    DefaultScoring(sys),
		TieBreaks:  s.ranker.DefaultTieBreaks(sys),
		Status:     Registration,
		Visibility: Public,
		TimeZone:   s.zone,
		OwnerID:    u.ID,
		CreatedAt:  s.now().UTC(),
	}
	if err := in.apply(e, s.knownTieBreak, s.micro); err != nil {
		return nil, nil, err
	}
	if err := s.settleKnockout(e, in.Knockout); err != nil {
		return nil, nil, err
	}
	e.withoutPairing()
	if e.System == Swiss && e.Rounds == 0 {
		return nil, nil, Invalid("rounds", "a Swiss event needs its number of rounds")
	}
	return e, u, nil
}

// Event returns one event the user may see.
func (s *Service) Event(ctx context.Context, id int64) (*Event, error) {
	var e *Event
	err := s.store.View(ctx, func(tx Tx) (err error) {
		e, err = readable(ctx, tx, id)
		return err
	})
	return e, err
}

// Events lists the events the user may see.
func (s *Service) Events(ctx context.Context) ([]Event, error) {
	var events []Event
	err := s.store.View(ctx, func(tx Tx) (err error) {
		events, err = VisibleEvents(ctx, tx)
		return err
	})
	return events, err
}

// VisibleEvents lists the events the context's user may see, by start
// date, newest first: every one for an administrator, else the public ones
// and the user's own.
func VisibleEvents(ctx context.Context, tx EventTx) ([]Event, error) {
	u := UserFromContext(ctx)
	var owner int64
	if u != nil {
		owner = u.ID
	}
	return tx.Events(owner, u != nil && u.Role == Admin)
}

// UpdateEvent changes the settings of an event. Discipline and system are
// fixed once round 1 is paired, and a composition contest's discipline once
// its judging has begun; status moves forward only: registration → running
// → finished. A rated event finished without an end date ends that day. A
// public event made private is told to those who have it in their plans
// (Options.Hidden).
func (s *Service) UpdateEvent(ctx context.Context, id int64, in EventInput, reason string) (*Event, error) {
	var e *Event
	var hidden bool
	err := s.store.Update(ctx, func(tx Tx) error {
		old, u, err := manageable(ctx, tx, id)
		if err != nil {
			return err
		}
		rounds, err := tx.Rounds(id)
		if err != nil {
			return err
		}
		next := *old
		next.TieBreaks = slices.Clone(old.TieBreaks)
		next.Arbiters = slices.Clone(old.Arbiters)
		if err := in.apply(&next, s.knownTieBreak, s.micro); err != nil {
			return err
		}
		if err := s.settleKnockout(&next, in.Knockout); err != nil {
			return err
		}
		next.withoutPairing()
		reopening := old.Status == Finished && in.Status != nil && EventStatus(*in.Status) == Running
		if !reopening {
			if err := old.tableSettingsKept(&next); err != nil {
				return err
			}
		}
		if old.Discipline == Composition && next.Discipline != Composition {
			// A contest with entries, being judged or awarded would vanish
			// from its pages, and its authors' entries with it.
			if old.Status != Registration {
				return Conflict("discipline", "the contest is being judged or has its award; the discipline cannot change")
			}
			entries, err := tx.ContestEntries(id)
			if err != nil {
				return err
			}
			if entries > 0 {
				return Conflict("discipline", "the contest has %d entries; the discipline cannot change while they are in it", entries)
			}
		}
		if len(rounds) > 0 {
			switch {
			case next.Discipline != old.Discipline:
				return Conflict("discipline", "the discipline cannot change once round 1 is paired")
			case next.Game.OrDefault() != old.Game.OrDefault():
				return Conflict("game", "the game cannot change once round 1 is paired")
			case next.System != old.System:
				return Conflict("system", "the pairing system cannot change once round 1 is paired")
			case next.MicroMatch != old.MicroMatch:
				return Conflict("micro_match", "micro-matches cannot be switched on, off or to another draw once round 1 is paired")
			case next.System.IsRoundRobin() && next.Rounds != old.Rounds:
				return Conflict("rounds", "a round robin has %d rounds, fixed by its number of players", old.Rounds)
			case next.System == Knockout && next.Rounds != old.Rounds:
				return Conflict("rounds", "a knockout has %d rounds, fixed by its bracket", old.Rounds)
			case !reflect.DeepEqual(next.Knockout, old.Knockout):
				return Conflict("knockout", "the knockout's matches and bracket cannot change once round 1 is paired")
			case next.Rounds < len(rounds) && !(next.System == Knockout && next.Discipline.IsTeam()):
				// A team knockout's rounds are its ties' legs, paired as
				// the ties need them: it has no number of rounds.
				return Conflict("rounds", "%d rounds are already paired", len(rounds))
			}
		}
		if next.System == Swiss && next.Rounds == 0 {
			return Invalid("rounds", "a Swiss event needs its number of rounds")
		}
		action := ActionEventUpdate
		if in.Status != nil {
			to := EventStatus(*in.Status)
			if reopening {
				// Reopening is the one way a final table changes: never
				// without a reason, which the audit keeps and the public
				// pages show.
				if reason = strings.TrimSpace(reason); reason == "" {
					return Invalid("reason", "reopening a finished event changes its final table; say why (the event's pages show the reason)")
				}
				next.ReopenedAt, next.ReopenReason = s.now().UTC(), reason
				action = ActionEventReopen
			} else if err := checkStatusChange(old, to, rounds); err != nil {
				return err
			}
			next.Status = to
			if next.Status == Finished && old.Status != Finished && next.Rated && next.EndDate == "" {
				// A rated event is rated in the period of its end date:
				// without one, the day its last results came in.
				next.EndDate = max(s.now().In(next.Location()).Format(time.DateOnly), next.StartDate)
			}
		}
		next.Revise(old, s.now())
		if err := tx.UpdateEvent(&next); err != nil {
			return err
		}
		e = &next
		hidden = old.Visibility == Public && next.Visibility == Private
		return Audit(tx, s.now(), u, id, action, fmt.Sprintf("event %d", id), old, e, reason)
	})
	if err == nil && hidden && s.hidden != nil {
		// After the commit: the event made private no longer shows in
		// the feeds and pages of those who planned to play or follow it,
		// so they are told, as of a cancellation.
		err = s.hidden(ctx, id)
	}
	return e, err
}

// ReopenEvent reopens a finished event for a correction, with the reason
// the audit keeps and the event's pages show: until then its results stand
// (Event.TableOpen). Finishing it again closes it as before.
func (s *Service) ReopenEvent(ctx context.Context, id int64, reason string) (*Event, error) {
	running := string(Running)
	return s.UpdateEvent(ctx, id, EventInput{Status: &running}, reason)
}

func checkStatusChange(e *Event, to EventStatus, rounds []Round) error {
	if to == e.Status {
		return nil
	}
	switch {
	case to == Cancelled:
		return Invalid("status", "cancelling an event needs the reason its entrants and followers are told; cancel it with one")
	case to != Registration && to != Running && to != Finished:
		return Invalid("status", "unknown status %q; use \"registration\", \"running\" or \"finished\"", to)
	case e.Status == Finished || to == Registration:
		return Conflict("status", "an event's status only moves forward (registration → running → finished), and a finished one is reopened with a reason; it is %s", e.Status)
	case to == Finished:
		if len(rounds) == 0 {
			return Conflict("status", "no round has been paired yet")
		}
		if len(rounds) < e.Rounds {
			return Conflict("status", "only %d of %d rounds are paired", len(rounds), e.Rounds)
		}
		for _, r := range rounds {
			if r.Status != Done {
				return Conflict("status", "round %d still has games without a result", r.Number)
			}
		}
		if n, boards, missing := missingSheet(e, rounds); missing {
			return Conflict("sheets", "the event requires score sheets, and round %d misses those of board %s; enter them before finishing the event", n, boards)
		}
	}
	return nil
}

func ptrTo[T any](v T) *T { return &v }
