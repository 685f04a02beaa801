package adiukh

import (
	"fmt"

	"adiukh/rules"
)

// Game is Adiukh checkers behind the rules.Game interface.
type Game struct{}

func (Game) Name() string { return "adiukh" }

func (Game) Start() rules.State { return adiukhState{Start(), White} }

func (Game) ParseState(text string, side Color) (rules.State, error) {
	p, err := ParsePosition(text)
	if err != nil {
		return nil, err
	}
	return adiukhState{p, side}, nil
}

func (Game) Perft(s rules.State, depth int) int64 {
	st := s.(adiukhState)
	return Perft(st.pos, st.side, depth)
}

func (Game) ValidateGames(text string) []rules.Verdict {
	reports := ValidateGames(text)
	out := make([]rules.Verdict, len(reports))
	for i, r := range reports {
		out[i] = r.verdict()
	}
	return out
}

// ValidateAfterOpening replays the sheet as it is: Adiukh has no table of
// openings, and a sheet that starts elsewhere gives its position.
func (Game) ValidateAfterOpening(text string, opening []string) (rules.Verdict, error) {
	if len(opening) > 0 {
		return rules.Verdict{}, fmt.Errorf("adiukh: an Adiukh game is not played from an opening")
	}
	return ValidateSheet(text).verdict(), nil
}

// verdict is the report as any game's verdict.
func (r *Report) verdict() rules.Verdict {
	v := rules.Verdict{Valid: r.Valid, Result: r.Result, Reason: r.Reason, Final: adiukhState{r.Position, r.ToMove},
		Plies: len(r.Played), White: r.Sheet.Header("White"), Black: r.Sheet.Header("Black"),
		Errors: r.Errors, Warnings: r.Warnings, Replayed: r.Replayed(), Written: r.Sheet.Result}
	start := adiukhState{r.Start, r.Sheet.ToMove}
	v.Start = start
	pos, side := start.pos, start.side
	for _, pm := range r.Played {
		pos, side = pos.Play(pm.Move), side.Opponent()
		v.Moves = append(v.Moves, rules.ReplayedMove{Ply: pm.Ply, Number: pm.Number, Side: pm.Side,
			GameMove: rules.GameMove{Notation: pm.Move.String(), Path: squareNames(pm.Move.Path()), After: adiukhState{pos, side}}})
	}
	if v.Replayed {
		v.PDN = r.PDN()
		v.PDNAfterOpening = v.PDN
		v.PDNWith = func(result Score, reason EndReason) string {
			entered := *r
			entered.Result, entered.Reason = &result, reason
			return entered.PDN()
		}
	}
	return v
}

// squareNames names squares as the rules write them.
func squareNames(squares []Square) []string {
	out := make([]string, len(squares))
	for i, s := range squares {
		out[i] = s.String()
	}
	return out
}

func (Game) Memoryless() bool { return true }

func (Game) PDNTags(start rules.State) []Header {
	tags := []Header{{Key: "GameType", Value: PDNGameType}, {Key: "Variant", Value: PDNVariant}}
	if st := start.(adiukhState); st.pos != Start() || st.side != White {
		tags = append(tags, Header{Key: "Position", Value: st.pos.String()}, Header{Key: "ToMove", Value: st.side.String()})
	}
	return tags
}

// adiukhState is a position of Adiukh with the side to move: its end
// depends on nothing else (§5.1).
type adiukhState struct {
	pos  Position
	side Color
}

func (s adiukhState) Notation() string { return s.pos.String() }

func (s adiukhState) ToMove() Color { return s.side }

func (s adiukhState) Moves() []rules.GameMove {
	moves := s.pos.LegalMoves(s.side)
	out := make([]rules.GameMove, len(moves))
	for i, m := range moves {
		out[i] = rules.GameMove{Notation: m.String(), Path: squareNames(m.Path()), After: adiukhState{s.pos.Play(m), s.side.Opponent()}}
	}
	return out
}

func (s adiukhState) Play(written string) (rules.GameMove, error) {
	r, err := rules.ParseRecord(written)
	if err != nil {
		return rules.GameMove{}, err
	}
	m, _, err := rules.FindReading(r, func(rec Record) (Move, error) { return s.pos.Find(s.side, rec) })
	if err != nil {
		return rules.GameMove{}, err
	}
	return rules.GameMove{Notation: m.String(), Path: squareNames(m.Path()), After: adiukhState{s.pos.Play(m), s.side.Opponent()}}, nil
}

func (s adiukhState) Outcome() rules.Outcome {
	if s.pos.hasLegalMove(s.side) {
		return rules.Outcome{}
	}
	return rules.Outcome{Over: true, Score: s.pos.Score(), Reason: rules.EndFinalPosition}
}

// Pieces lists the towers square by square.
func (s adiukhState) Pieces() []rules.Piece {
	var out []rules.Piece
	for sq := range Square(32) {
		t := s.pos.At(sq)
		if t.Empty() {
			continue
		}
		out = append(out, rules.Piece{Square: sq.String(), Owner: t.Owner, Own: t.Own, Other: t.Other})
	}
	return out
}

// Variant is Adiukh (V. S. Pankovich, 2007) as the registry (rules/games)
// lists it: its value, all in which it differs from the other games.
var Variant = &rules.Variant{
	Key: "adiukh", English: "Adiukh", Rules: Game{},
	Board:       rules.Board{Size: 8},
	Scale:       rules.Scale{Points: 24, Graded: true, Example: "17:7"},
	PDNGameType: PDNGameType, Towers: true, SideApart: true, Compositions: true,
	// §9: the base time of each programme; the increment is free.
	TimeNorms: map[string]rules.TimeNorm{
		"standard": {MinMinutes: 20, Recommended: []string{"20+30", "30+30"}},
		"rapid":    {MinMinutes: 7, MaxMinutes: 15, Recommended: []string{"8+4", "7+5"}},
		"blitz":    {MinMinutes: 3, MaxMinutes: 5, Recommended: []string{"3+2"}},
	},
	TimeNormsRule: "§9", TimeNormsLeeway: "§9.4",
	SheetMoves: 60, SheetsRule: "§10.2", DisciplinePrefix: "discipline.", DisciplineFullPrefix: "discipline_full.",
	Titles: rules.NationalTitles,
}
