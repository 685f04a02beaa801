package composition

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/rules/solve"
)

// Findings is the solver's report on a work as it is kept: moves in the
// rules' notation, and what is wrong as messages, so that every reader sees
// the report in their own language.
type Findings struct {
	Verdict    Verdict     `json:"verdict"`
	Keys       []string    `json:"keys,omitempty"`
	Line       []string    `json:"line,omitempty"`
	Duals      []Dual      `json:"duals,omitempty"`
	Refutation *Refutation `json:"refutation,omitempty"`
	Faults     []Fault     `json:"faults,omitempty"`
	Nodes      int64       `json:"nodes,omitempty"`
	// Budget is the node budget that ran out (not_proved); Seconds the time
	// budget, when it was time that ran out.
	Budget  int64 `json:"budget,omitempty"`
	Seconds int   `json:"seconds,omitempty"`
	// WhiteAtLeast and WhiteAtMost are the bounds of the position's value
	// proved before the budget ran out (not_proved): White forces at least
	// so many points, Black holds White to at most so many; nil when not
	// proved. Total is the checkers on the board, for their scores.
	WhiteAtLeast *int `json:"white_min_at_least,omitempty"`
	WhiteAtMost  *int `json:"white_max_at_most,omitempty"`
	Total        int  `json:"total,omitempty"`
	// Unchecked is the ply of the first move of the author's solution that
	// the budget left unchecked after the verdict; 0 when every move was.
	Unchecked int `json:"unchecked,omitempty"`
}

// Limit says which budget ran out before the verdict (not_proved): "not
// proved within 2,000,000 nodes", or seconds.
func (f Findings) Limit() rules.Message {
	return f.budgetError().Limit()
}

// Unsettled says which budget ran out before the verdict and what was
// proved by then: "not proved within 2,000,000 nodes; proved so far: White
// forces 13:11 or better for White".
func (f Findings) Unsettled() rules.Message {
	return f.budgetError().Detail()
}

func (f Findings) budgetError() *solve.BudgetError {
	return &solve.BudgetError{MaxNodes: f.Budget, MaxTime: time.Duration(f.Seconds) * time.Second,
		WhiteAtLeast: f.WhiteAtLeast, WhiteAtMost: f.WhiteAtMost, Total: f.Total}
}

// Proved says what the solver proved of a work it could not judge within
// its budget ("Black forces 12:12 or better for Black"), for the author,
// the judges and the award; zero when nothing was.
func (f Findings) Proved() rules.Message {
	if f.Verdict != NotProved {
		return rules.Message{}
	}
	return solve.Bounds(f.WhiteAtLeast, f.WhiteAtMost, f.Total)
}

// Dual is a move of the solving side in the main line, after the first,
// where other moves, the alternatives, fulfil the stipulation too.
type Dual struct {
	Ply          int      `json:"ply"` // 1 for the first move
	Move         string   `json:"move"`
	Alternatives []string `json:"alternatives"`
}

// Message names the dual, to be shown in the reader's language.
func (d Dual) Message() rules.Message {
	return say("ply %d: %s, also %s", d.Ply, d.Move, strings.Join(d.Alternatives, ", "))
}

// Refutation is why a work is unsound, and the line that shows it.
type Refutation struct {
	Reason Text     `json:"reason"`
	Line   []string `json:"line,omitempty"`
}

// Message is the reason followed by the line, to be shown in the reader's
// language.
func (r Refutation) Message() rules.Message {
	if len(r.Line) == 0 {
		return r.Reason.Message
	}
	return say("%s: %s", r.Reason.Message, strings.Join(r.Line, " "))
}

// The findings of works checked before they were kept as messages hold
// English sentences. They are read back into the same fields: the duals and
// faults, whose sentences have one fixed form, as moves again; a refutation
// as its sentence.

// fieldsOrSentence reads b with fields when it is a JSON object, with
// sentence when it is a string kept by an earlier version.
func fieldsOrSentence(b []byte, fields func() error, sentence func(string) error) error {
	var s string
	if json.Unmarshal(b, &s) != nil {
		return fields()
	}
	return sentence(s)
}

func (d *Dual) UnmarshalJSON(b []byte) error {
	type fields Dual
	return fieldsOrSentence(b, func() error { return json.Unmarshal(b, (*fields)(d)) }, func(s string) error {
		head, also, ok := strings.Cut(s, ", also ")
		if _, err := fmt.Sscanf(head, "ply %d: %s", &d.Ply, &d.Move); err != nil || !ok {
			return fmt.Errorf("a dual kept as %q is not \"ply N: move, also moves\"", s)
		}
		d.Alternatives = strings.Split(also, ", ")
		return nil
	})
}

func (f *Fault) UnmarshalJSON(b []byte) error {
	type fields Fault
	return fieldsOrSentence(b, func() error { return json.Unmarshal(b, (*fields)(f)) }, func(s string) error {
		if _, err := fmt.Sscanf(s, "ply %d: %s does not keep the stipulation", &f.Ply, &f.Move); err != nil {
			return fmt.Errorf("a fault kept as %q is not \"ply N: move does not keep the stipulation\"", s)
		}
		return nil
	})
}

func (r *Refutation) UnmarshalJSON(b []byte) error {
	type fields Refutation
	return fieldsOrSentence(b, func() error { return json.Unmarshal(b, (*fields)(r)) }, func(s string) error {
		*r = Refutation{Reason: Plain(s)}
		return nil
	})
}

// findingsOf keeps the solver's report on a work.
func findingsOf(r *Report) Findings {
	f := Findings{Verdict: r.Verdict, Faults: r.Faults, Unchecked: r.Unchecked}
	if be := r.Limit; be != nil {
		f.Budget, f.WhiteAtLeast, f.WhiteAtMost, f.Total = be.MaxNodes, be.WhiteAtLeast, be.WhiteAtMost, be.Total
		f.Seconds = int(be.MaxTime.Round(time.Second) / time.Second)
	}
	j := r.Judgement
	if j == nil {
		return f
	}
	f.Nodes = j.Nodes
	for _, k := range j.Keys {
		f.Keys = append(f.Keys, k.Move.String())
	}
	f.Line = moveNames(j.Line)
	for _, d := range j.Duals {
		f.Duals = append(f.Duals, Dual{Ply: d.Ply, Move: d.Move.String(), Alternatives: moveNames(d.Alternatives)})
	}
	if j.Refutation != nil {
		f.Refutation = &Refutation{Reason: Text{j.Refutation.Reason}, Line: moveNames(j.Refutation.Line)}
	}
	return f
}

func moveNames(moves []adiukh.Move) []string {
	if len(moves) == 0 {
		return nil
	}
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}
