package international

import (
	"fmt"
	"strings"

	"adiukh/rules"
)

// ValidateAfterOpening replays the sheet of a game played from an opening,
// as a micro-match's games are: the whole game, the opening's moves first,
// or the moves after the opening alone, numbered as in the whole game; the
// draw rules count from the initial position. The error is the opening's
// own, when its moves do not replay.
func (v *Variant) ValidateAfterOpening(text string, opening []string) (*Report, error) {
	g := v.NewGame(v.Start())
	played := make([]Played, 0, len(opening))
	for i, written := range opening {
		rec, err := v.ParseRecord(written)
		var m Move
		if err == nil {
			m, err = v.Find(&g.Position, rec)
		}
		if err != nil {
			return nil, fmt.Errorf("the opening's move %d, %s: %w", i+1, written, err)
		}
		played = append(played, Played{Ply: i + 1, Number: i/2 + 1, Side: g.Position.Side, Written: written, Move: m, Notation: v.Notate(&g.Position, &m)})
		g = g.Play(&m)
	}
	r := v.newReport(firstSheet(text))
	r.readHeaders()
	r.OpeningPlies = len(played)
	if r.Start == v.Start() && v.startsWith(r.Sheet, played) {
		r.replay(v.NewGame(v.Start()), 1)
		return r, nil
	}
	r.Start, r.Opening = v.Start(), played
	r.replay(g, len(played)+1)
	return r, nil
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

// startsWith reports whether the sheet's first moves are the opening's.
func (v *Variant) startsWith(sh *rules.Sheet, opening []Played) bool {
	if len(sh.Moves) < len(opening) {
		return false
	}
	p := v.Start()
	for i := range opening {
		rec, err := v.ParseRecord(sh.Moves[i].Record.Text)
		if err != nil {
			return false
		}
		m, err := v.Find(&p, rec)
		if err != nil || m != opening[i].Move {
			return false
		}
		p = v.NewGame(p).Play(&m).Position
	}
	return true
}

// moves are the game's moves from its start: the opening's that the sheet
// left out, then the sheet's own.
func (r *Report) moves() []Played {
	if len(r.Opening) == 0 {
		return r.Played
	}
	return append(append([]Played{}, r.Opening...), r.Played...)
}
