package standings

import "fmt"

// noOpponent marks a round without an opponent (bye, absence).
const noOpponent = -1

// roundRecord is one round from one player's side.
type roundRecord struct {
	kind     Kind
	opponent int  // index into the players, or noOpponent
	black    bool // played (or was paired) with Black
	points   float64
	// share is the result as a share of a win: 1, ½, 0 for played games,
	// points/win for everything else. Sonneborn-Berger weighs by it.
	share  float64
	adiukh int
	// unscored: adiukh stands for the outcome only (Game.ScoreUnknown).
	unscored bool
}

// played reports a game played over the board. Forfeits and byes are not
// games for tie-break purposes (C.07: unplayed rounds).
func (r roundRecord) played() bool { return r.kind == Played }

// voluntary reports a voluntarily unplayed round (VUR in C.07): the player
// was not available to play — a forfeit loss, a double forfeit, a requested
// bye, an absence. A pairing-allocated bye and a forfeit win are not
// voluntary: the player was there.
func (r roundRecord) voluntary() bool {
	return !r.played() && r.kind != PairingBye && !r.forfeitWin()
}

// forfeitWin reports the side present at a forfeit: it holds the 24 points.
func (r roundRecord) forfeitWin() bool { return r.kind == Forfeit && r.adiukh == MaxPoints }

// player is one participant (or team) with their whole record.
type player struct {
	Player
	rounds []roundRecord
	score  float64 // set by newTable
}

// buildRecords validates the input and turns the games into one record per
// player and round.
func buildRecords(in Input) ([]*player, error) {
	if err := in.Scoring.validate(); err != nil {
		return nil, err
	}
	index := make(map[int]int, len(in.Players))
	players := make([]*player, len(in.Players))
	for i, p := range in.Players {
		if p.StartNo <= 0 {
			return nil, fmt.Errorf("player %d: start number must be positive, got %d", i+1, p.StartNo)
		}
		if _, dup := index[p.StartNo]; dup {
			return nil, fmt.Errorf("player %d: start number %d is used twice", i+1, p.StartNo)
		}
		if p.Rating < 0 {
			return nil, fmt.Errorf("player %d (start number %d): rating must not be negative, got %d", i+1, p.StartNo, p.Rating)
		}
		index[p.StartNo] = i
		players[i] = absentThroughout(p, len(in.Rounds))
	}

	s := in.Scoring
	// Who is paired in a round, by the player's index: one slice for every
	// round, and the game named only in a message, not for every game.
	seen := make([]bool, len(players))
	for r, games := range in.Rounds {
		clear(seen)
		for g, game := range games {
			if err := game.validate(index); err != nil {
				return nil, fmt.Errorf("round %d, game %d: %w", r+1, g+1, err)
			}
			for _, sn := range []int{game.White, game.Black} {
				if sn == 0 {
					continue
				}
				if seen[index[sn]] {
					return nil, fmt.Errorf("round %d, game %d: start number %d is paired twice in round %d", r+1, g+1, sn, r+1)
				}
				seen[index[sn]] = true
			}
			white := index[game.White]
			if !game.Kind.hasOpponent() {
				points := singlePoints(game.Kind, s)
				if game.Scored {
					points = game.WhiteScore
				}
				players[white].rounds[r] = roundRecord{
					kind: game.Kind, opponent: noOpponent,
					points: points, share: points / s.Win, adiukh: game.WhitePoints,
				}
				continue
			}
			black := index[game.Black]
			wp, bp := sidePoints(game, s)
			if game.Scored {
				wp, bp = game.WhiteScore, game.BlackScore
			}
			players[white].rounds[r] = roundRecord{
				kind: game.Kind, opponent: black,
				points: wp, share: share(game.Kind, game.WhitePoints, wp, s), adiukh: game.WhitePoints, unscored: game.ScoreUnknown,
			}
			players[black].rounds[r] = roundRecord{
				kind: game.Kind, opponent: white, black: true,
				points: bp, share: share(game.Kind, game.BlackPoints, bp, s), adiukh: game.BlackPoints, unscored: game.ScoreUnknown,
			}
		}
	}
	return players, nil
}

// absentThroughout is a player's record before any game is entered: a
// round they are missing from counts as an absence.
func absentThroughout(p Player, rounds int) *player {
	rec := &player{Player: p, rounds: make([]roundRecord, rounds)}
	for r := range rec.rounds {
		rec.rounds[r] = roundRecord{kind: Absent, opponent: noOpponent}
	}
	return rec
}

// sidePoints scores a two-player pairing in the event's table. Only a game
// played over the board earns draw or loss points; a forfeit gives the
// player present the forfeit-win points and the absent one nothing, and a
// double forfeit gives nobody anything.
func sidePoints(g Game, s Scoring) (white, black float64) {
	switch g.Kind {
	case Played:
		switch {
		case g.WhitePoints > g.BlackPoints:
			return s.Win, s.Loss
		case g.WhitePoints < g.BlackPoints:
			return s.Loss, s.Win
		default:
			return s.Draw, s.Draw
		}
	case Forfeit:
		if g.WhitePoints > g.BlackPoints {
			return s.ForfeitWin, 0
		}
		return 0, s.ForfeitWin
	}
	return 0, 0
}

// singlePoints scores a round without an opponent: the pairing-allocated
// bye as the table says, a half-point bye as a draw, anything else nothing.
func singlePoints(k Kind, s Scoring) float64 {
	switch k {
	case PairingBye:
		return s.Bye
	case HalfPointBye:
		return s.Draw
	}
	return 0
}

// share is a result as a share of a win. A played game counts by its
// outcome (1, ½, 0) whatever the scoring table; other rounds by their points.
func share(k Kind, adiukh int, points float64, s Scoring) float64 {
	if k != Played {
		return points / s.Win
	}
	switch {
	case 2*adiukh > MaxPoints:
		return 1
	case 2*adiukh < MaxPoints:
		return 0
	}
	return 0.5
}
