package teams

import "adiukh/tournament"

// TeamTx is the part of the store that keeps team events: settings, teams
// with their rosters, and the matches of each round with their boards. The
// games of the boards are ordinary games of the round (Tx.CreateRound).
type TeamTx interface {
	// TeamSettings returns the event's team settings; found is false
	// while none were saved.
	TeamSettings(eventID int64) (s *TeamSettings, found bool, err error)
	SaveTeamSettings(eventID int64, s *TeamSettings) error

	// CreateTeam stores a team and its roster (players already created)
	// and sets its ID.
	CreateTeam(t *Team) error
	// Teams lists the teams of an event by start number, each with its
	// roster in order.
	Teams(eventID int64) ([]Team, error)
	// UpdateTeam writes a team's details and start number.
	UpdateTeam(t *Team) error
	// AddToRoster puts a stored player at the end of the team's roster.
	AddToRoster(t *Team, p *tournament.Player) error
	// MoveToRoster takes a player off the roster of from (the players
	// after them move up a position) and puts them at the end of to's.
	MoveToRoster(from, to *Team, p *tournament.Player) error
	// DeleteTeam deletes a team and the players of its roster.
	DeleteTeam(t *Team) error

	// CreateMatches stores the matches of a round with their boards and
	// sets their IDs.
	CreateMatches(roundID int64, matches []Match) error
	// Matches lists the matches of an event by round and table, each with
	// its boards; the boards' Game is left nil.
	Matches(eventID int64) ([]Match, error)
	// UpdateMatchBoard writes who plays on one board of a match.
	UpdateMatchBoard(matchID int64, b *MatchBoard) error

	// KnockoutLots lists the lots that decided ties of a team knockout.
	KnockoutLots(eventID int64) ([]KnockoutLot, error)
	// SaveKnockoutLot stores the lot of a tie in place of one before.
	SaveKnockoutLot(eventID int64, l KnockoutLot) error
}

// TeamPairingInput is everything a team pairing engine needs to pair a round.
type TeamPairingInput struct {
	Event    *tournament.Event
	Settings TeamSettings
	// Teams are all teams of the event by start number, withdrawn ones
	// included; Team.PlaysIn tells who is to be paired.
	Teams []Team
	// Rounds are the rounds paired so far with their matches and games.
	Rounds []TeamRound
	// Round is the number of the round to pair.
	Round int
	// Lots are the lots that decided ties of a knockout.
	Lots []KnockoutLot
}

// TeamPairing is one match of a new round by team ID: the home team takes
// White on board 1. AwayID 0 gives the home team the bye.
type TeamPairing struct {
	HomeID int64
	AwayID int64
}

// TeamPairFunc pairs one round of a team event; tables are numbered in the
// order returned.
type TeamPairFunc func(in TeamPairingInput) ([]TeamPairing, error)

// TeamStandingsInput is what a TeamRanker ranks: the rounds are complete.
type TeamStandingsInput struct {
	Event    *tournament.Event
	Settings TeamSettings
	Teams    []Team
	Rounds   []TeamRound
}

// TeamRanker computes team standings; the standings package provides it.
type TeamRanker interface {
	RankTeams(in TeamStandingsInput) (*TeamTable, error)
	// TeamTieBreaks lists every team tie-break.
	TeamTieBreaks() []tournament.TieBreakInfo
	// DefaultTeamTieBreaks is the preset order when ranking first by r.
	DefaultTeamTieBreaks(r Ranking) []string
}

// TeamTable is what a TeamRanker computes: team rows in rank order and, per
// board (index board-1), the players of that board in rank order.
type TeamTable struct {
	Rows   []TeamStandingsRow
	Boards [][]BoardStandingsRow
}

// TeamStandingsRow is one team's line of the standings; teams sharing a
// place have the same Rank, and RankTo is the group's last place.
type TeamStandingsRow struct {
	Rank    int
	RankTo  int
	TeamID  int64
	StartNo int
	Name    string
	Club    string
	// WithdrawnFrom is the round the team withdrew from, 0 if it did not.
	WithdrawnFrom int
	MatchPoints   float64
	GamePoints    float64
	Score         float64 // the score that ranks first
	TieBreaks     map[string]float64
	// Playoff is the play-off event whose result placed the team among
	// the teams tied with it (Options.Playoffs); 0 when tie-breaks did.
	Playoff int64
}

// TeamPlayoffs are the play-offs of a team event's ties (tournament/
// playoff's Plug): its final standings, ranked, are handed over with the
// same transaction, and the places a finished play-off decided are set by
// its result. rank ranks a play-off event as its own standings show it.
type TeamPlayoffs interface {
	DecideTeams(tx tournament.EventTx, st *TeamStandings, rank func(e *tournament.Event) (*TeamStandings, error)) error
}

// BoardStandingsRow is one player's line in the standings of one board.
type BoardStandingsRow struct {
	Board        int
	Rank         int
	RankTo       int
	PlayerID     int64
	Name         string
	Federation   string // the player's (RUS), "" when unknown
	TeamNo       int
	Team         string // the team's name, as the tables show it
	Games        int
	Points       float64 // in the event's game scoring table
	Percent      float64
	AdiukhPoints int
}
