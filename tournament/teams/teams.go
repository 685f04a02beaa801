package teams

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"adiukh/tournament"
	registration "adiukh/tournament/players"
)

// Audit actions of team events.
const (
	ActionTeamCreate   = "team.create"
	ActionTeamUpdate   = "team.update"
	ActionTeamSettings = "team.settings"
	ActionLineupSet    = "lineup.set"
)

// teamEvent loads an event the user may change and checks it is a team event.
func teamEvent(ctx context.Context, tx tournament.EventTx, eventID int64) (*tournament.Event, *tournament.User, error) {
	e, u, err := tournament.Manageable(ctx, tx, eventID)
	if err != nil {
		return nil, nil, err
	}
	if !e.Discipline.IsTeam() {
		return nil, nil, tournament.Invalid("discipline", "%s is an individual event (%s), not a team event", e.Name, e.Discipline)
	}
	return e, u, nil
}

// teamSettings reads the event's team settings, or their defaults, with
// the tie-breaks its game offers: a setting stored before the game was
// asked may still list the checkers won of an event of another game.
func (s *Service) teamSettings(tx TeamTx, e *tournament.Event) (TeamSettings, error) {
	st, found, err := tx.TeamSettings(e.ID)
	if err != nil || !found {
		return DefaultTeamSettings(e.System, s.TeamTieBreakPreset(e.Game, ByMatchPoints)), err
	}
	st.TieBreaks = e.Game.OfferedTieBreaks(st.TieBreaks)
	return *st, nil
}

// TeamSettings returns the settings of a team event.
func (s *Service) TeamSettings(ctx context.Context, eventID int64) (*TeamSettings, error) {
	var st TeamSettings
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if !e.Discipline.IsTeam() {
			return tournament.Invalid("discipline", "%s is an individual event (%s), not a team event", e.Name, e.Discipline)
		}
		st, err = s.teamSettings(tx, e)
		return err
	})
	return &st, err
}

// UpdateTeamSettings changes the settings of a team event. The number of
// boards is fixed once round 1 is paired; scoring and tie-breaks may change
// until the event is finished (the change is logged): every one of them
// counts in its table.
func (s *Service) UpdateTeamSettings(ctx context.Context, eventID int64, in TeamSettingsInput, reason string) (*TeamSettings, error) {
	var st TeamSettings
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := teamEvent(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := e.TableOpen(""); err != nil {
			return err
		}
		before, err := s.teamSettings(tx, e)
		if err != nil {
			return err
		}
		st = before
		st.TieBreaks = slices.Clone(before.TieBreaks)
		if err := in.apply(&st, e.Game, s.knownTeamTieBreak, s.teamPreset); err != nil {
			return err
		}
		if st.Boards != before.Boards {
			rounds, err := tx.Rounds(eventID)
			if err != nil {
				return err
			}
			if len(rounds) > 0 {
				return tournament.Conflict("boards", "the number of boards (%d) is fixed once round 1 is paired", before.Boards)
			}
		}
		if err := tx.SaveTeamSettings(eventID, &st); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionTeamSettings, fmt.Sprintf("event %d", eventID), before, st, reason)
	})
	return &st, err
}

// Teams lists the teams of an event by start number with their rosters.
func (s *Service) Teams(ctx context.Context, eventID int64) ([]Team, error) {
	var teams []Team
	err := s.store.View(ctx, func(tx Tx) error {
		if _, err := tournament.Readable(ctx, tx, eventID); err != nil {
			return err
		}
		var err error
		teams, err = tx.Teams(eventID)
		return err
	})
	return teams, err
}

// RegisterTeam enters a team with its roster in board order, before round
// 1. Start numbers follow the teams' ratings (the mean of the regular
// boards), then their names — unless the arbiter numbered teams by hand,
// then the newcomer comes last; the players are numbered team by team in
// roster order.
func (s *Service) RegisterTeam(ctx context.Context, eventID int64, in TeamInput) (*Team, error) {
	switch {
	case in.Name == nil:
		return nil, tournament.Invalid("name", "is required")
	case in.WithdrawFromRound != nil && *in.WithdrawFromRound != 0:
		return nil, tournament.Invalid("withdraw_from_round", "a new team cannot be withdrawn; register, then withdraw")
	case in.StartNo != nil:
		return nil, tournament.Invalid("start_no", "a new team comes last or by rating; register, then give it a start number")
	case len(in.Players) == 0:
		return nil, tournament.Invalid("players", "a team needs at least one player, listed in board order")
	case len(in.Players) > MaxRoster:
		return nil, tournament.Invalid("players", "a roster has at most %d players; got %d", MaxRoster, len(in.Players))
	}
	var team *Team
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := teamEvent(ctx, tx, eventID)
		if err != nil {
			return err
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		if len(rounds) > 0 {
			return tournament.Conflict("", "round 1 is paired; teams enter before it")
		}
		settings, err := s.teamSettings(tx, e)
		if err != nil {
			return err
		}
		teams, err := tx.Teams(eventID)
		if err != nil {
			return err
		}
		t := &Team{EventID: eventID, StartNo: len(teams) + 1}
		if err := in.apply(t); err != nil {
			return err
		}
		if err := nameTaken(teams, t); err != nil {
			return err
		}
		for i, pin := range in.Players {
			p, err := rosterPlayer(tx, e, teams, t.Roster, t.Club, pin, 1, 0)
			if err != nil {
				var perr *tournament.Error
				if errors.As(err, &perr) {
					perr.Field = fmt.Sprintf("players[%d].%s", i, perr.Field)
				}
				return err
			}
			t.Roster = append(t.Roster, *p)
		}
		players, err := tx.Players(e.ID)
		if err != nil {
			return err
		}
		if err := registration.LinkToRegister(tx, e, players, t.Roster); err != nil {
			return err
		}
		if err := createRoster(tx, t); err != nil {
			return err
		}
		if err := tx.CreateTeam(t); err != nil {
			return err
		}
		teams = append(teams, *t)
		if err := renumberTeams(tx, teams, settings.Boards, e.ManualStartNumbers); err != nil {
			return err
		}
		team = findTeam(teams, t.ID)
		return tournament.Audit(tx, s.now(), u, eventID, ActionTeamCreate, fmt.Sprintf("team %d", t.ID), nil, team, "")
	})
	return team, err
}

// UpdateTeam changes a team's name, club, city or captain, or withdraws it
// from a round not yet paired on (0 takes the withdrawal back for the
// rounds still to pair); a withdrawal and its undoing need a reason. A withdrawn team is no longer paired in a Swiss
// event; in a round robin it keeps its place in the Berger table and loses
// its matches by forfeit on every board. The roster is changed with
// AddTeamPlayer and by withdrawing players.
func (s *Service) UpdateTeam(ctx context.Context, eventID int64, ref TeamRef, in TeamInput, reason string) (*Team, error) {
	if in.Players != nil {
		return nil, tournament.Invalid("players", "a roster is not replaced; add players one by one at its end")
	}
	var team *Team
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := teamEvent(ctx, tx, eventID)
		if err != nil {
			return err
		}
		teams, err := tx.Teams(eventID)
		if err != nil {
			return err
		}
		if team, err = ref.find(teams, eventID); err != nil {
			return err
		}
		before := *team
		if err := in.apply(team); err != nil {
			return err
		}
		if err := nameTaken(teams, team); err != nil {
			return err
		}
		if in.WithdrawFromRound != nil && *in.WithdrawFromRound != before.WithdrawnFrom {
			if err := e.TableOpen("withdraw_from_round"); err != nil {
				return err
			}
		}
		if in.WithdrawFromRound != nil {
			rounds, err := tx.Rounds(eventID)
			if err != nil {
				return err
			}
			n := *in.WithdrawFromRound
			switch {
			case n < 0 || (e.Rounds > 0 && n > e.Rounds):
				return tournament.Invalid("withdraw_from_round", "round %d does not exist; the event has %d rounds", n, e.Rounds)
			case n != 0 && n <= len(rounds):
				return tournament.Conflict("withdraw_from_round", "round %d is already paired; withdraw the team from round %d, and leave its boards of round %d empty in its line-up", n, len(rounds)+1, n)
			case n == 0 && team.WithdrawnFrom != 0 && team.WithdrawnFrom <= len(rounds):
				return tournament.Conflict("withdraw_from_round", "round %d was paired without the team; its withdrawal can no longer be taken back", team.WithdrawnFrom)
			case n != before.WithdrawnFrom && strings.TrimSpace(reason) == "":
				return tournament.Invalid("reason", "say why team %q is withdrawn or comes back; the audit log keeps it", team.Name)
			}
			team.WithdrawnFrom = n
		}
		if in.StartNo != nil && *in.StartNo != before.StartNo {
			if err := s.moveTeamStartNo(tx, e, teams, team.ID, *in.StartNo); err != nil {
				return err
			}
			team = findTeam(teams, before.ID)
		}
		if err := tx.UpdateTeam(team); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionTeamUpdate, fmt.Sprintf("team %d", team.ID), before, team, reason)
	})
	return team, err
}

// moveTeamStartNo gives a team a start number by hand before round 1; the
// team holding it takes the old one, and from then on the teams keep their
// numbers as given (Event.ManualStartNumbers).
func (s *Service) moveTeamStartNo(tx interface {
	tournament.EventTx
	tournament.PlayerTx
	tournament.RoundTx
	TeamTx
}, e *tournament.Event, teams []Team, teamID int64, no int) error {
	rounds, err := tx.Rounds(e.ID)
	if err != nil {
		return err
	}
	switch {
	case len(rounds) > 0:
		return tournament.Conflict("start_no", "start numbers are fixed once round 1 is paired")
	case no < 1 || no > len(teams):
		return tournament.Invalid("start_no", "team start numbers run from 1 to %d; got %d", len(teams), no)
	}
	// Start numbers run 1…n, so some team holds the number asked for.
	team, holder := findTeam(teams, teamID), findTeamByNo(teams, no)
	holder.StartNo, team.StartNo = team.StartNo, no
	for _, t := range []*Team{holder, team} {
		if err := tx.UpdateTeam(t); err != nil {
			return err
		}
	}
	settings, err := s.teamSettings(tx, e)
	if err != nil {
		return err
	}
	// The players follow their teams' new order.
	if err := renumberTeams(tx, teams, settings.Boards, true); err != nil {
		return err
	}
	if !e.ManualStartNumbers {
		e.ManualStartNumbers = true
		return tx.UpdateEvent(e)
	}
	return nil
}

// AddTeamPlayer adds a player at the end of the roster of the team ref
// names: a reserve, who may be fielded from the next round to be paired.
// Before round 1 the teams are numbered again, as the roster may change a
// team's rating.
func (s *Service) AddTeamPlayer(ctx context.Context, eventID int64, ref TeamRef, in tournament.PlayerInput) (*Team, error) {
	if in.StartNo != nil || in.WithdrawFromRound != nil {
		return nil, tournament.Invalid("start_no", "a team's players are numbered with their team and enter without a withdrawal")
	}
	var team *Team
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := teamEvent(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := e.TableOpen(""); err != nil {
			return err
		}
		teams, err := tx.Teams(eventID)
		if err != nil {
			return err
		}
		if team, err = ref.find(teams, eventID); err != nil {
			return err
		}
		if len(team.Roster) >= MaxRoster {
			return tournament.Conflict("", "the roster of team %q is full (%d players)", team.Name, MaxRoster)
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		p, err := rosterPlayer(tx, e, teams, nil, team.Club, in, len(rounds)+1, len(players)+1)
		if err != nil {
			return err
		}
		added := []tournament.Player{*p}
		if err := registration.LinkToRegister(tx, e, players, added); err != nil {
			return err
		}
		*p = added[0]
		if err := tx.CreatePlayer(p); err != nil {
			return err
		}
		if err := tx.AddToRoster(team, p); err != nil {
			return err
		}
		if len(rounds) == 0 {
			settings, err := s.teamSettings(tx, e)
			if err != nil {
				return err
			}
			if err := renumberTeams(tx, teams, settings.Boards, e.ManualStartNumbers); err != nil {
				return err
			}
			team = findTeam(teams, team.ID)
		}
		return tournament.Audit(tx, s.now(), u, eventID, tournament.ActionPlayerCreate, fmt.Sprintf("team %d player %d", team.ID, p.ID), nil, p, "")
	})
	return team, err
}

// MoveTeamPlayer moves a player to the end of the roster of another team,
// the one ref names, before round 1 only: once a round is paired a player
// stays with the team they were registered for (withdraw them and add a
// reserve instead). The teams are numbered again, as their ratings may
// change.
func (s *Service) MoveTeamPlayer(ctx context.Context, eventID, playerID int64, ref TeamRef, reason string) (*Team, error) {
	var to *Team
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := teamEvent(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := e.TableOpen("team"); err != nil {
			return err
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		if len(rounds) > 0 {
			return tournament.Conflict("team", "round 1 is paired; a player stays with their team — withdraw them and add a reserve to the other team")
		}
		teams, err := tx.Teams(eventID)
		if err != nil {
			return err
		}
		if to, err = ref.find(teams, eventID); err != nil {
			return err
		}
		var from *Team
		var p tournament.Player
		for i := range teams {
			for _, q := range teams[i].Roster {
				if q.ID == playerID {
					from, p = &teams[i], q
				}
			}
		}
		switch {
		case from == nil:
			return tournament.NotFound("player %d not found in event %d", playerID, eventID)
		case from.ID == to.ID:
			return tournament.Invalid("team", "%s already plays for team %q", p.Name, to.Name)
		case len(to.Roster) >= MaxRoster:
			return tournament.Conflict("team", "the roster of team %q is full (%d players)", to.Name, MaxRoster)
		}
		before := fmt.Sprintf("team %d %q", from.ID, from.Name)
		if err := tx.MoveToRoster(from, to, &p); err != nil {
			return err
		}
		settings, err := s.teamSettings(tx, e)
		if err != nil {
			return err
		}
		toID := to.ID
		if err := renumberTeams(tx, teams, settings.Boards, e.ManualStartNumbers); err != nil {
			return err
		}
		to = findTeam(teams, toID)
		return tournament.Audit(tx, s.now(), u, eventID, ActionTeamUpdate, fmt.Sprintf("team %d player %d", to.ID, p.ID), before,
			fmt.Sprintf("team %d %q", to.ID, to.Name), reason)
	})
	return to, err
}

// rosterPlayer is a new player of a team of event e, entering in round
// first with start number no (0 until the teams are numbered): a person of
// the register given by in.PersonID takes their details and published
// rating where the input leaves them out, as at an individual event's
// desk; a player without a club plays for the team's. One person plays for
// one team (onAnotherTeam: the teams entered, and the roster so far of a
// team being entered), and once in the event.
func rosterPlayer(tx Tx, e *tournament.Event, teams []Team, roster []tournament.Player, club string, in tournament.PlayerInput, first, no int) (*tournament.Player, error) {
	p := &tournament.Player{EventID: e.ID, FirstRound: first, StartNo: no}
	var err error
	if p.PersonID, err = registration.FromPerson(tx, e, &in); err != nil {
		return nil, err
	}
	if in.Name == nil {
		return nil, tournament.Invalid("name", "is required")
	}
	if err := registration.ApplyDetails(in, p, e.Game); err != nil {
		return nil, err
	}
	if p.Club == "" {
		p.Club = club
	}
	if err := onAnotherTeam(teams, roster, p); err != nil {
		return nil, err
	}
	return p, nil
}

// createRoster stores the players of a new team; their start numbers are
// set when the teams are numbered.
func createRoster(tx tournament.PlayerTx, t *Team) error {
	for i := range t.Roster {
		if err := tx.CreatePlayer(&t.Roster[i]); err != nil {
			return err
		}
	}
	return nil
}

// renumberTeams numbers the teams (numberTeams), then the players team by
// team in roster order, writing only what changes.
func renumberTeams(tx interface {
	tournament.PlayerTx
	TeamTx
}, teams []Team, boards int, manual bool) error {
	old := make(map[int64]int, len(teams))
	for _, t := range teams {
		old[t.ID] = t.StartNo
	}
	numberTeams(teams, boards, manual)
	no := 0
	for i := range teams {
		t := &teams[i]
		if t.StartNo != old[t.ID] {
			if err := tx.UpdateTeam(t); err != nil {
				return err
			}
		}
		for j := range t.Roster {
			no++
			if t.Roster[j].StartNo != no {
				t.Roster[j].StartNo = no
				if err := tx.UpdatePlayer(&t.Roster[j]); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// onAnotherTeam refuses a player who already plays for a team of the event
// (including the team being entered, whose roster so far is given): one
// person plays for one team. Namesakes with different federation IDs are
// two people.
func onAnotherTeam(teams []Team, roster []tournament.Player, p *tournament.Player) *tournament.Error {
	for _, q := range roster {
		if registration.SamePerson(&q, p) {
			return tournament.Conflict("name", "%s is listed twice in the roster", p.Name)
		}
	}
	for _, t := range teams {
		for _, q := range t.Roster {
			if registration.SamePerson(&q, p) {
				return tournament.Conflict("name", "%s already plays for team %q (start number %d); a player plays for one team", p.Name, t.Name, q.StartNo)
			}
		}
	}
	return nil
}
