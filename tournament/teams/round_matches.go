package teams

import "adiukh/tournament"

// RoundMatch is one match of a round as a page of the round's boards
// groups them (the hall, issue 67): the match with its boards linked to
// the round's games, its two teams, and its score so far as the match
// card and the team standings count it (Match.Score).
type RoundMatch struct {
	Match
	Home *Team
	// Away is nil for the home team's bye.
	Away  *Team
	Score MatchScore
}

// RoundMatches reads the matches of round r of team event e by table, in
// the caller's transaction tx, so that the matches, their scores and the
// games the caller shows are of one snapshot. The team settings are the
// event's (the defaults while none were saved): a match's score needs its
// boards and match points, never the tie-breaks.
func RoundMatches(tx TeamTx, e *tournament.Event, r *tournament.Round) ([]RoundMatch, error) {
	settings, found, err := tx.TeamSettings(e.ID)
	if err != nil {
		return nil, err
	}
	if !found {
		defaults := DefaultTeamSettings(e.System, nil)
		settings = &defaults
	}
	all, err := tx.Matches(e.ID)
	if err != nil {
		return nil, err
	}
	teams, err := tx.Teams(e.ID)
	if err != nil {
		return nil, err
	}
	tr := TeamRound{Round: *r}
	for _, m := range all {
		if m.RoundID == r.ID {
			tr.Matches = append(tr.Matches, m)
		}
	}
	linkGames(&tr, settings.Boards)
	out := make([]RoundMatch, len(tr.Matches))
	for i := range tr.Matches {
		m := &tr.Matches[i]
		out[i] = RoundMatch{Match: *m, Home: findTeam(teams, m.HomeID), Score: m.Score(e, *settings)}
		if !m.IsBye() {
			out[i].Away = findTeam(teams, m.AwayID)
		}
	}
	return out, nil
}
