package teams

import (
	"fmt"
	"time"

	"adiukh/tournament"
)

// EnterPlayoffTeams enters in the new event e (a play-off of a team
// event's tie, tournament/playoff) copies of the parent's teams from, in
// the order given (the parent's standings, which the start numbers
// follow), each with its roster: the same people with the same details
// and ratings, in board order, a player withdrawn from the parent left
// out. The play-off plays over the boards, match points and ranking of the
// parent's settings; its tie-breaks are that ranking's preset. Called in
// the play-off's transaction tx, it answers the teams entered, by start
// number.
func (s *Service) EnterPlayoffTeams(tx Tx, now time.Time, u *tournament.User, e *tournament.Event, parent TeamSettings, from []Team) ([]Team, error) {
	settings := DefaultTeamSettings(e.System, s.TeamTieBreakPreset(e.Game, parent.Ranking))
	settings.Boards, settings.Ranking = parent.Boards, parent.Ranking
	settings.MatchWin, settings.MatchDraw, settings.MatchLoss = parent.MatchWin, parent.MatchDraw, parent.MatchLoss
	if err := tx.SaveTeamSettings(e.ID, &settings); err != nil {
		return nil, err
	}
	if err := tournament.Audit(tx, now, u, e.ID, ActionTeamSettings, fmt.Sprintf("event %d", e.ID), nil, settings, ""); err != nil {
		return nil, err
	}
	out := make([]Team, 0, len(from))
	no := 0
	for i, f := range from {
		t := &Team{EventID: e.ID, StartNo: i + 1, Name: f.Name, Club: f.Club, City: f.City, Captain: f.Captain}
		for _, p := range f.Roster {
			if p.WithdrawnFrom != 0 {
				continue
			}
			no++
			p.ID, p.EventID, p.StartNo, p.FirstRound, p.ByeRound, p.ByeKind = 0, e.ID, no, 1, 0, ""
			t.Roster = append(t.Roster, p)
		}
		if len(t.Roster) == 0 {
			return nil, tournament.Conflict("teams", "team %q has no player left who can play the play-off", f.Name)
		}
		if err := createRoster(tx, t); err != nil {
			return nil, err
		}
		if err := tx.CreateTeam(t); err != nil {
			return nil, err
		}
		if err := tournament.Audit(tx, now, u, e.ID, ActionTeamCreate, fmt.Sprintf("team %d", t.ID), nil, t, ""); err != nil {
			return nil, err
		}
		out = append(out, *t)
	}
	if !e.ManualStartNumbers {
		// The start numbers follow the parent's standings, not the ratings.
		e.ManualStartNumbers = true
		if err := tx.UpdateEvent(e); err != nil {
			return nil, err
		}
	}
	return out, nil
}
