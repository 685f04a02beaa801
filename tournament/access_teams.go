package tournament

// What package teams uses of the events. A team competition is an event
// whose players play for teams and whose rounds pair teams into matches of
// ordinary games: the team use cases read and write the event, its players
// and its rounds through these, in their own transaction, as the other
// areas do through players.AdmitPlayer and StoreGame.

// Validate checks a scoring table, as an event's is checked; a team
// competition checks its match points so.
func (s Scoring) Validate() error { return s.validate() }

// FindGame returns the game of round r with that board number, or nil.
func FindGame(r *Round, board int) *Game { return findGame(r, board) }

// CheckPreviousRound tells whether round next of the event may follow prev,
// the last round paired (nil before round 1): the same rule for events of
// players and team competitions.
func CheckPreviousRound(e *Event, prev *Round, next int) error {
	return checkPreviousRound(e, prev, next)
}

// RoundRobinRounds is the number of rounds of a (double) round robin of n
// players or teams.
func RoundRobinRounds(n int, double bool) int { return roundRobinRounds(n, double) }

// SettleRound keeps a published round's status in step with its games (a
// team's empty board is a forfeit, a result that may complete the round).
func SettleRound(tx interface{ UpdateRoundStatus(r *Round) error }, round *Round) error {
	return settleRound(tx, round)
}

// StandingsRound checks the round standings are asked after, as an
// event's of players: 0 means the last complete round. It returns that
// round and the number of complete rounds; done tells whether the i-th
// published round (from 0) has every result.
func StandingsRound(done func(i int) bool, published, afterRound int) (after, complete int, err error) {
	return standingsRound(done, published, afterRound)
}
