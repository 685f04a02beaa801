package dutch

import (
	"math/bits"
	"slices"
)

type floatKind int8

const (
	floatDown floatKind = iota
	floatUp
	floatNone
)

// player is a participant of the round with the data the criteria use.
type player struct {
	id        int
	rank      int // rank among the valid players: the tie-break of equal scores
	vertex    int // index in the score order, the vertex of the matching graph
	history   []Round
	accel     []int
	rawScore  int // without acceleration
	score     int // with the acceleration of this round
	played    int // games played over the board
	imbalance int // |games with white − games with black|
	pref      Color
	repeated  Color // colour of the last two played games when equal (A.7: absolute)
	strong    bool
	eligible  bool // may receive the pairing-allocated bye (C.04.3 C2)
	float1    floatKind
	float2    floatKind
}

func (p *player) absoluteImbalance() bool  { return p.imbalance > 1 }
func (p *player) absolutePreference() bool { return p.imbalance > 1 || p.repeated != NoColor }

// state is the tournament prepared for pairing.
type state struct {
	t       *Tournament
	played  int
	players []*player // the players to pair, best score first
	byID    map[int]*player
	all     []*player // every valid player, by rank
	// forbidden[a*n+b] marks the pairs of vertices that must not meet.
	forbidden []bool
}

func (s *state) points(p *player, r Round) int {
	pt := s.t.Points
	switch r.Outcome {
	case Win:
		if r.Opponent == 0 && r.Paired {
			return pt.PairingBye
		}
		return pt.Win
	case Draw:
		return pt.Draw
	}
	if !r.Paired {
		return pt.ZeroPointBye
	}
	if r.Played {
		return pt.Loss
	}
	return pt.ForfeitLoss
}

// scoreBack returns p's score (with acceleration) as it was roundsBack
// rounds ago.
func (s *state) scoreBack(p *player, roundsBack int) int {
	score := p.rawScore
	round := s.played
	for ; roundsBack > 0; roundsBack-- {
		round--
		score -= s.points(p, p.history[round])
	}
	if round < len(p.accel) {
		score += p.accel[round]
	}
	return score
}

func (s *state) floatOf(p *player, roundsBack int) floatKind {
	r := p.history[s.played-roundsBack]
	if !r.Played {
		if s.points(p, r) > s.t.Points.Loss {
			return floatDown
		}
		return floatNone
	}
	mine := s.scoreBack(p, roundsBack)
	theirs := s.scoreBack(s.byID[r.Opponent], roundsBack)
	switch {
	case mine > theirs:
		return floatDown
	case mine < theirs:
		return floatUp
	}
	return floatNone
}

// prepare validates the input and computes the players' pairing data.
func prepare(t *Tournament) (*state, error) {
	s := &state{t: t, played: t.PlayedRounds, byID: map[int]*player{}}
	if t.PlayedRounds < 0 || t.TotalRounds < 1 {
		return nil, inputError(0, "played rounds %d of %d planned: out of range", t.PlayedRounds, t.TotalRounds)
	}
	for i := range t.Players {
		tp := &t.Players[i]
		if tp.ID < 1 {
			return nil, inputError(0, "pairing number %d: must be positive", tp.ID)
		}
		if _, dup := s.byID[tp.ID]; dup {
			return nil, inputError(tp.ID, "pairing number repeated")
		}
		if len(tp.History) > t.PlayedRounds {
			return nil, inputError(tp.ID, "%d rounds of history, only %d played", len(tp.History), t.PlayedRounds)
		}
		valid := !tp.Absent
		for _, r := range tp.History {
			valid = valid || r.Paired
		}
		p := &player{id: tp.ID, accel: tp.Acceleration, vertex: -1}
		s.byID[tp.ID] = p
		if !valid {
			continue
		}
		p.rank = len(s.all)
		p.history = make([]Round, t.PlayedRounds)
		copy(p.history, tp.History)
		s.all = append(s.all, p)
		if !tp.Absent {
			s.players = append(s.players, p)
		}
	}
	if t.Baku {
		if err := s.applyBaku(); err != nil {
			return nil, err
		}
	}
	for _, p := range s.all {
		if err := s.checkHistory(p); err != nil {
			return nil, err
		}
		for _, r := range p.history {
			p.rawScore += s.points(p, r)
		}
	}
	for _, p := range s.all {
		s.colourData(p)
		p.score = s.scoreBack(p, 0)
		p.eligible = s.eligibleForBye(p)
		p.float1, p.float2 = floatNone, floatNone
		if s.played >= 1 {
			p.float1 = s.floatOf(p, 1)
		}
		if s.played >= 2 {
			p.float2 = s.floatOf(p, 2)
		}
	}
	// Score order: higher score first, then rank.
	sortPlayers(s.players)
	for i, p := range s.players {
		p.vertex = i
	}
	return s, nil
}

// checkHistory rejects histories whose games do not agree on both sides.
func (s *state) checkHistory(p *player) error {
	for round, r := range p.history {
		if r.Opponent == 0 {
			if r.Played {
				return inputError(p.id, "round %d: a played game needs an opponent", round+1)
			}
			continue
		}
		o, ok := s.byID[r.Opponent]
		if !ok || o.history == nil {
			return inputError(p.id, "round %d: opponent %d is not in the tournament", round+1, r.Opponent)
		}
		or := o.history[round]
		if or.Opponent != p.id || or.Played != r.Played || (r.Played && (r.Color == NoColor || or.Color != r.Color.invert())) {
			return inputError(p.id, "round %d: game against %d contradicts the opponent's record", round+1, r.Opponent)
		}
	}
	return nil
}

// colourData computes colour difference and preference (C.04.3 A.6, A.7).
func (s *state) colourData(p *player) {
	white, black, run := 0, 0, 0
	last := NoColor
	for _, r := range p.history {
		if !r.Played {
			continue
		}
		p.played++
		if r.Color == White {
			white++
		} else {
			black++
		}
		if run == 0 || r.Color != last {
			run = 1
		} else {
			run++
		}
		last = r.Color
	}
	lower := White
	if white > black {
		lower = Black
	}
	p.imbalance = max(white-black, black-white)
	switch {
	case p.imbalance > 1:
		p.pref = lower
	case run > 1:
		p.pref = last.invert()
	case p.imbalance > 0:
		p.pref = lower
	case run > 0:
		p.pref = last.invert()
	}
	if run > 1 {
		p.repeated = last
	}
	p.strong = !p.absolutePreference() && p.imbalance > 0
}

// eligibleForBye: C.04.3 C2 — no pairing-allocated bye before, and no
// unplayed round that scored a win's points (a forfeit win, a full-point bye).
func (s *state) eligibleForBye(p *player) bool {
	for _, r := range p.history {
		if !r.Played && (s.points(p, r) >= s.t.Points.Win || (r.Paired && r.Opponent == 0)) {
			return false
		}
	}
	return true
}

// applyBaku gives the upper half of the ranking virtual points (C.04.5.1):
// a win's points in the first half of the accelerated rounds, a draw's in
// the second.
func (s *state) applyBaku() error {
	pt := s.t.Points
	if pt.Loss != 0 || 2*pt.Draw != pt.Win {
		return inputError(0, "Baku acceleration needs loss = 0 and win = 2 × draw")
	}
	n := len(s.t.Players)
	if n == 0 {
		return nil
	}
	lastRank := (n - 1) / 2
	lastRound := (s.t.TotalRounds - 1) / 2
	lastFull := lastRound / 2
	for rank := 0; rank <= lastRank; rank++ {
		p := s.byID[s.t.Players[rank].ID]
		var acc []int
		for round := 0; round <= lastRound && round <= s.played; round++ {
			if round <= lastFull {
				acc = append(acc, pt.Win)
			} else {
				acc = append(acc, pt.Draw)
			}
		}
		p.accel = acc
	}
	return nil
}

// higherRanked reports whether a comes before b in the score order.
func higherRanked(a, b *player) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.rank < b.rank
}

func sortPlayers(ps []*player) {
	slices.SortFunc(ps, func(a, b *player) int {
		if higherRanked(a, b) {
			return -1
		}
		return 1
	})
}

func bitLen(x int) uint { return uint(bits.Len(uint(x))) }
