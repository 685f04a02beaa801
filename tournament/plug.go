package tournament

// The pairing and standings algorithms live in pure subpackages that import
// this one, so the service receives them as functions (Options) instead of
// importing them: the dependency points inward (architecture.md).

// PairingInput is everything a pairing engine needs to pair one round.
type PairingInput struct {
	Event *Event
	// Players are all players of the event, withdrawn ones included, by
	// start number; Player.PlaysIn tells who is to be paired.
	Players []Player
	// Rounds are the rounds paired so far, with their games and results.
	Rounds []Round
	// Round is the number of the round to pair.
	Round int
}

// Pairing is one board of a new round: player IDs, BlackID 0 for the bye.
type Pairing struct {
	WhiteID int64
	BlackID int64
}

// PairFunc pairs one round. The boards are numbered in the order returned.
// A Swiss engine plugs in as one PairFunc under Options.Pairing[Swiss].
type PairFunc func(in PairingInput) ([]Pairing, error)

// Ranker computes standings; the standings package provides it.
type Ranker interface {
	// Rank orders the players by score and the event's tie-breaks over the
	// rounds up to and including afterRound.
	Rank(in StandingsInput) ([]StandingsRow, error)
	// TieBreaks lists every tie-break the ranker knows.
	TieBreaks() []TieBreakInfo
	// DefaultTieBreaks is the preset order for a pairing system.
	DefaultTieBreaks(sys System) []string
}

// StandingsInput is what a Ranker ranks.
type StandingsInput struct {
	Event      *Event
	Players    []Player
	Rounds     []Round
	AfterRound int
}

// TieBreakInfo is a tie-break the ranker offers, by its stable ID
// ("buchholz"); the catalogue names it in the reader's language
// (tiebreak.<ID>), so the domain keeps no wording of its own.
type TieBreakInfo struct {
	ID string
}

// Standings is the ranking of an event after a round.
type Standings struct {
	Event      *Event
	AfterRound int
	// EveryFinishedGame: the standings count every finished game, whatever
	// its round (correspondence play, where games end one by one), not only
	// the rounds up to AfterRound.
	EveryFinishedGame bool
	// Complete is the number of rounds with every result: standings can be
	// shown after any of them.
	Complete int
	// TieBreaks are the event's tie-breaks in their order.
	TieBreaks []TieBreakInfo
	Rows      []StandingsRow
	// UnscoredGames counts the games counted whose score is unknown (an
	// import keeps who won only, ScoreUnknown): the checkers won
	// (adiukh-points) leave them out and are incomplete (Incomplete).
	UnscoredGames int
	// StalePlayoffs are the finished play-offs whose players are no longer
	// tied (a result corrected after the event was reopened): their
	// decision is not applied, and the standings say so.
	StalePlayoffs []int64
}

// Incomplete lists the tie-breaks of the standings that cannot be told in
// full: the checkers won, where a game's score is unknown.
func (s *Standings) Incomplete() []TieBreakInfo {
	var out []TieBreakInfo
	for _, tb := range s.TieBreaks {
		if tb.ID == adiukhPoints && s.UnscoredGames > 0 {
			out = append(out, tb)
		}
	}
	return out
}

// StandingsRow is one player's line. Players who share a place (equal score
// and every tie-break) have the same Rank; RankTo is the last place of the
// group (equal to Rank when the place is not shared).
type StandingsRow struct {
	Rank     int
	RankTo   int
	PlayerID int64
	StartNo  int
	Name     string
	Title    string // the sports rank or title, as Player.Title
	Club     string
	// Federation is the player's federation (RUS), as Player.Federation.
	Federation string
	Rating     int
	Score      float64 // in the event's scoring table
	TieBreaks  map[string]float64
	// Playoff is the play-off event whose result placed the player among
	// the players tied with them (Playoffs); 0 when tie-breaks did.
	Playoff int64
}

// Playoffs are the play-offs of an event's ties (tournament/playoff's
// Plug): its final standings, ranked, are handed over with the same
// transaction, and the places a finished play-off decided are set by its
// result. rank ranks a play-off event as its own standings show it.
type Playoffs interface {
	Decide(tx StandingsTx, st *Standings, rank func(e *Event) (*Standings, error)) error
}

// MicroMatches are the rules of micro-matches, two games a pairing from
// an opening drawn for the round or the board (tournament/micromatch's
// Plug): an event's setting, what the pairing does with a round's boards.
type MicroMatches interface {
	// Settle sets the event's micro-match setting and count where they
	// are given (nil keeps them) and refuses a setting the event cannot
	// play.
	Settle(e *Event, draw, count *string) error
	// DrawRound draws the openings of the event's new round r, paired
	// after the rounds earlier: one for the round or one for each board.
	DrawRound(tx OpeningTx, e *Event, earlier []Round, r *Round) error
	// DrawOpenings draws the openings of a team round: one for the round,
	// or one for each of boards when the event draws them by board.
	DrawOpenings(tx OpeningTx, e *Event, earlier []Round, boards []int) ([]DrawnOpening, error)
	// SplitForfeit makes a board the pairing forfeits a micro-match of
	// two forfeited games.
	SplitForfeit(e *Event, g *Game)
}
