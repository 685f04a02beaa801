package dutch

import "fmt"

// Violation is a breach of an absolute criterion by a pairing. Code is
// stable for programs; Format and Args are the English message as a
// gettext-style message ID and its arguments, for translation.
type Violation struct {
	Code    string // unknown_player, absent_paired, paired_twice, unpaired, rematch, forbidden, bye_ineligible, two_byes, colour
	Players []int
	Format  string
	Args    []any
}

func (v Violation) String() string { return fmt.Sprintf(v.Format, v.Args...) }

// Check lists how a pairing — typically one an arbiter edited by hand —
// breaks the absolute criteria of C.04.3 (C1–C3) or leaves out a present
// player. An empty list means the pairing is legal; the error reports input
// that cannot be checked at all.
func Check(t Tournament, p Pairing) ([]Violation, error) {
	s, err := prepare(&t)
	if err != nil {
		return nil, err
	}
	var out []Violation
	add := func(code, format string, args ...any) {
		v := Violation{Code: code, Format: format, Args: args}
		for _, a := range args {
			if id, ok := a.(int); ok {
				v.Players = append(v.Players, id)
			}
		}
		out = append(out, v)
	}
	seen := map[int]bool{}
	present := func(id int) *player {
		pl, ok := s.byID[id]
		switch {
		case !ok || pl.history == nil:
			add("unknown_player", "player %d is not in the tournament", id)
			return nil
		case pl.vertex < 0:
			add("absent_paired", "player %d is absent but paired", id)
		case seen[id]:
			add("paired_twice", "player %d is paired twice", id)
		}
		seen[id] = true
		return pl
	}
	forbidden := map[[2]int]bool{}
	for _, g := range t.Forbidden {
		for i, a := range g {
			for _, b := range g[i+1:] {
				forbidden[[2]int{min(a, b), max(a, b)}] = true
			}
		}
	}
	for _, b := range p.Boards {
		w, bl := present(b.White), present(b.Black)
		if w == nil || bl == nil {
			continue
		}
		for _, r := range w.history {
			if r.Played && r.Opponent == b.Black {
				add("rematch", "players %d and %d have already played each other", b.White, b.Black)
				break
			}
		}
		if forbidden[[2]int{min(b.White, b.Black), max(b.White, b.Black)}] {
			add("forbidden", "players %d and %d must not be paired", b.White, b.Black)
		}
		if !s.colourAllowed(w, White, bl) {
			add("colour", "player %d cannot have white again", b.White)
		}
		if !s.colourAllowed(bl, Black, w) {
			add("colour", "player %d cannot have black again", b.Black)
		}
	}
	if p.Bye != 0 {
		if pl := present(p.Bye); pl != nil && !pl.eligible {
			add("bye_ineligible", "player %d has already had a bye or a win without playing", p.Bye)
		}
	}
	for _, pl := range s.players {
		if !seen[pl.id] {
			add("unpaired", "player %d is present but not paired", pl.id)
		}
	}
	return out, nil
}

// colourAllowed applies C.04.3 C3 to one player: no colour difference beyond
// two and no colour three times in a row — except for topscorers (more than
// half the maximum score) in the last round.
func (s *state) colourAllowed(p *player, c Color, opp *player) bool {
	if s.played >= s.t.TotalRounds-1 {
		top := s.played * max(s.t.Points.Win, s.t.Points.Draw) / 2
		if p.score > top || opp.score > top {
			return true
		}
	}
	diff := 0 // games with white minus games with black
	for _, r := range p.history {
		if r.Played && r.Color == White {
			diff++
		} else if r.Played {
			diff--
		}
	}
	if c == White {
		diff++
	} else {
		diff--
	}
	if diff > 2 || diff < -2 {
		return false
	}
	return p.repeated != c
}
