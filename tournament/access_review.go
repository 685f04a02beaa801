package tournament

// What package review uses of the rounds: the arbiter's review of a draft
// round builds a round of the pairing it makes by hand as the pairing
// builds one (Service.NewRound) and stores it in place of the draft through the
// one writer of it (Service.ReplaceDraft), in its own transaction.

// NewRound turns pairings into the games of draft round n of the event e,
// as the pairing does: the forfeits of players who do not play in it and
// the requested byes entered.
func (s *Service) NewRound(e *Event, players []Player, pairings []Pairing, n int) (*Round, error) {
	return s.newRound(e, players, pairings, n, nil)
}

// PairedBoards are the boards the pairing system (or the arbiter) made of
// round r: games and the pairing-allocated bye, without requested byes.
func PairedBoards(r *Round) []Pairing { return pairedBoards(r) }

// BoardsView is the round's pairing in start numbers, as the audit log
// keeps it.
func BoardsView(r *Round) any { return pairingsView(r) }

// ReplaceDraft stores edited, a round made by hand of the draft old of the
// event e (rounds are the event's), in its place: the openings drawn for
// the round stay, and a micro-match event drawing one for each board draws
// them again when the round has another number of boards.
func (s *Service) ReplaceDraft(tx interface {
	RoundTx
	OpeningTx
}, e *Event, rounds []Round, old, edited *Round) error {
	if err := tx.DeleteRound(old); err != nil {
		return err
	}
	edited.Openings = old.Openings
	if e.MicroMatch == DrawPerBoard && playedBoards(edited) != playedBoards(old) {
		if err := s.drawOpenings(tx, e, rounds[:edited.Number-1], edited); err != nil {
			return err
		}
	}
	return tx.CreateRound(edited)
}
