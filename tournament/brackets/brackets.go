// Package brackets reads the bracket of a knockout event whichever its
// sides (issue 68): the matches of players (knockout.Service.Bracket) or
// the ties of teams (teams.Service.KnockoutBracket). The bracket's page,
// JSON and PDF ask it once and show what it answers; the two areas import
// none of each other, so the choice between them is made here, above both.
//
// It knows no HTTP and no SQL.
package brackets

import (
	"context"

	"adiukh/tournament"
	"adiukh/tournament/knockout"
	"adiukh/tournament/teams"
)

// Bracket is the bracket of a knockout: the matches of players (Matches),
// or the ties of teams (Ties), the one set.
type Bracket struct {
	Matches *knockout.BracketView
	Ties    *teams.TeamBracket
}

// Event is the knockout event.
func (b *Bracket) Event() *tournament.Event {
	if b.Ties != nil {
		return b.Ties.Event
	}
	return b.Matches.Event
}

// Boards is the boards of a tie's legs; 0 for a knockout of players.
func (b *Bracket) Boards() int {
	if b.Ties != nil {
		return b.Ties.Settings.Boards
	}
	return 0
}

// CanManage says whether the reader may enter the bracket's results and
// lots.
func (b *Bracket) CanManage() bool {
	if b.Ties != nil {
		return b.Ties.CanManage
	}
	return b.Matches.CanManage
}

// Service reads the brackets through the services of the events, of the
// knockouts of players and of the team competitions.
type Service struct {
	events       *tournament.Service
	matches      *knockout.Service
	competitions *teams.Service
}

// NewService returns the service over those three.
func NewService(events *tournament.Service, matches *knockout.Service, competitions *teams.Service) *Service {
	return &Service{events: events, matches: matches, competitions: competitions}
}

// Bracket reads a knockout event's bracket as the reader may see it: of
// ties for a knockout of teams, of matches otherwise. An event that is not
// a knockout has none (not found, as each area answers).
func (s *Service) Bracket(ctx context.Context, eventID int64) (*Bracket, error) {
	e, err := s.events.Event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	if teams.IsTeamKnockout(e) {
		ties, err := s.competitions.KnockoutBracket(ctx, eventID)
		if err != nil {
			return nil, err
		}
		return &Bracket{Ties: ties}, nil
	}
	matches, err := s.matches.Bracket(ctx, eventID)
	if err != nil {
		return nil, err
	}
	return &Bracket{Matches: matches}, nil
}
