package flat

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
// draw rules count from the initial position. A FEN of another position is
// an error. The error returned is the opening's own, when its moves do not
// replay from the initial position.
func ValidateAfterOpening[P, M comparable, G any](e Engine[P, M, G], text string, opening []string) (*Report[P, M, G], error) {
	played, g, err := playOpening(e, opening)
	if err != nil {
		return nil, err
	}
	r := newReport(e, firstSheet(text))
	if !r.readHeaders() {
		r.stop()
		return r, nil
	}
	r.OpeningPlies = len(played)
	start := e.Start()
	if r.Start == start && startsWith(e, r.Sheet, played) {
		r.replay(e.NewGame(start), 1)
		return r, nil
	}
	if reached := *e.Position(g); r.Start != reached && r.Start != start {
		if fen := fenHeader(r.Sheet); fen != nil {
			r.Errors = append(r.Errors, headerProblem(*fen, say("the sheet starts from %s, not from the position of the opening, %s", e.FEN(r.Start), e.FEN(reached))))
		}
	}
	r.Start, r.Opening = start, played
	r.replay(g, len(played)+1)
	return r, nil
}

// playOpening replays an opening's moves from the initial position.
func playOpening[P, M comparable, G any](e Engine[P, M, G], moves []string) ([]Played[M], G, error) {
	g := e.NewGame(e.Start())
	played := make([]Played[M], 0, len(moves))
	for i, text := range moves {
		p := e.Position(g)
		m, err := e.ReadText(p, text)
		if err != nil {
			var none G
			return nil, none, fmt.Errorf("the opening's move %d, %s: %w", i+1, text, err)
		}
		played = append(played, Played[M]{Ply: i + 1, Number: i/2 + 1, Side: e.Side(p), Written: text, Move: m, Notation: e.Notate(p, m)})
		g = e.Play(g, m)
	}
	return played, g, nil
}

// startsWith reports whether the sheet's first moves are the opening's, as
// played from the initial position.
func startsWith[P, M comparable, G any](e Engine[P, M, G], sh *rules.Sheet, opening []Played[M]) bool {
	if len(sh.Moves) < len(opening) {
		return false
	}
	g := e.NewGame(e.Start())
	for i := range opening {
		p := e.Position(g)
		read, detail := e.ReadMove(p, &sh.Moves[i])
		if detail != nil || read.Move != opening[i].Move {
			return false
		}
		g = e.Play(g, read.Move)
	}
	return true
}

// firstSheet reads the first game of a PDN file, or a sheet.
func firstSheet(text string) *rules.Sheet {
	if strings.HasPrefix(strings.TrimSpace(text), "[") {
		if games := rules.ReadPDN(text); len(games) > 0 {
			return games[0]
		}
	}
	return rules.ParseSheet(text)
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
func (r *Report[P, M, G]) Moves() []Played[M] {
	if len(r.Opening) == 0 {
		return r.Played
	}
	return append(append([]Played[M]{}, r.Opening...), r.Played...)
}

// AfterOpening are the moves played after the opening the game was played
// from (every move of an ordinary game).
func (r *Report[P, M, G]) AfterOpening() []Played[M] {
	moves := r.Moves()
	for i, m := range moves {
		if m.Ply > r.OpeningPlies {
			return moves[i:]
		}
	}
	return nil
}
