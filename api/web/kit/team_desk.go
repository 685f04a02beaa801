package kit

import (
	"strings"

	"adiukh/tournament"
	"adiukh/tournament/teams"
)

// TeamDesk holds the team forms of the desk.
type TeamDesk struct {
	Settings *teams.TeamSettings
	Boards   *Form // the number of boards
	// Edit and Reserve are the forms of the team whose ID is
	// Values["team"]; the other teams show their stored values.
	Edit    *Form
	Reserve *Form
	// Players counts the players on all rosters.
	Players int
	// Scoring is the team scoring form (team_scoring.go), with every
	// team tie-break and the preset of each ranking.
	Scoring   *Form
	TieBreaks []tournament.TieBreakInfo
	Presets   map[string]string // by ranking
}

// NewTeamDesk is the team forms of the desk of a team event of game.
func (k *Kit) NewTeamDesk(game tournament.GameKind, st *teams.TeamSettings, entered []teams.Team) *TeamDesk {
	d := &TeamDesk{Settings: st, Boards: NewForm(), Edit: NewForm(), Reserve: NewForm(), Scoring: TeamScoringValues(st),
		TieBreaks: k.Teams.TeamTieBreaksOf(game), Presets: map[string]string{}}
	for _, r := range []teams.Ranking{teams.ByMatchPoints, teams.ByGamePoints} {
		d.Presets[string(r)] = strings.Join(k.Teams.TeamTieBreakPreset(game, r), ",")
	}
	for i := range entered {
		d.Players += len(entered[i].Roster)
	}
	return d
}
