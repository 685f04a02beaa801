package correspondence

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/knockout"
	"adiukh/tournament/micromatch"
)

// Audit actions of correspondence play.
const (
	ActionStart        = "correspondence.start"
	ActionSettings     = "correspondence.settings"
	ActionMove         = "correspondence.move"
	ActionFinal        = "correspondence.final_position"
	ActionDrawOffer    = "correspondence.draw_offer"
	ActionDrawAccept   = "correspondence.draw_accept"
	ActionDrawDecline  = "correspondence.draw_decline"
	ActionResign       = "correspondence.resign"
	ActionTimeout      = "correspondence.timeout"
	ActionAdjudication = "correspondence.adjudication"
	ActionDecision     = "correspondence.decision"
	ActionReopen       = "correspondence.reopen"
	ActionLeave        = "correspondence.leave"
	ActionLeaveCancel  = "correspondence.leave_cancel"
)

// Options plug the pairing, the clock and the mail into a Service.
type Options struct {
	// Pairing pairs the rounds of the section; the round-robin systems are
	// used (engines.Options().Pairing).
	Pairing map[tournament.System]tournament.PairFunc
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Mailer delivers notifications by e-mail; nil keeps them in the inbox.
	Mailer Mailer
	// Backstop is how often the watched games' versions are read while
	// the change feed listens (ListenForChanges), for a notice lost with a
	// broken connection: 5 s when zero.
	Backstop time.Duration
	// Log tells of the watched games' polls that failed: slog.Default when
	// nil.
	Log *slog.Logger
	// BoardClocks are the time controls of the boards of a round that are
	// not the event's, by board, read in the transaction that starts the
	// round's games (tx, the store's): a team knockout's tie-break legs
	// at their stage's clock (teams.LegClocks). Nil plays every board at
	// the event's.
	BoardClocks func(tx any, e *tournament.Event, round int) (map[int]string, error)
}

// Service carries out correspondence play. The signed-in user comes from
// the context (tournament.NewContextWithUser).
type Service struct {
	store    Store
	pairing  map[tournament.System]tournament.PairFunc
	now      func() time.Time
	mailer   Mailer
	log      *slog.Logger
	clocks   func(tx any, e *tournament.Event, round int) (map[int]string, error)
	watchers watchers
	// commits gathers the live moves' writes into shared transactions.
	commits committer
	// kept is what live moves read that play does not change.
	kept kept
}

// NewService returns a service over st.
func NewService(st Store, opt Options) *Service {
	s := &Service{store: st, pairing: opt.Pairing, now: opt.Now, mailer: opt.Mailer, log: cmp.Or(opt.Log, slog.Default()), clocks: opt.BoardClocks}
	if s.now == nil {
		s.now = time.Now
	}
	s.watchers.backstop = cmp.Or(opt.Backstop, watchBackstop)
	return s
}

// readable loads an event the context's user may see.
func readable(ctx context.Context, tx Tx, eventID int64) (*tournament.Event, error) {
	e, err := tx.Event(eventID)
	if err != nil {
		return nil, err
	}
	u := tournament.UserFromContext(ctx)
	if tournament.CanRead(u, e) {
		return e, nil
	}
	// A private section is played by its own players: they read its games
	// as its arbiters do, where everyone else finds nothing.
	if u != nil && (e.Discipline == tournament.Correspondence || e.Online) {
		linked, err := tx.PlayerAccounts(eventID)
		if err != nil {
			return nil, err
		}
		for _, account := range linked {
			if account.ID == u.ID {
				return e, nil
			}
		}
	}
	return nil, tournament.NotFound("event %d not found", eventID)
}

// section loads a correspondence event, locked for the transaction.
func section(tx Tx, eventID int64) (*tournament.Event, error) {
	if err := tx.LockEvent(eventID); err != nil {
		return nil, err
	}
	return sectionEvent(tx, eventID)
}

// sectionEvent loads a correspondence event without locking it.
func sectionEvent(tx Tx, eventID int64) (*tournament.Event, error) {
	e, err := tx.Event(eventID)
	if err != nil {
		return nil, err
	}
	if e.Discipline != tournament.Correspondence && !e.Online {
		return nil, tournament.Invalid("discipline", "%s is a %s event; games are played on the server only in correspondence events and events played live", e.Name, e.Discipline)
	}
	return e, nil
}

// correspondenceOnly refuses what only a correspondence section has
// (leave, a section started at once, its settings) for a live event.
func correspondenceOnly(e *tournament.Event) error {
	if e.Discipline != tournament.Correspondence {
		return tournament.Invalid("discipline", "%s is played live, not by correspondence", e.Name)
	}
	return nil
}

// manageable loads a correspondence event the user may run, locked.
func manageable(ctx context.Context, tx Tx, eventID int64) (*tournament.Event, *tournament.User, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, nil, tournament.Unauthorized("sign in (an API token) to change events")
	}
	e, err := section(tx, eventID)
	if err != nil {
		return nil, nil, err
	}
	if !tournament.CanRead(u, e) {
		return nil, nil, tournament.NotFound("event %d not found", eventID)
	}
	if !tournament.CanManage(u, e) {
		return nil, nil, tournament.Forbidden("only an administrator or the event's own arbiter may change %s", e.Name)
	}
	return e, u, nil
}

// SettingsInput changes a section's settings; nil fields stay.
type SettingsInput struct {
	LeaveDays   *int
	MaxMoveDays *int
	// StartPosition (rules notation, "" for the initial position) and
	// StartSide ("white" or "black") make a thematic section; they are
	// fixed once the section starts.
	StartPosition *string
	StartSide     *string
}

// Settings returns a section's settings.
func (s *Service) Settings(ctx context.Context, eventID int64) (*Settings, error) {
	var st *Settings
	err := s.store.View(ctx, func(tx Tx) error {
		if _, err := readable(ctx, tx, eventID); err != nil {
			return err
		}
		var err error
		st, err = tx.Settings(eventID)
		return err
	})
	return st, err
}

// Configure changes the leave allowance and the maximum reflection time
// per move. A higher cap lengthens the turns running now; a lower one
// applies to each game from its next turn, so no move being thought over is
// cut short. A change once the games have started needs its reason.
//
// An event played live has no leave nor days per move; its thematic start
// is the position of the rounds whose games start after the change (each
// game keeps the position it started from), so the arbiter gives each
// round its own before publishing it, until the event is over.
func (s *Service) Configure(ctx context.Context, eventID int64, in SettingsInput, reason string) (*Settings, error) {
	var st *Settings
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if e.Discipline != tournament.Correspondence {
			if err := liveSettable(e, in); err != nil {
				return err
			}
		}
		old, err := tx.Settings(eventID)
		if err != nil {
			return err
		}
		next := *old
		if in.LeaveDays != nil {
			if *in.LeaveDays < 0 || *in.LeaveDays > 365 {
				return tournament.Invalid("leave_days", "leave is 0 to 365 days per player; got %d", *in.LeaveDays)
			}
			next.LeaveDays = *in.LeaveDays
		}
		if in.MaxMoveDays != nil {
			if *in.MaxMoveDays < 0 || *in.MaxMoveDays > 365 {
				return tournament.Invalid("max_move_days", "the reflection time per move is 0 (no cap) to 365 days; got %d", *in.MaxMoveDays)
			}
			next.MaxMoveDays = *in.MaxMoveDays
		}
		if in.StartPosition != nil || in.StartSide != nil {
			if e.Status != tournament.Registration && !e.Online {
				return tournament.Conflict("start_position", "the games have started; their start position is fixed")
			}
			if err := in.applyStart(e.Game, &next); err != nil {
				return err
			}
		}
		if e.Status != tournament.Registration && next != *old && strings.TrimSpace(reason) == "" {
			return tournament.Invalid("reason", "say why the settings change while the games are played; the audit log keeps it")
		}
		if err := tx.SaveSettings(&next); err != nil {
			return err
		}
		st = &next
		// A live game's clock is the live sweep's (liveCheck), which no
		// setting here changes.
		if !e.Online {
			if err := s.refreshDeadlines(tx, e, 0); err != nil {
				return err
			}
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionSettings, fmt.Sprintf("event %d", eventID), old, st, reason)
	})
	return st, err
}

// liveSettable refuses what an event played live cannot set: leave and
// days per move are correspondence's, a micro-match's games start from
// their drawn openings, and a finished event's games are all played.
func liveSettable(e *tournament.Event, in SettingsInput) error {
	switch {
	case in.LeaveDays != nil:
		return tournament.Invalid("leave_days", "the event is played live: it has no leave, only its clocks")
	case in.MaxMoveDays != nil:
		return tournament.Invalid("max_move_days", "the event is played live: it has no days per move, only its clocks")
	case e.MicroMatch.On():
		return tournament.Invalid("start_position", "the event is played in micro-matches: each board starts from the opening drawn for it")
	case e.Status == tournament.Finished:
		return tournament.Conflict("start_position", "the event is finished: its games are all played")
	}
	return nil
}

// applyStart checks and sets a thematic start: a legal position of the
// event's game where the side to move has a move (Adiukh's position
// notation with the side given, or a FEN of Russian draughts, which names
// its side).
func (in SettingsInput) applyStart(k tournament.GameKind, st *Settings) error {
	if in.StartSide != nil {
		switch *in.StartSide {
		case "white":
			st.StartSide = rules.White
		case "black":
			st.StartSide = rules.Black
		default:
			return tournament.Invalid("start_side", "the side to move is \"white\" or \"black\"; got %q", *in.StartSide)
		}
	}
	if in.StartPosition != nil {
		st.StartPosition = strings.TrimSpace(*in.StartPosition)
	}
	if st.StartPosition == "" {
		st.StartSide = rules.White
		return nil
	}
	start, err := k.Rules().ParseState(st.StartPosition, st.StartSide)
	if err != nil {
		return tournament.Invalid("start_position", "%s", err.Error())
	}
	if start.Outcome().Over {
		return tournament.Invalid("start_position", "%s has no legal move in that position; a game cannot start from a final position", start.ToMove())
	}
	st.StartPosition, st.StartSide = start.Notation(), start.ToMove()
	return nil
}

func findPlayer(tx Tx, eventID, playerID int64) (*tournament.Player, error) {
	players, err := tx.Players(eventID)
	if err != nil {
		return nil, err
	}
	for i := range players {
		if players[i].ID == playerID {
			return &players[i], nil
		}
	}
	return nil, tournament.NotFound("player %d of event %d not found", playerID, eventID)
}

// Start starts a round-robin section: every game of the Berger table starts
// at once, colours from the table, White to move everywhere. The rounds are
// stored published, so standings and crosstable follow the games.
func (s *Service) Start(ctx context.Context, eventID int64) ([]Game, error) {
	var games []Game
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := correspondenceOnly(e); err != nil {
			return err
		}
		if err := startable(e); err != nil {
			return err
		}
		pair := s.pairing[e.System]
		if pair == nil {
			return tournament.Invalid("system", "pairing for %s events is not available in this version of adiukh", e.System)
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		if len(rounds) > 0 {
			return tournament.Conflict("", "%s has already started: %d rounds are paired", e.Name, len(rounds))
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		if err := s.ready(tx, e, players); err != nil {
			return err
		}
		before := *e
		e.Rounds = roundRobinRounds(len(players), e.System == tournament.DoubleRoundRobin)
		e.Status = tournament.Running
		if err := tx.UpdateEvent(e); err != nil {
			return err
		}
		if rounds, err = s.pairAll(tx, e, players, pair); err != nil {
			return err
		}
		settings, err := tx.Settings(eventID)
		if err != nil {
			return err
		}
		leaves, err := tx.Leaves(eventID)
		if err != nil {
			return err
		}
		start, err := startState(e.Game, settings)
		if err != nil {
			return fmt.Errorf("event %d: start position: %w", eventID, err)
		}
		now := s.now().UTC()
		for _, r := range rounds {
			for _, g := range r.Games {
				if g.Result != nil {
					continue // the bye
				}
				cg := Game{BoardGameID: g.ID, EventID: eventID, Round: r.Number, Board: g.Board, WhiteID: g.WhiteID, BlackID: g.BlackID,
					Status: Running, Position: start.Notation(), ToMove: start.ToMove(), StartedAt: now}
				cg.Bank = [2]time.Duration{InitialBank(e.TimeControl), InitialBank(e.TimeControl)}
				micro, err := microGames(e, &r, cg)
				if err != nil {
					return err
				}
				for _, mg := range micro {
					startTurn(&mg, settings, leaves, now)
					games = append(games, mg)
				}
			}
		}
		if err := tx.CreateGames(games); err != nil {
			return err
		}
		for i := range games {
			if err := s.notifyPlayer(tx, &games[i], games[i].PlayerID(games[i].ToMove), YourMove, gameArgs(e, &games[i], players)...); err != nil {
				return err
			}
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionStart, fmt.Sprintf("event %d", eventID), before.Status, map[string]any{"rounds": e.Rounds, "games": len(games), "time_control": e.TimeControl.String()}, "")
	})
	return games, err
}

func startable(e *tournament.Event) error {
	switch {
	case e.System == tournament.Knockout:
		return tournament.Invalid("system", "a correspondence knockout is paired and published round by round, each published round starting its matches' games (POST /api/v1/events/%d/rounds); it does not start all at once", e.ID)
	case !e.System.IsRoundRobin():
		return tournament.Invalid("system", "a correspondence section is played as a round robin (Berger table); %s is %s", e.Name, e.System)
	case !e.TimeControl.InDays():
		return tournament.Invalid("time_control", "set the event's time control in days first: \"10d\" or \"50d/10\"")
	case e.Status != tournament.Registration:
		return tournament.Conflict("status", "%s is %s; a section starts from registration", e.Name, e.Status)
	}
	return nil
}

// ready checks that the section can start: at least two players, each
// playing from round 1 with an account to move for them.
func (s *Service) ready(tx Tx, e *tournament.Event, players []tournament.Player) error {
	if len(players) < 2 {
		return tournament.Conflict("", "a section needs at least 2 players; %s has %d", e.Name, len(players))
	}
	linked, err := tx.PlayerAccounts(e.ID)
	if err != nil {
		return err
	}
	var missing []string
	for _, p := range players {
		if p.WithdrawnFrom != 0 {
			return tournament.Conflict("", "player %d (%s) is withdrawn; remove the player before the start", p.StartNo, p.Name)
		}
		if _, ok := linked[p.ID]; !ok {
			missing = append(missing, fmt.Sprintf("%d (%s)", p.StartNo, p.Name))
		}
	}
	if len(missing) > 0 {
		return tournament.Conflict("", "link every player to an account before the start; players without one: %s", joinList(missing))
	}
	return nil
}

// pairAll stores every round of the Berger table, published.
func (s *Service) pairAll(tx Tx, e *tournament.Event, players []tournament.Player, pair tournament.PairFunc) ([]tournament.Round, error) {
	byID := map[int64]*tournament.Player{}
	for i := range players {
		byID[players[i].ID] = &players[i]
	}
	var rounds []tournament.Round
	for n := 1; n <= e.Rounds; n++ {
		pairings, err := pair(tournament.PairingInput{Event: e, Players: players, Rounds: rounds, Round: n})
		if err != nil {
			return nil, err
		}
		r := tournament.Round{EventID: e.ID, Number: n, Status: tournament.Published}
		for i, pr := range pairings {
			white, black := byID[pr.WhiteID], byID[pr.BlackID]
			if white == nil || (pr.BlackID != 0 && black == nil) {
				return nil, fmt.Errorf("pairing of round %d returned unknown players %d-%d", n, pr.WhiteID, pr.BlackID)
			}
			g := tournament.Game{Board: i + 1, WhiteID: pr.WhiteID, BlackID: pr.BlackID, WhiteNo: white.StartNo}
			if black == nil {
				g.Result = &tournament.Result{EndReason: tournament.Bye}
			} else {
				g.BlackNo = black.StartNo
			}
			r.Games = append(r.Games, g)
		}
		if e.MicroMatch.On() {
			if err := micromatch.DrawRound(tx, e, rounds, &r); err != nil {
				return nil, err
			}
		}
		if err := tx.CreateRound(&r); err != nil {
			return nil, err
		}
		rounds = append(rounds, r)
	}
	return rounds, nil
}

// roundRobinRounds is the length of a Berger schedule (n-1 rounds, n for
// an odd number of players), twice that for a double round robin.
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

// leavePeriods are a player's leaves as spans of time.
func leavePeriods(leaves []Leave, playerID int64) []Period {
	var ps []Period
	for _, l := range leaves {
		if l.PlayerID == playerID {
			ps = append(ps, l.Period())
		}
	}
	return ps
}

// deadlineOf is when the side to move runs out of time.
func deadlineOf(g *Game, st *Settings, leaves []Leave) time.Time {
	budget := TurnBudget(g.Bank[g.ToMove], turnCap(g, st))
	return Deadline(g.TurnStart, budget, leavePeriods(leaves, g.PlayerID(g.ToMove)))
}

// turnCap is the cap on the running turn's reflection time (0: none): the
// more generous of the cap when the turn began and the section's cap now.
func turnCap(g *Game, st *Settings) time.Duration {
	if g.TurnMaxMoveDays == 0 || st.MaxMoveDays == 0 {
		return 0
	}
	return time.Duration(max(g.TurnMaxMoveDays, st.MaxMoveDays)) * Day
}

// startTurn starts the side to move's clock at now under the section's
// present cap.
func startTurn(g *Game, st *Settings, leaves []Leave, now time.Time) {
	g.TurnStart, g.WarnedPly, g.TurnMaxMoveDays = now, 0, st.MaxMoveDays
	g.Deadline = deadlineOf(g, st, leaves)
}

// clockState reads what the clocks of an event's games depend on: its
// settings, its players' leave, and the games.
func clockState(tx Tx, eventID int64) (*Settings, []Leave, []Game, error) {
	st, err := tx.Settings(eventID)
	if err != nil {
		return nil, nil, nil, err
	}
	leaves, err := tx.Leaves(eventID)
	if err != nil {
		return nil, nil, nil, err
	}
	games, err := tx.Games(eventID)
	if err != nil {
		return nil, nil, nil, err
	}
	return st, leaves, games, nil
}

// refreshDeadlines recomputes the deadlines of the event's running games
// (of one player's, when playerID is not 0) after leave or settings change.
func (s *Service) refreshDeadlines(tx Tx, e *tournament.Event, playerID int64) error {
	st, leaves, games, err := clockState(tx, e.ID)
	if err != nil {
		return err
	}
	for i := range games {
		g := &games[i]
		if g.Status != Running || (playerID != 0 && g.PlayerID(g.ToMove) != playerID) {
			continue
		}
		if d := deadlineOf(g, st, leaves); !d.Equal(g.Deadline) {
			g.Deadline = d
			if err := tx.SaveGame(g); err != nil {
				return err
			}
		}
	}
	return nil
}

func joinList(items []string) string {
	out := ""
	for i, it := range items {
		if i > 0 {
			out += ", "
		}
		out += it
	}
	return out
}

// View is a game as a reader sees it at a moment: the clocks as they stand
// then and, for one game, its moves.
type View struct {
	Game
	// Kind is the game its event plays, whose notation the position and
	// the moves are written in.
	Kind tournament.GameKind
	// Left is each side's time for its next move (the side to move's bank
	// less what this turn used so far, leave not counted, capped by the
	// maximum per move).
	Left  [2]time.Duration
	Moves []Move
	// At is the moment the clocks were read.
	At time.Time
	// NotStarted: a live game whose clocks start later (StartedAt).
	NotStarted bool
	// Micro is the micro-match of a game that is one of its two; nil for
	// a board's only game.
	Micro *MicroMatch
	// Match is where the knockout match stands that the game is one of
	// (its Points this game's White's first); nil for a game of another
	// event.
	Match *knockout.Standing
	// MatchNext is the ID of the knockout match's next game while it is
	// played, once this one is over (0 otherwise): where its players go on.
	MatchNext int64
	// st and leaves are the section's settings and leave the clocks were
	// read with: the next version of the game heard from another instance
	// is read with them (after).
	st     *Settings
	leaves []Leave
}

func viewOf(k tournament.GameKind, g *Game, st *Settings, leaves []Leave, now time.Time) View {
	v := View{Game: *g, Kind: k.OrDefault(), At: now, NotStarted: g.Live && now.Before(g.StartedAt), st: st, leaves: leaves}
	maxMove := time.Duration(st.MaxMoveDays) * Day
	for _, side := range []rules.Color{rules.White, rules.Black} {
		v.Left[side] = TurnBudget(g.Bank[side], maxMove)
	}
	v.Left[g.ToMove] = TurnBudget(g.Bank[g.ToMove], turnCap(g, st))
	switch {
	case g.Status == Running:
		used := Charged(g.TurnStart, now, leavePeriods(leaves, g.PlayerID(g.ToMove)))
		v.Left[g.ToMove] = max(v.Left[g.ToMove]-used, 0)
	case g.Live && !g.EndedAt.IsZero():
		// A live game over or adjourned shows its clocks as they stood
		// when it stopped: a flag that fell at zero, a resignation with
		// the turn's time charged.
		used := Charged(g.TurnStart, later(g.EndedAt, g.TurnStart), nil)
		v.Left[g.ToMove] = max(v.Left[g.ToMove]-used, 0)
	}
	return v
}

// Games lists the games of a section with their clocks now.
func (s *Service) Games(ctx context.Context, eventID int64) ([]View, error) {
	var views []View
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		games, err := tx.Games(eventID)
		if err != nil {
			return err
		}
		views, err = s.views(tx, games, e)
		return err
	})
	return views, err
}

// views computes the clocks of games that may belong to several events;
// the events known already (read by the caller) are not read again for
// their game.
func (s *Service) views(tx Tx, games []Game, known ...*tournament.Event) ([]View, error) {
	type eventData struct {
		game   tournament.GameKind
		st     *Settings
		leaves []Leave
		event  *tournament.Event
		rounds []tournament.Round // of a micro-match or knockout event
		// matches are a knockout's games of its matches.
		matches []knockout.Game
	}
	byEvent := map[int64]*eventData{}
	now := s.now()
	views := make([]View, 0, len(games))
	for i := range games {
		g := &games[i]
		d := byEvent[g.EventID]
		if d == nil {
			st, err := tx.Settings(g.EventID)
			if err != nil {
				return nil, err
			}
			leaves, err := tx.Leaves(g.EventID)
			if err != nil {
				return nil, err
			}
			e, err := knownEvent(tx, g.EventID, known)
			if err != nil {
				return nil, err
			}
			d = &eventData{game: e.Game, st: st, leaves: leaves, event: e}
			if e.MicroMatch.On() || e.System == tournament.Knockout {
				if d.rounds, err = tx.Rounds(e.ID); err != nil {
					return nil, err
				}
			}
			if e.System == tournament.Knockout {
				if d.matches, err = tx.MatchGames(e.ID); err != nil {
					return nil, err
				}
			}
			byEvent[g.EventID] = d
		}
		v := viewOf(d.game, g, d.st, d.leaves, now)
		if g.MicroGame != 0 {
			v.Micro = microMatchOf(d.rounds, g)
		}
		if g.MatchGame != 0 {
			v.Match = matchStanding(d.event, d.rounds, d.matches, g)
		}
		views = append(views, v)
	}
	if err := nextMatchGames(tx, views); err != nil {
		return nil, err
	}
	return views, secondGames(tx, views)
}

// Game returns one game with its moves and clocks.
func (s *Service) Game(ctx context.Context, gameID int64) (*View, error) {
	return opened(s, ctx, gameID, func(tx Tx) (view *View, absent bool, err error) {
		if view, err = s.gameView(ctx, tx, gameID, true); err != nil {
			return nil, false, err
		}
		side, ok, err := readerSide(ctx, tx, &view.Game)
		return view, ok && absentFrom(&view.Game, side), err
	})
}

// opened reads a game for the context's user with read, in one snapshot,
// which also tells whether the reader plays the live game and has not shown
// up in it yet. Then, and only then, it records that they have (Present)
// and reads again: a player who opens their game has shown up, and any
// other read of a game writes nothing.
func opened[T any](s *Service, ctx context.Context, gameID int64, read func(tx Tx) (T, bool, error)) (T, error) {
	var out T
	var absent bool
	err := s.store.View(ctx, func(tx Tx) (err error) {
		out, absent, err = read(tx)
		return err
	})
	if err != nil || !absent {
		return out, err
	}
	if err := s.Present(ctx, gameID); err != nil {
		return out, err
	}
	err = s.store.View(ctx, func(tx Tx) (err error) {
		out, _, err = read(tx)
		return err
	})
	return out, err
}

// absentFrom reports whether the player of side has not shown up in the
// live game while it may still be played.
func absentFrom(g *Game, side rules.Color) bool {
	return g.Live && (g.Status == Running || adjourned(g)) && g.Shown[side].IsZero()
}

// readerSide is the side the context's user plays in g; ok is false for
// anyone else.
func readerSide(ctx context.Context, tx Tx, g *Game) (side rules.Color, ok bool, err error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return side, false, nil
	}
	accounts, err := tx.AccountsOfUser(u.ID)
	if err != nil {
		return side, false, err
	}
	for _, a := range accounts {
		if side, ok := g.SideOf(a.PlayerID); ok && a.EventID == g.EventID {
			return side, true, nil
		}
	}
	return side, false, nil
}

// readView reads a game with its moves and clocks for its watchers, who
// were let in when they began to watch (Subscribe, then Read).
func (s *Service) readView(ctx context.Context, gameID int64) (*View, error) {
	var view *View
	err := s.store.View(ctx, func(tx Tx) (err error) {
		view, err = s.gameView(ctx, tx, gameID, false)
		return err
	})
	return view, err
}

// gameView reads a game with its moves and clocks now; checked, for the
// context's user, who must be allowed to read its event.
func (s *Service) gameView(ctx context.Context, tx Tx, gameID int64, checked bool) (*View, error) {
	g, err := tx.Game(gameID)
	if err != nil {
		return nil, err
	}
	var known []*tournament.Event
	if checked {
		e, err := readable(ctx, tx, g.EventID)
		if err != nil {
			return nil, tournament.NotFound("game %d not found", gameID)
		}
		known = append(known, e)
	}
	views, err := s.views(tx, []Game{*g}, known...)
	if err != nil {
		return nil, err
	}
	view := &views[0]
	view.Moves, err = tx.Moves(gameID)
	return view, err
}

// GamePage is a game with what its page shows around it: the event and
// the names of the game's players, read with the game, so that a private
// section's own player reads them as the game itself.
type GamePage struct {
	View
	Event *tournament.Event
	Names map[int64]string // the names of the game's players, by ID
	// ViewerPlays: the reader plays the game, with the side Side.
	ViewerPlays bool
	Side        rules.Color
	// Elsewhere is the live game the reader's account is playing, which
	// keeps them from playing this one yet (one live game at a time).
	Elsewhere *Elsewhere
	// What the reader may do now, as the service decides it for the page
	// and the API alike: CanMove, their move in a running game they may
	// play now; CanClaim, the opponent's clock running in their live game
	// (the claim wins once it ran out: FlagDown); AtTheBoard, they play
	// the running live game now, their turn or not.
	CanMove, CanClaim, FlagDown, AtTheBoard bool
	// Offer is the draw offer standing: "mine", "theirs" or "".
	Offer string
	// NextGame is the second game of the live micro-match whose first
	// game, over, this is, or the next game of its knockout match
	// (MatchNext), while it is not over: as over the board, the
	// reader who plays it is due there at once, and the page takes them
	// (0 otherwise). The stream takes a page open as the first game ends;
	// this one the page loaded after it, as the resigner's after the form.
	NextGame int64
}

// decide fills in what the reader of the page may do now.
func (p *GamePage) decide() {
	if !p.ViewerPlays {
		return
	}
	running := p.Status == Running && !p.NotStarted
	p.CanMove = running && p.ToMove == p.Side && p.Elsewhere == nil
	p.CanClaim = p.Live && running && p.ToMove != p.Side
	p.FlagDown = p.Left[p.ToMove] <= 0
	p.AtTheBoard = p.Live && running && p.Elsewhere == nil
	if m := p.Micro; p.Live && p.Status == Finished && m != nil && m.Game == 1 && m.Second != 0 && m.Games[1] == nil {
		p.NextGame = m.Second
	}
	if p.Live && p.Status == Finished && p.MatchNext != 0 {
		p.NextGame = p.MatchNext
	}
	switch {
	case p.OfferBy == nil:
	case *p.OfferBy == p.Side:
		p.Offer = "mine"
	default:
		p.Offer = "theirs"
	}
}

// GamePage reads a game for its page.
func (s *Service) GamePage(ctx context.Context, gameID int64) (*GamePage, error) {
	return opened(s, ctx, gameID, func(tx Tx) (*GamePage, bool, error) {
		page, err := s.gamePage(ctx, tx, gameID)
		if err != nil {
			return nil, false, err
		}
		return page, page.ViewerPlays && absentFrom(&page.Game, page.Side), nil
	})
}

// gamePage reads a game's page in tx.
// knownEvent is the event of that ID among those known, else as read.
func knownEvent(tx Tx, id int64, known []*tournament.Event) (*tournament.Event, error) {
	for _, e := range known {
		if e.ID == id {
			return e, nil
		}
	}
	return tx.Event(id)
}

func (s *Service) gamePage(ctx context.Context, tx Tx, gameID int64) (*GamePage, error) {
	var page *GamePage
	err := func() error {
		g, err := tx.Game(gameID)
		if err != nil {
			return err
		}
		e, err := readable(ctx, tx, g.EventID)
		if err != nil {
			return tournament.NotFound("game %d not found", gameID)
		}
		views, err := s.views(tx, []Game{*g}, e)
		if err != nil {
			return err
		}
		page = &GamePage{View: views[0], Event: e}
		if page.Moves, err = tx.Moves(gameID); err != nil {
			return err
		}
		if u := tournament.UserFromContext(ctx); u != nil {
			// The reader's own players, not every account of the event:
			// a live page is read again after every move.
			accounts, err := tx.AccountsOfUser(u.ID)
			if err != nil {
				return err
			}
			for _, a := range accounts {
				if side, ok := g.SideOf(a.PlayerID); ok && a.EventID == g.EventID {
					page.Side, page.ViewerPlays = side, true
				}
			}
			if page.ViewerPlays && g.Live && g.Status == Running {
				if page.Elsewhere, err = playingElsewhere(tx, accounts, g, page.Side, s.now()); err != nil {
					return err
				}
			}
		}
		page.Names, err = tx.PlayerNames([]int64{g.WhiteID, g.BlackID})
		return err
	}()
	if err != nil {
		return nil, err
	}
	page.decide()
	return page, nil
}

// MyGame is a game of the signed-in user with what they need to act.
type MyGame struct {
	View
	Event   *tournament.Event
	Side    rules.Color
	MyMove  bool
	Players map[int64]string // the names of the players of the user's games, by ID
}

// MyGames lists the signed-in user's games, most urgent first: games where
// it is their move by deadline, then the games waiting for the opponent,
// then those in adjudication, then finished ones.
func (s *Service) MyGames(ctx context.Context) ([]MyGame, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to see your games")
	}
	var out []MyGame
	err := s.store.View(ctx, func(tx Tx) error {
		accounts, err := tx.AccountsOfUser(u.ID)
		if err != nil {
			return err
		}
		mine := map[int64]bool{}
		var ids []int64
		for _, a := range accounts {
			mine[a.PlayerID] = true
			ids = append(ids, a.PlayerID)
		}
		games, err := tx.GamesOfPlayers(ids)
		if err != nil {
			return err
		}
		views, err := s.views(tx, games)
		if err != nil {
			return err
		}
		// The names of the user's opponents, not of every player of
		// their events: a live event may have a thousand.
		var opponents []int64
		for _, g := range games {
			opponents = append(opponents, g.WhiteID, g.BlackID)
		}
		names, err := tx.PlayerNames(opponents)
		if err != nil {
			return err
		}
		events := map[int64]*tournament.Event{}
		for _, v := range views {
			if events[v.EventID] == nil {
				if events[v.EventID], err = tx.Event(v.EventID); err != nil {
					return err
				}
			}
			side := rules.White
			if mine[v.BlackID] {
				side = rules.Black
			}
			out = append(out, MyGame{View: v, Event: events[v.EventID], Side: side,
				MyMove: v.Status == Running && v.ToMove == side, Players: names})
		}
		slices.SortStableFunc(out, func(a, b MyGame) int {
			if ra, rb := urgency(&a), urgency(&b); ra != rb {
				return ra - rb
			}
			return a.Deadline.Compare(b.Deadline)
		})
		return nil
	})
	return out, err
}

func urgency(g *MyGame) int {
	switch {
	case g.MyMove:
		return 0
	case g.Status == Running:
		return 1
	case g.Status == Adjudication:
		return 2
	}
	return 3
}
