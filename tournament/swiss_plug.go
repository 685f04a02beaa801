package tournament

import "adiukh/rules"

// ByeKind is the kind of bye a player asks for before a round is paired.
type ByeKind string

const (
	HalfByeRequest ByeKind = "half" // scores a draw's points
	ZeroByeRequest ByeKind = "zero" // scores nothing
)

// endReason is the end reason of the game the pairing enters for the bye.
func (k ByeKind) endReason() EndReason {
	if k == HalfByeRequest {
		return HalfPointBye
	}
	return ZeroPointBye
}

// OnRequestedBye reports whether the player asked to sit out round n.
func (p *Player) OnRequestedBye(n int) bool { return p.ByeRound == n && p.ByeKind != "" }

// PairingWarning is one absolute criterion (FIDE C.04.3 C1–C3) a pairing
// breaks, found when an arbiter edits a pairing by hand. Code is stable;
// Format is the warning in English, a printf format of the start numbers in
// Players, and the catalogue's ID for it in every language.
type PairingWarning struct {
	Board   int    `json:"board"`
	Code    string `json:"code"` // rematch, forbidden, bye_ineligible, two_byes, colour, absent_paired, paired_twice, unpaired, unknown_player
	Players []int  `json:"players,omitempty"`
	Format  string `json:"format,omitempty"`
	// TextRU and TextEN are the texts of warnings kept by versions that
	// wrote them out (rounds paired before the catalogue knew them); such
	// a warning has no Format and is shown as it was stored.
	TextRU string `json:"text_ru,omitempty"`
	TextEN string `json:"text_en,omitempty"`
}

// Message is the warning as a message: its format with the start numbers.
func (w PairingWarning) Message() rules.Message {
	args := make([]any, len(w.Players))
	for i, no := range w.Players {
		args[i] = no
	}
	return rules.Message{Format: w.Format, Args: args}
}

// PairingCard explains one board of a Swiss round for the arbiter: where
// each player came from and why the colours fell as they did. The
// catalogue words it in the reader's language.
type PairingCard struct {
	Board int      `json:"board"`
	White CardSide `json:"white"`
	Black CardSide `json:"black"` // empty for a bye
	// ColourRule is the colour allocation rule that decided (C.04.3
	// E.1–E.5), "bye" without an opponent, or "arbiter" when the arbiter
	// set the colours against RulesRule, which gives white to RulesWhite.
	ColourRule string `json:"colour_rule"`
	RulesRule  string `json:"rules_rule,omitempty"`
	RulesWhite int    `json:"rules_white,omitempty"`
}

// CardSide is one player's part of a pairing card.
type CardSide struct {
	StartNo int `json:"start_no"`
	// Score is the player's score before the round, in the event's
	// points, and so his score group.
	Score float64 `json:"score"`
	// Float is "up", "down" or "" (paired in the own score group); a
	// floater meets an opponent from the score group OpponentScore. The
	// pairing-allocated bye is a downfloat without an opponent.
	Float         string  `json:"float,omitempty"`
	OpponentScore float64 `json:"opponent_score,omitempty"`
	// Preference is the colour preference (A.6): "white", "black" or "";
	// Strength is "absolute", "strong", "mild" or "".
	Preference string `json:"preference,omitempty"`
	Strength   string `json:"strength,omitempty"`
}

// SwissTools are the Swiss-system helpers a Service needs; the engines
// package provides them. Each may be nil: the use case then answers that it
// is not available.
type SwissTools struct {
	// Explain builds the pairing cards of in.Round's pairings.
	Explain func(in PairingInput, pairings []Pairing) ([]PairingCard, error)
}

// ActionPlayerBye records a requested bye, or one taken back
// (tournament/swiss RequestBye).
const ActionPlayerBye = "player.bye"

// pairedBoards are the boards the pairing system made: games and the
// pairing-allocated bye, without requested byes.
func pairedBoards(r *Round) []Pairing {
	var out []Pairing
	for _, g := range r.Games {
		if g.Result != nil && (g.Result.EndReason == HalfPointBye || g.Result.EndReason == ZeroPointBye) {
			continue
		}
		out = append(out, Pairing{WhiteID: g.WhiteID, BlackID: g.BlackID})
	}
	return out
}

// PairingCardsOf explains round r of a Swiss event from the stored rounds
// before it, by the engine of Options.Swiss.
func (s *Service) PairingCardsOf(e *Event, players []Player, stored []Round, r *Round) ([]PairingCard, error) {
	if s.swiss.Explain == nil {
		return nil, Invalid("system", "pairing cards are not available in this version of adiukh")
	}
	return s.swiss.Explain(PairingInput{Event: e, Players: players, Rounds: stored[:r.Number-1], Round: r.Number}, pairedBoards(r))
}
