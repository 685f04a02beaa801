package russian

import (
	"fmt"
	"strings"

	"adiukh/rules"
)

// ValidateAfterOpening replays the sheet of a game played from an opening,
// as a micro-match's games are played from the opening drawn for them
// (issue 51). A sheet is read in either of the forms a person writes it: the
// whole game from the initial position, the opening's moves first; or the
// moves played after the opening alone (with no FEN, or the FEN of the
// opening's position). Either way the moves are numbered as in the whole
// game, the first after a three-move opening being ply 7, move 4, and the
// draw axioms count from the initial position. A FEN of another position is
// an error. The error returned is the opening's own, when its moves do not
// replay from the initial position.
func ValidateAfterOpening(text string, opening []string) (*Report, error) {
	played, g, err := playOpening(opening)
	if err != nil {
		return nil, err
	}
	r := newReport(firstGame(text))
	if !r.readHeaders() {
		r.stop()
		return r, nil
	}
	r.OpeningPlies = len(played)
	if r.Start == Start() && startsWith(r.Sheet, played) {
		r.replay(NewGame(Start()), 1)
		return r, nil
	}
	if fen := fenHeader(r.Sheet); fen != nil && r.Start != g.Position && r.Start != Start() {
		r.Errors = append(r.Errors, headerProblem(*fen, say("the sheet starts from %s, not from the position of the opening, %s", r.Start.FEN(), g.Position.FEN())))
	}
	r.Start, r.Opening = Start(), played
	r.replay(g, len(played)+1)
	return r, nil
}

// firstGame reads the first game of a PDN file, or a sheet.
func firstGame(text string) *rules.Sheet {
	if strings.HasPrefix(strings.TrimSpace(text), "[") {
		if games := rules.ReadPDN(text); len(games) > 0 {
			return games[0]
		}
	}
	return rules.ParseSheet(text)
}

// playOpening replays an opening's moves from the initial position.
func playOpening(moves []string) ([]Played, *Game, error) {
	g := NewGame(Start())
	played := make([]Played, 0, len(moves))
	for i, text := range moves {
		rec, err := rules.ParseRecord(text)
		if err != nil {
			return nil, nil, fmt.Errorf("the opening's move %d, %s: %w", i+1, text, err)
		}
		m, err := g.Position.Find(rec)
		if err != nil {
			return nil, nil, fmt.Errorf("the opening's move %d, %s: %w", i+1, text, err)
		}
		played = append(played, Played{Ply: i + 1, Number: i/2 + 1, Side: g.Position.Side, Written: text, Move: m})
		g = g.Play(&m)
	}
	return played, g, nil
}

// startsWith reports whether the sheet's first moves are the opening's, as
// played from the initial position.
func startsWith(sh *rules.Sheet, opening []Played) bool {
	if len(sh.Moves) < len(opening) {
		return false
	}
	p := Start()
	for i := range opening {
		rec, detail := record(&sh.Moves[i])
		if detail != nil {
			return false
		}
		m, err := p.Find(rec)
		if err != nil || m != opening[i].Move {
			return false
		}
		p = p.Play(&m)
	}
	return true
}

func fenHeader(sh *rules.Sheet) *rules.Header {
	for i := range sh.Headers {
		if sh.Headers[i].Key == "FEN" {
			return &sh.Headers[i]
		}
	}
	return nil
}

// Moves are the game's moves from the initial position: the opening's that
// the sheet left out, then the sheet's own.
func (r *Report) Moves() []Played {
	if len(r.Opening) == 0 {
		return r.Played
	}
	return append(append([]Played{}, r.Opening...), r.Played...)
}

// AfterOpening are the moves played after the opening the game was played
// from (every move of an ordinary game).
func (r *Report) AfterOpening() []Played {
	moves := r.Moves()
	for i, m := range moves {
		if m.Ply > r.OpeningPlies {
			return moves[i:]
		}
	}
	return nil
}

// PDNAfterOpening writes the replayed game as PDN starting from the
// position the opening reached, in a FEN tag, with the moves after it
// numbered on from the opening's as the paper sheet numbers them (4. after
// a three-move opening), as PDN lets a game from a FEN number on; the
// opening's own moves are the caller's to name in tags. A sheet whose
// moves did not all replay has no PDN: it returns "".
func (r *Report) PDNAfterOpening() string {
	if !r.Replayed() {
		return ""
	}
	p := r.Start
	moves := r.Moves()
	for i := 0; i < len(moves) && moves[i].Ply <= r.OpeningPlies; i++ {
		p = p.Play(&moves[i].Move)
	}
	g := rules.PDNGame{Sheet: r.Sheet, GameType: PDNGameType, Variant: PDNVariant,
		Own: []string{"FEN", "Score", "Termination", "Position", "ToMove"}, Result: r.pdnResult(),
		Tags: [][2]string{{"FEN", p.FEN()}}}
	for _, m := range r.AfterOpening() {
		g.Moves = append(g.Moves, rules.PDNMove{Number: m.Number, Side: m.Side, Text: m.Move.String()})
	}
	return g.String()
}
