package teams

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"adiukh/tournament"
)

// ActionTeamDelete is the audit action of a team taken out of an event.
const ActionTeamDelete = "team.delete"

// RemoveTeam takes a team and its players out of an event before round 1
// (a team that leaves later is withdrawn instead, so that its matches
// stay), for a reason the audit log keeps. The other teams and their
// players close the gap in the start numbers.
func (s *Service) RemoveTeam(ctx context.Context, eventID int64, ref TeamRef, reason string) error {
	return s.store.Update(ctx, func(tx Tx) error {
		e, u, err := teamEvent(ctx, tx, eventID)
		if err != nil {
			return err
		}
		// Withdrawing, the advice for an event under way, does not apply
		// to a finished one.
		if err := e.TableOpen(""); err != nil {
			return err
		}
		teams, err := tx.Teams(eventID)
		if err != nil {
			return err
		}
		team, err := ref.find(teams, eventID)
		if err != nil {
			return err
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		switch {
		case len(rounds) > 0:
			return tournament.Conflict("", "round 1 is paired; withdraw team %q instead of removing it", team.Name)
		case strings.TrimSpace(reason) == "":
			return tournament.Invalid("reason", "say why team %q is removed; the audit log keeps it", team.Name)
		}
		removed := *team
		if err := tx.DeleteTeam(team); err != nil {
			return err
		}
		rest := slices.DeleteFunc(teams, func(t Team) bool { return t.ID == removed.ID })
		settings, err := s.teamSettings(tx, e)
		if err != nil {
			return err
		}
		if err := renumberTeams(tx, rest, settings.Boards, e.ManualStartNumbers); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionTeamDelete, fmt.Sprintf("team %d", removed.ID), removed, nil, reason)
	})
}
