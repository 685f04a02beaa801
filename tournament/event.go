package tournament

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // events name their zone; hosts need not have a zone database
	"unicode/utf8"
)

// Discipline is one of the eight sport disciplines of Adiukh (rules §9).
type Discipline string

const (
	Standard       Discipline = "standard"
	Rapid          Discipline = "rapid"
	Blitz          Discipline = "blitz"
	StandardTeam   Discipline = "standard-team"
	RapidTeam      Discipline = "rapid-team"
	BlitzTeam      Discipline = "blitz-team"
	Correspondence Discipline = "correspondence"
	Composition    Discipline = "composition"
)

// Disciplines lists the eight disciplines in the order of the rules (§9).
var Disciplines = []Discipline{Standard, StandardTeam, Rapid, Blitz, RapidTeam, BlitzTeam, Correspondence, Composition}

// ParseDiscipline accepts the API spelling of a discipline.
func ParseDiscipline(s string) (Discipline, error) {
	for _, d := range Disciplines {
		if string(d) == s {
			return d, nil
		}
	}
	return "", Invalid("discipline", "unknown discipline %q; use one of %s", s, joinQuoted(Disciplines))
}

// Key is the discipline's name in the catalogue (tournament/catalog), by
// which a translated message names it; Words is its API spelling, which the
// English messages use.
func (d Discipline) Key() string { return "discipline." + string(d) }

func (d Discipline) Words() string { return string(d) }

// IsTeam reports whether the discipline is a team competition.
func (d Discipline) IsTeam() bool {
	return d == StandardTeam || d == RapidTeam || d == BlitzTeam
}

// PlayedOnServer reports whether the discipline's games are played on the
// server (correspondence): all of a section's games start at once, and
// each result comes from the game or the arbiter's decision on it, never
// from round-by-round pairing or result entry.
func (d Discipline) PlayedOnServer() bool {
	return d == Correspondence
}

// StartsAtOnce reports whether the event's rounds are all paired and
// started at once: a correspondence section played as a round robin. A
// correspondence knockout is paired and published round by round, its
// bracket going on as over the board, each published round's games
// started on the server.
func (e *Event) StartsAtOnce() bool {
	return e.Discipline.PlayedOnServer() && e.System != Knockout
}

// board returns the over-the-board tempo a discipline is played at: standard,
// rapid or blitz; "" for correspondence and composition, which §9 gives no
// clock range.
func (d Discipline) board() Discipline {
	switch d {
	case Standard, StandardTeam:
		return Standard
	case Rapid, RapidTeam:
		return Rapid
	case Blitz, BlitzTeam:
		return Blitz
	}
	return ""
}

// SheetRequired reports whether a played game needs a score sheet: §10.2
// waives recording in rapid and blitz only.
func (d Discipline) SheetRequired() bool {
	b := d.board()
	return b != Rapid && b != Blitz
}

// PlaysGames reports whether the discipline has rounds of games; a
// composition contest is judged, not played.
func (d Discipline) PlaysGames() bool { return d != Composition }

// withoutPairing clears what only events of games use when the event is a
// composition contest: it has no system, rounds, clock, tie-breaks or
// pairing options, whatever a form that offers them sent (the pages do not
// show them for such an event). A team competition keeps none of the
// options of the individual Swiss pairing (same club, Baku, Black by lot):
// its teams are paired without them.
func (e *Event) withoutPairing() {
	if !e.Discipline.PlaysGames() {
		e.System, e.Rounds, e.TimeControl, e.TieBreaks = RoundRobin, 0, TimeControl{}, []string{}
		e.ForbidSameClub, e.Baku, e.BlackFirst, e.SheetsRequired, e.Rated, e.Online = false, false, false, false, false, false
	}
	if e.Discipline.IsTeam() {
		e.ForbidSameClub, e.Baku, e.BlackFirst = false, false, false
	}
}

// System is how an event pairs its rounds.
type System string

const (
	RoundRobin       System = "round-robin"
	DoubleRoundRobin System = "double-round-robin"
	Swiss            System = "swiss"
	// Knockout: a bracket of matches, the winners going through
	// (Event.Knockout; the rules are tournament/knockout's).
	Knockout System = "knockout"
)

// Systems lists the pairing systems.
var Systems = []System{RoundRobin, DoubleRoundRobin, Swiss, Knockout}

// ParseSystem accepts the API spelling of a pairing system.
func ParseSystem(s string) (System, error) {
	for _, sys := range Systems {
		if string(sys) == s {
			return sys, nil
		}
	}
	return "", Invalid("system", "unknown pairing system %q; use one of %s", s, joinQuoted(Systems))
}

// IsRoundRobin reports whether every player meets every other (once or twice).
func (s System) IsRoundRobin() bool { return s == RoundRobin || s == DoubleRoundRobin }

// Key is the system's name in the catalogue (tournament/catalog), by which
// a translated message names it; Words is its API spelling, which the
// English messages use.
func (s System) Key() string { return "system." + string(s) }

func (s System) Words() string { return string(s) }

// KnockoutSettings are how a knockout event plays its matches and seeds its
// bracket; their rules are plugged in (Options.Knockout). MatchGames games
// a match, then the tie-break stages in order while it is level (a lot,
// with a reason, after the last); a match for third place on request; the
// bracket seeded by "rating", by "start_numbers" as the arbiter set them,
// or "draw"n by lot from Seed.
type KnockoutSettings struct {
	MatchGames int             `json:"match_games"`
	TieBreaks  []KnockoutStage `json:"tie_break_games"`
	ThirdPlace bool            `json:"third_place"`
	Seeding    string          `json:"seeding"`
	Seed       uint64          `json:"seed,omitempty"`
}

// KnockoutStage is a stage of tie-break games: "rapid", "blitz" or
// "deciding", at the time control the regulations set for it ("15+5";
// days per move, "3d", by correspondence): the clock of its games when a
// knockout is played on the site, which needs it; over the board it is
// what the bracket tells.
type KnockoutStage struct {
	Games       int    `json:"games"`
	Tempo       string `json:"tempo"`
	TimeControl string `json:"time_control,omitempty"`
}

// settleKnockout sets a knockout event's settings by the rules plugged in;
// an event of another system keeps none.
func (s *Service) settleKnockout(e *Event, in *KnockoutSettings) error {
	switch {
	case e.System != Knockout || !e.Discipline.PlaysGames():
		e.Knockout = KnockoutSettings{}
		return nil
	case s.knockout == nil:
		return Invalid("system", "pairing for %s events is not available yet in this version of adiukh", e.System)
	}
	return s.knockout(e, in)
}

// knockoutRounds is the number of rounds of a bracket of n players.
func knockoutRounds(n int) int {
	rounds := 0
	for 1<<rounds < n {
		rounds++
	}
	return rounds
}

// TimeControl is a Fischer clock: base minutes per player plus seconds added
// per move; or, for correspondence, Days per move ("10d") or Days per Moves
// moves with unused time carried forward ("50d/10"). The zero value means no
// time control was given.
type TimeControl struct {
	BaseMinutes      int
	IncrementSeconds int
	Days             int
	Moves            int
}

// InDays reports whether the control counts days (correspondence).
func (tc TimeControl) InDays() bool { return tc.Days > 0 }

// ParseTimeControl reads "30+30" (minutes + seconds per move) or "15"
// (minutes, no increment); for correspondence "10d" (days per move) or
// "50d/10" (days per moves). An empty string is no time control.
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return TimeControl{}, nil
	}
	if days, moves, ok := strings.Cut(s, "d"); ok {
		return parseDayControl(s, days, moves)
	}
	base, inc, hasInc := strings.Cut(s, "+")
	var tc TimeControl
	var err error
	tc.BaseMinutes, err = strconv.Atoi(strings.TrimSpace(base))
	switch {
	case err == nil && tc.BaseMinutes == 0 && hasInc:
		// "0+5" is written as the rules mean it; what is wrong is that
		// no time is left for the first move.
		return TimeControl{}, Invalid("time_control", "%q leaves no time for the first move: give each player at least 1 minute before the +, like \"3+2\"", s)
	case err != nil || tc.BaseMinutes <= 0 || tc.BaseMinutes > 10000:
		return TimeControl{}, Invalid("time_control", "%q: write minutes per player, then + and seconds per move, like \"30+30\"", s)
	}
	if hasInc {
		if tc.IncrementSeconds, err = strconv.Atoi(strings.TrimSpace(inc)); err != nil || tc.IncrementSeconds < 0 || tc.IncrementSeconds > 3600 {
			return TimeControl{}, Invalid("time_control", "%q: the seconds per move after + must be a whole number from 0 to 3600", s)
		}
	}
	return tc, nil
}

// parseDayControl reads the days and "/moves" of a correspondence control.
func parseDayControl(s, days, moves string) (TimeControl, error) {
	var tc TimeControl
	var err error
	if tc.Days, err = strconv.Atoi(strings.TrimSpace(days)); err != nil || tc.Days <= 0 || tc.Days > 365 {
		return TimeControl{}, Invalid("time_control", "%q: write whole days per move, like \"10d\", or days per number of moves, like \"50d/10\" (1 to 365 days)", s)
	}
	moves = strings.TrimSpace(moves)
	if moves == "" {
		return tc, nil
	}
	n, ok := strings.CutPrefix(moves, "/")
	if tc.Moves, err = strconv.Atoi(strings.TrimSpace(n)); !ok || err != nil || tc.Moves <= 0 || tc.Moves > 100 {
		return TimeControl{}, Invalid("time_control", "%q: after the days write / and the number of moves they are for, like \"50d/10\" (1 to 100 moves)", s)
	}
	return tc, nil
}

// String writes the time control as ParseTimeControl reads it; "" when unset.
func (tc TimeControl) String() string {
	switch {
	case tc.Days > 0 && tc.Moves > 0:
		return fmt.Sprintf("%dd/%d", tc.Days, tc.Moves)
	case tc.Days > 0:
		return fmt.Sprintf("%dd", tc.Days)
	}
	if tc.BaseMinutes == 0 {
		return ""
	}
	return fmt.Sprintf("%d+%d", tc.BaseMinutes, tc.IncrementSeconds)
}

// PDN writes the time control as the PDN TimeControl tag does, after PGN's:
// a clock in seconds for the game, then a move's ("900+10" for 15+10); a
// correspondence control as String writes it, which PGN has no form for.
// Every PDN the site writes (the event's games.pdn, a live or
// correspondence game's) writes it so.
func (tc TimeControl) PDN() string {
	if tc.Days > 0 || tc.BaseMinutes == 0 {
		return tc.String()
	}
	return fmt.Sprintf("%d+%d", 60*tc.BaseMinutes, tc.IncrementSeconds)
}

// Warning is something an arbiter should know that does not stop the
// action, such as a time control the competition's regulations chose
// outside the rules' range (§9.4) or a corrected result a later round was
// already paired on. Format and Args, when set, are the English message
// before formatting, under which a translation is looked up as for Error.
type Warning struct {
	Field   string
	Message string
	// Format and Args are Message before formatting, for the catalogue.
	Format string
	Args   []any
}

func newWarning(field, format string, args ...any) Warning {
	return Warning{Field: field, Message: fmt.Sprintf(format, args...), Format: format, Args: args}
}

// checkTimeControl compares a time control with the range the game's rule
// book sets for the discipline (Adiukh's §9 bounds the base time; the
// increment is free). Outside the range is allowed (Adiukh's §9.4) and only
// warned about, citing the game's rule book; a game whose rule book sets no range is not warned about.
func checkTimeControl(game GameKind, d Discipline, tc TimeControl) []Warning {
	norm, ok := game.Variant().TimeNorms[string(d.board())]
	if !ok {
		return nil
	}
	recommended := say("%s", norm.Recommended[0])
	if len(norm.Recommended) > 1 {
		recommended = say("%s or %s", norm.Recommended[0], norm.Recommended[1])
	}
	rule := game.Variant().TimeNormsRule
	if tc.BaseMinutes == 0 {
		return []Warning{newWarning("time_control", "no time control is set; the rules (%s) recommend %s for %s", rule, recommended, d)}
	}
	if tc.BaseMinutes >= norm.MinMinutes && (norm.MaxMinutes == 0 || tc.BaseMinutes <= norm.MaxMinutes) {
		return nil
	}
	rng := say("%d–%d minutes", norm.MinMinutes, norm.MaxMinutes)
	if norm.MaxMinutes == 0 {
		rng = say("%d minutes or more", norm.MinMinutes)
	}
	return []Warning{newWarning("time_control", "%s gives %d minutes per player; the rules (%s) set %s for %s (recommended %s); allowed by the event's regulations (%s)",
		tc, tc.BaseMinutes, rule, rng, d, recommended, game.Variant().TimeNormsLeeway)}
}

// checkClockKind refuses a clock of the wrong kind: correspondence counts
// days, over-the-board play minutes.
func checkClockKind(d Discipline, tc TimeControl) error {
	switch {
	case d == Correspondence && tc.BaseMinutes > 0:
		return Invalid("time_control", "%q is an over-the-board clock; a correspondence event counts days: write \"10d\" (10 days per move) or \"50d/10\" (50 days per 10 moves, unused time carried forward)", tc)
	case d != Correspondence && tc.InDays():
		return Invalid("time_control", "%q counts days, which only a correspondence event does; write minutes + seconds per move, like \"30+30\"", tc)
	}
	return nil
}

// maxNextRoundAfter bounds the pause between live rounds: an hour.
const maxNextRoundAfter = 3600

// checkOnline: only rapid and blitz are played live on the site (the rule
// book allows moves to be exchanged online), on a Fischer clock with base
// time.
func checkOnline(e *Event) error {
	if !e.Online {
		if e.NextRoundAfter != 0 {
			return Invalid("next_round_after", "only the rounds of an event played live on the site pair themselves")
		}
		return nil
	}
	switch b := e.Discipline.board(); {
	case b != Rapid && b != Blitz:
		return Invalid("online", "only rapid and blitz events are played live on the site")
	case e.TimeControl.BaseMinutes <= 0:
		return Invalid("time_control", "a live event needs a clock with base time, like \"5+3\"")
	case e.Discipline.IsTeam() && e.NextRoundAfter != 0:
		// Each round waits for the captains' line-ups.
		return Invalid("next_round_after", "the rounds of a team event are paired and published by the arbiter, once the captains have set their line-ups")
	}
	return nil
}

// Scoring is the event's table of points per game. The default is 2/1/0
// (architecture: results); 1/½/0 is the same table halved.
type Scoring struct {
	Win  float64
	Draw float64
	Loss float64
	// Bye is what the pairing-allocated bye scores.
	Bye float64
	// ForfeitWin is what the player present scores when the opponent
	// forfeits; the absent player scores nothing.
	ForfeitWin float64
}

// DefaultScoring is 2/1/0. A Swiss bye scores a win (FIDE C.04.1); in a
// round robin the bye is a rest day and scores nothing.
func DefaultScoring(sys System) Scoring {
	s := Scoring{Win: 2, Draw: 1, Loss: 0, ForfeitWin: 2}
	if sys == Swiss || sys == Knockout {
		s.Bye = s.Win
	}
	return s
}

func (s Scoring) validate() error {
	for _, v := range []float64{s.Win, s.Draw, s.Loss, s.Bye, s.ForfeitWin} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > 100 || v*2 != math.Trunc(v*2) {
			return Invalid("scoring", "points must be whole or half numbers from 0 to 100")
		}
	}
	switch {
	case !(s.Win > s.Draw && s.Draw >= s.Loss):
		return Invalid("scoring", "a win must score more than a draw, and a draw at least as much as a loss (got %g/%g/%g)", s.Win, s.Draw, s.Loss)
	case s.Bye > s.Win:
		return Invalid("scoring", "a bye scores between 0 and a win (%g); got %g", s.Win, s.Bye)
	case s.ForfeitWin > s.Win:
		return Invalid("scoring", "a win by forfeit scores between 0 and a win (%g); got %g", s.Win, s.ForfeitWin)
	}
	return nil
}

// EventStatus is where an event is in its life.
type EventStatus string

const (
	Registration EventStatus = "registration" // players enter; no round is paired
	Running      EventStatus = "running"      // round 1 has been paired
	Finished     EventStatus = "finished"     // closed by the arbiter after the last round
	// Cancelled: called off by the arbiter with a reason (package
	// entries tells its entrants and followers); nothing of it changes
	// after.
	Cancelled EventStatus = "cancelled"
)

// Visibility says who may read an event.
type Visibility string

const (
	Public  Visibility = "public"  // anyone, without an account
	Private Visibility = "private" // its owner and administrators
)

// Event is one competition.
type Event struct {
	ID         int64
	Name       string
	Game       GameKind // the game it is played in, Adiukh by default
	Discipline Discipline
	System     System
	// Rounds is the planned number of rounds. In a round robin it follows
	// from the number of players and is fixed when round 1 is paired.
	Rounds      int
	TimeControl TimeControl
	Scoring     Scoring
	TieBreaks   []string // ordered tie-break IDs, as the standings package registers them
	StartDate   string   // YYYY-MM-DD or ""
	EndDate     string
	Venue       string
	City        string
	// Region is the region (a subject of the federation) the event is
	// held in, which the calendar filters by.
	Region       string
	ChiefArbiter string
	Arbiters     []string
	Status       EventStatus
	Visibility   Visibility
	// ManualStartNumbers is set once the arbiter numbers players by hand;
	// until then start numbers follow rating, then name.
	ManualStartNumbers bool
	// ForbidSameClub keeps players of the same club apart in a Swiss event
	// (forbidden pairs, C.04.3 C1); Baku applies the Baku acceleration
	// (C.04.5.1) to its first rounds.
	ForbidSameClub bool
	Baku           bool
	// BlackFirst gives the top-ranked player Black in round 1: the initial
	// colour, drawn by lot (C.04.3 E.5); White when false.
	BlackFirst bool
	// SheetsRequired makes the event wait for the score sheets of its
	// played standard games: the next round is not paired, nor the event
	// finished, while one is missing. Off by default: results may come in
	// on slips and the sheets follow (the desk lists what is missing).
	SheetsRequired bool
	// Rated puts the event's games over the board in the federation's
	// rating list of its discipline once it is finished (package ratings).
	Rated bool
	// Online: the event's games are played live on the site, on the
	// server's clocks (package correspondence); rapid and blitz only.
	Online bool
	// NextRoundAfter is the pause, in seconds, after which the server
	// pairs and publishes the next round of an online event once every
	// game of the last one is over; 0: the arbiter does.
	NextRoundAfter int
	// MicroMatch plays each pairing of a Russian draughts event as two
	// games from an opening drawn for the round or each board, and
	// MicroCount says what the standings count of them (micromatch.go).
	MicroMatch OpeningDraw
	MicroCount MicroCount
	// Knockout is the setting of a knockout event; zero in any other.
	Knockout KnockoutSettings `json:",omitzero"`
	// TimeZone is where the event is played (an IANA name, such as
	// Europe/Moscow): its audit log and times are shown in it.
	TimeZone  string
	OwnerID   int64 // the user who created the event
	CreatedAt time.Time
	// Sequence counts the revisions of what calendars show of the event
	// (RFC 5545 SEQUENCE), made at ModifiedAt (zero: none since
	// CreatedAt); see Revise.
	Sequence   int
	ModifiedAt time.Time
	// CancelReason is the arbiter's reason for cancelling the event.
	CancelReason string
	// HiddenAt is when the event, public until then, was made private:
	// the calendars that listed it are told it is off. Zero while the
	// event is public and for one never public.
	HiddenAt time.Time
	// ReopenedAt is when the event, once finished, was last reopened, and
	// ReopenReason the arbiter's reason: a final table changes only so,
	// and its public pages say it (ReopenEvent). Zero for one never
	// reopened.
	ReopenedAt   time.Time
	ReopenReason string
	// ImportedRounds is how many rounds, from the first, came from a file
	// (a TRF import): a file keeps no score sheets, so none of their games
	// waits for one. Rounds paired after the import count as any other.
	ImportedRounds int
	// ParentEventID is the event whose tie this event, a play-off, decides
	// (tournament/playoff); 0 for an event of its own.
	ParentEventID int64 `json:",omitempty"`
	// Cycles is how many times a round robin is played through: a
	// play-off's match of N games between two players is N cycles, colours
	// changed each cycle. 0 is the system's own (once; twice for a double
	// round robin). Both are left out of the audit log's copy of an event
	// of its own, which reads as before them.
	Cycles int `json:",omitempty"`
}

// AwaitsSheet reports whether the game of the round lacks a score sheet
// the event waits for: played in a discipline that records its games,
// and not in a round imported from a file, which never had sheets. A
// knockout's board is a match, whose result is its games' (their sheets
// are not kept yet); a team knockout's boards are single games.
func (e *Event) AwaitsSheet(r *Round, g *Game) bool {
	return r.Number > e.ImportedRounds && !e.ResultsOnBracket() && g.SheetMissing(e.Discipline)
}

// ResultsOnBracket reports whether the event's boards are matches whose
// results follow from their games, entered on the bracket (a knockout):
// the single-game result entry and sheet upload refuse them, and the desk
// links each board to its match instead. A team knockout's boards are
// single games of its ties' legs, entered as in every team round.
func (e *Event) ResultsOnBracket() bool {
	return e.System == Knockout && !e.Discipline.IsTeam()
}

// Relays checks that round r of the event is relayed move by move
// (package relay): a published round of an event played over the board
// whose boards are single games. A micro-match's board is two games and a
// knockout's board a match of several, whose result is its games' (package
// knockout): neither is one relayed game. The relay's doors and the
// arbiter's desk, which links a relayed round's relay page, ask it alike.
func (e *Event) Relays(r *Round) error {
	switch {
	case e.Status == Cancelled:
		return Conflict("", "the event is cancelled (%s); it no longer changes", e.CancelReason)
	case e.Online || e.Discipline.PlayedOnServer():
		return Conflict("", "the games of this event are played on the site; only games played over the board are relayed")
	case e.MicroMatch.On():
		return Conflict("", "the boards of this event are micro-matches of two games; they are not relayed")
	case e.ResultsOnBracket():
		return Conflict("", "the boards of a knockout are matches of several games; enter their games on the bracket (/events/%d/knockout)", e.ID)
	case r.Status == Draft:
		return Conflict("", "round %d is not published yet", r.Number)
	}
	return nil
}

// TableOpen refuses, on a finished event, a change that can move its final
// table: a result, a setting the standings are counted by (scoring,
// tie-breaks, rounds, micro-matches, a team competition's settings), a
// player's rating or withdrawal, a player or team coming or going, a
// round paired. «Завершить турнир» promised a final table, and only
// reopening the event (with a reason, in the audit and on its pages)
// changes it. Every door for such a change asks it, so that the desk's
// forms and the API refuse alike and say how to reopen; field is the
// input refused ("" for the request as a whole). Its name, place,
// arbiters and texts stay open.
func (e *Event) TableOpen(field string) error {
	if e.Status == Finished {
		return Conflict(field, "the event is finished and its final table stands; to change it, reopen the event first with the reason (“Reopen the event” on its desk, or PATCH /api/v1/events/%d with \"status\": \"running\" and a \"reason\")", e.ID)
	}
	return nil
}

// tableSettingsKept refuses, on a finished event e, next's change of a
// setting its table is counted by (TableOpen), naming the first such
// setting; the game, discipline and system are fixed once round 1 is
// paired anyway.
func (e *Event) tableSettingsKept(next *Event) error {
	for _, setting := range []struct {
		field   string
		changed bool
	}{
		{"scoring", next.Scoring != e.Scoring},
		{"tiebreaks", !slices.Equal(next.TieBreaks, e.TieBreaks)},
		{"rounds", next.Rounds != e.Rounds},
		{"micro_match", next.MicroMatch != e.MicroMatch},
		{"micro_count", next.MicroCount != e.MicroCount},
		{"knockout", !reflect.DeepEqual(next.Knockout, e.Knockout)},
	} {
		if setting.changed {
			return e.TableOpen(setting.field)
		}
	}
	return nil
}

// Revise records on e the change from old made at now, when it changes
// what a calendar shows of the event: its name, discipline, time control,
// dates, place, whether it is cancelled, and whether it is public. A
// calendar that imported the event earlier replaces its copy by the one of
// the higher SEQUENCE (RFC 5545 §3.8.7.4). Other changes (tie-breaks,
// arbiters) leave the calendars' copies as they are.
func (e *Event) Revise(old *Event, now time.Time) {
	switch {
	case old.Visibility == Public && e.Visibility == Private:
		e.HiddenAt = now.UTC()
	case e.Visibility == Public:
		e.HiddenAt = time.Time{}
	}
	if e.calendarView() == old.calendarView() {
		return
	}
	e.Sequence = old.Sequence + 1
	e.ModifiedAt = now.UTC()
}

// calendarView is what a calendar shows of the event.
func (e *Event) calendarView() [10]string {
	return [10]string{e.Name, string(e.Discipline), e.TimeControl.String(), e.StartDate, e.EndDate, e.Venue, e.City, e.Region,
		strconv.FormatBool(e.Status == Cancelled), string(e.Visibility)}
}

// Revised is when the event last changed for calendars: its latest
// revision, or its creation.
func (e *Event) Revised() time.Time {
	if e.ModifiedAt.IsZero() {
		return e.CreatedAt
	}
	return e.ModifiedAt
}

// TimeControlWarnings are the warnings (by the game's rule book) an event
// of the game ("" for the default game) and discipline with the time
// control would get, for a form to show while it is filled in.
func TimeControlWarnings(game, discipline, timeControl string) ([]Warning, error) {
	k := DefaultGame
	if game != "" {
		var err error
		if k, err = ParseGameKind(game); err != nil {
			return nil, err
		}
	}
	d, err := ParseDiscipline(discipline)
	if err != nil {
		return nil, err
	}
	tc, err := ParseTimeControl(timeControl)
	if err != nil {
		return nil, err
	}
	if err := checkClockKind(d, tc); err != nil {
		return nil, err
	}
	return checkTimeControl(k, d, tc), nil
}

// DefaultTimeZone is the zone of an event that names none: Adygea's.
const DefaultTimeZone = "Europe/Moscow"

// DefaultDiscipline is what a new event's form proposes: the standard
// game over the board, the first of the rules' disciplines (§9), which
// most of a federation's events are.
const DefaultDiscipline = Standard

// DefaultLocation is DefaultTimeZone, where the site's own records (the
// account log) are shown.
func DefaultLocation() *time.Location {
	loc, err := time.LoadLocation(DefaultTimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// Location is the event's time zone; an event stored before it had one is
// in DefaultTimeZone.
func (e *Event) Location() *time.Location {
	if e.TimeZone == "" {
		return DefaultLocation()
	}
	loc, err := time.LoadLocation(e.TimeZone)
	if err != nil {
		// Zones are checked when set, and time/tzdata is built in.
		return time.UTC
	}
	return loc
}

// ParseLocalMoment reads a moment as a form gives it in loc, an event's
// zone (Location): a date ("2026-12-01") and an hour ("10:00"), or neither
// (zero). One without the other, either unreadable, or a moment outside
// the years a round may start in (CheckYears) is Invalid at "date" or
// "time", the field the form gives it in.
func ParseLocalMoment(date, hour string, loc *time.Location) (time.Time, error) {
	date, hour = strings.TrimSpace(date), strings.TrimSpace(hour)
	switch {
	case date == "" && hour == "":
		return time.Time{}, nil
	case date == "":
		return time.Time{}, Invalid("date", "give the day as well as the hour, such as 2026-12-01")
	case hour == "":
		return time.Time{}, Invalid("time", "give the hour as well as the day, such as 10:00")
	}
	day, err := time.ParseInLocation(time.DateOnly, date, loc)
	if err != nil {
		return time.Time{}, Invalid("date", "%q is not a date; write YYYY-MM-DD", date)
	}
	clock, err := time.Parse("15:04", hour)
	if err != nil {
		return time.Time{}, Invalid("time", "%q is not an hour; write it as 10:00", hour)
	}
	at := time.Date(day.Year(), day.Month(), day.Day(), clock.Hour(), clock.Minute(), 0, 0, loc)
	return at, CheckYears("date", at)
}

// Warnings lists what an arbiter should know about the event's settings.
func (e *Event) Warnings() []Warning {
	return checkTimeControl(e.Game, e.Discipline, e.TimeControl)
}

// EventInput carries the settings of an event to create or change. A nil
// field is left as it is (on create: its default).
type EventInput struct {
	Name         *string
	Game         *string
	Discipline   *string
	System       *string
	Rounds       *int
	TimeControl  *string
	Scoring      *Scoring
	TieBreaks    *[]string
	StartDate    *string
	EndDate      *string
	Venue        *string
	City         *string
	Region       *string
	ChiefArbiter *string
	Arbiters     *[]string
	Status       *string
	Visibility   *string
	// Swiss options; see Event.
	ForbidSameClub *bool
	Baku           *bool
	BlackFirst     *bool
	SheetsRequired *bool
	Rated          *bool
	Online         *bool
	NextRoundAfter *int
	// MicroMatch is "", "round" or "board" (OpeningDraw); MicroCount
	// "games" or "matches".
	MicroMatch *string
	MicroCount *string
	TimeZone   *string
	// Knockout replaces the settings of a knockout event.
	Knockout *KnockoutSettings
}

// apply copies the given settings onto e, checking each (every wrong one is
// reported, see JoinInvalid); knownTieBreak says
// whether a tie-break ID exists, micro are the rules of micro-matches. Status changes are checked by the service.
func (in EventInput) apply(e *Event, knownTieBreak func(string) bool, micro MicroMatches) error {
	// Every wrong setting is reported at once, each at its field.
	var errs []error
	if in.Name != nil {
		name, err := CleanText("name", *in.Name, 200, true)
		if err != nil {
			errs = append(errs, err)
		}
		e.Name = name
	}
	if err := in.applyGame(e); err != nil {
		errs = append(errs, err)
	}
	if in.Discipline != nil {
		d, err := ParseDiscipline(*in.Discipline)
		if err != nil {
			errs = append(errs, err)
		}
		e.Discipline = d
	}
	if in.System != nil {
		s, err := ParseSystem(*in.System)
		if err != nil {
			errs = append(errs, err)
		}
		e.System = s
	}
	if in.Rounds != nil {
		if *in.Rounds < 0 || *in.Rounds > 100 {
			errs = append(errs, Invalid("rounds", "the number of rounds must be between 1 and 100; got %d", *in.Rounds))
		}
		e.Rounds = *in.Rounds
	}
	if in.TimeControl != nil {
		tc, err := ParseTimeControl(*in.TimeControl)
		if err != nil {
			errs = append(errs, err)
		}
		e.TimeControl = tc
	}
	if in.TimeControl != nil || in.Discipline != nil {
		if err := checkClockKind(e.Discipline, e.TimeControl); err != nil {
			errs = append(errs, err)
		}
	}
	if in.Scoring != nil {
		if err := in.Scoring.validate(); err != nil {
			errs = append(errs, err)
		}
		e.Scoring = *in.Scoring
	}
	if in.TieBreaks != nil {
		seen := map[string]bool{}
		for i, id := range *in.TieBreaks {
			field := fmt.Sprintf("tiebreaks[%d]", i)
			if !knownTieBreak(id) {
				errs = append(errs, Invalid(field, "unknown tie-break %q", id))
			}
			if seen[id] {
				errs = append(errs, Invalid(field, "tie-break %q is listed twice", id))
			}
			seen[id] = true
		}
		e.TieBreaks = append([]string(nil), *in.TieBreaks...)
	}
	for _, date := range []struct {
		field string
		in    *string
		out   *string
	}{{"start_date", in.StartDate, &e.StartDate}, {"end_date", in.EndDate, &e.EndDate}} {
		if date.in == nil {
			continue
		}
		if *date.in != "" {
			if _, err := time.Parse(time.DateOnly, *date.in); err != nil {
				errs = append(errs, Invalid(date.field, "%q is not a date; write YYYY-MM-DD", *date.in))
			}
		}
		*date.out = *date.in
	}
	if e.StartDate != "" && e.EndDate != "" && e.EndDate < e.StartDate {
		errs = append(errs, Invalid("end_date", "the event ends (%s) before it starts (%s)", e.EndDate, e.StartDate))
	}
	for _, text := range []struct {
		field string
		in    *string
		out   *string
	}{{"venue", in.Venue, &e.Venue}, {"city", in.City, &e.City}, {"region", in.Region, &e.Region}, {"chief_arbiter", in.ChiefArbiter, &e.ChiefArbiter}} {
		if text.in == nil {
			continue
		}
		v, err := CleanText(text.field, *text.in, 200, false)
		if err != nil {
			errs = append(errs, err)
		}
		*text.out = v
	}
	if in.Arbiters != nil {
		arbiters := make([]string, 0, len(*in.Arbiters))
		for i, a := range *in.Arbiters {
			v, err := CleanText(fmt.Sprintf("arbiters[%d]", i), a, 200, true)
			if err != nil {
				errs = append(errs, err)
			}
			arbiters = append(arbiters, v)
		}
		e.Arbiters = arbiters
	}
	if in.ForbidSameClub != nil {
		e.ForbidSameClub = *in.ForbidSameClub
	}
	if in.Baku != nil {
		e.Baku = *in.Baku
	}
	if in.BlackFirst != nil {
		e.BlackFirst = *in.BlackFirst
	}
	if in.SheetsRequired != nil {
		e.SheetsRequired = *in.SheetsRequired
	}
	if in.Rated != nil {
		e.Rated = *in.Rated
	}
	if in.Online != nil {
		e.Online = *in.Online
	}
	if in.NextRoundAfter != nil {
		if n := *in.NextRoundAfter; n < 0 || n > maxNextRoundAfter {
			errs = append(errs, Invalid("next_round_after", "the pause before the next round is 0 (the arbiter pairs it) to %d seconds; got %d", maxNextRoundAfter, n))
		}
		e.NextRoundAfter = *in.NextRoundAfter
	}
	if in.Online != nil || in.Discipline != nil || in.TimeControl != nil || in.NextRoundAfter != nil {
		if err := checkOnline(e); err != nil {
			errs = append(errs, err)
		}
	}
	if err := checkGame(e); err != nil {
		errs = append(errs, err)
	}
	if err := in.settleMicroMatch(e, micro); err != nil {
		errs = append(errs, err)
	}
	// An emptied zone keeps the event's: a new event's is the server's
	// (Options.TimeZone).
	if in.TimeZone != nil && strings.TrimSpace(*in.TimeZone) != "" {
		name := strings.TrimSpace(*in.TimeZone)
		if _, err := time.LoadLocation(name); err != nil || name == "Local" {
			errs = append(errs, Invalid("time_zone", "%q is not a time zone; write a name such as Europe/Moscow", *in.TimeZone))
		}
		e.TimeZone = name
	}
	if in.Visibility != nil {
		switch v := Visibility(*in.Visibility); v {
		case Public, Private:
			e.Visibility = v
		default:
			errs = append(errs, Invalid("visibility", "unknown visibility %q; use \"public\" or \"private\"", *in.Visibility))
		}
	}
	return JoinInvalid(errs)
}

// CleanText trims a user-entered text and checks its length and encoding.
func CleanText(field, s string, maxRunes int, required bool) (string, error) {
	if !utf8.ValidString(s) {
		return "", Invalid(field, "the text is not valid UTF-8")
	}
	s = strings.TrimSpace(s)
	if required && s == "" {
		return "", Invalid(field, "must not be empty")
	}
	if n := utf8.RuneCountInString(s); n > maxRunes {
		return "", Invalid(field, "is %d characters long; at most %d are allowed", n, maxRunes)
	}
	return s, nil
}

func joinQuoted[T ~string](items []T) string {
	quoted := make([]string, len(items))
	for i, it := range items {
		quoted[i] = strconv.Quote(string(it))
	}
	return strings.Join(quoted, ", ")
}
