// Package teams is the team competitions: an event (disciplines
// standard-team, rapid-team, blitz-team) whose players play for teams,
// whose rounds pair the teams into matches and whose standings rank the
// teams. It keeps the teams with their rosters, the team settings (boards,
// match points, ranking and tie-breaks), the pairing of team rounds, the
// line-ups, a match's results by table and board, the team standings and
// crosstable; its own Service and store part (TeamTx), which store
// implements (Store.Teams()).
//
// A match's boards are ordinary games of the event's round, so the teams
// are written beside the event, its players and rounds in one transaction
// of this package's Tx, through the root's writers (tournament.Audit,
// SettleRound, LinkToRegister), and a board's result is the event's result
// (tournament.Service.RecordResult). This package also answers the reads
// of an event of either kind (Tables, RoundsOf, ReadRound, PairNextRound,
// Desk), as only it knows both: a team competition's itself, an event of
// players' through the root's reads in the same snapshot.
package teams

import (
	"context"
	"slices"
	"time"

	"adiukh/tournament"
)

// Options plug team pairing, team standings and the clock into a Service.
type Options struct {
	// Pairing pairs team rounds by system; a system without an entry
	// answers "not available yet".
	Pairing map[tournament.System]TeamPairFunc
	// Ranker computes team standings and knows the team tie-breaks.
	Ranker TeamRanker
	// Playoffs order a team event's final standings by the play-offs that
	// decided its ties; none when nil.
	Playoffs TeamPlayoffs
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Service carries out the use cases of team competitions. The signed-in
// user comes from the context, as for tournament.Service.
type Service struct {
	store  Store
	events *tournament.Service
	teams  Options
	now    func() time.Time
}

// NewService returns the service over st; events is the service of the
// events whose team competitions it runs: a board's result is recorded,
// and an event of players is read and paired, by it.
func NewService(st Store, events *tournament.Service, opt Options) *Service {
	s := &Service{store: st, events: events, teams: opt, now: opt.Now}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Store keeps the team competitions on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the store inside one transaction: the teams (TeamTx) and the
// tournament's transaction, whose events, players, rounds and audit log a
// team competition reads and writes with its teams.
type Tx interface {
	tournament.Tx
	TeamTx
}

func (s *Service) teamPreset(r Ranking) []string {
	if s.teams.Ranker == nil {
		return nil
	}
	return s.teams.Ranker.DefaultTeamTieBreaks(r)
}

func (s *Service) knownTeamTieBreak(id string) bool {
	return s.teams.Ranker != nil && slices.ContainsFunc(s.teams.Ranker.TeamTieBreaks(), func(t tournament.TieBreakInfo) bool { return t.ID == id })
}

// TeamTieBreaks lists every tie-break a team event may order its standings by.
func (s *Service) TeamTieBreaks() []tournament.TieBreakInfo {
	if s.teams.Ranker == nil {
		return nil
	}
	return s.teams.Ranker.TeamTieBreaks()
}

// TeamTieBreaksOf lists the team tie-breaks an event of the game may
// order its standings by.
func (s *Service) TeamTieBreaksOf(k tournament.GameKind) []tournament.TieBreakInfo {
	return slices.DeleteFunc(s.TeamTieBreaks(), func(t tournament.TieBreakInfo) bool { return !k.OffersTieBreak(t.ID) })
}

// TeamTieBreakPreset is the team tie-break order that changing the
// ranking to r brings to an event of the game (see UpdateTeamSettings).
func (s *Service) TeamTieBreakPreset(k tournament.GameKind, r Ranking) []string {
	return k.OfferedTieBreaks(s.teamPreset(r))
}
