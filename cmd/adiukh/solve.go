package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"adiukh/rules"
	"adiukh/rules/adiukh"
	"adiukh/rules/solve"
)

func init() {
	commands["solve"] = command{phrase("prove a position's value, or judge a composition's stipulation"), solveCommand}
}

// solveJSON is the value of a position as --json prints it.
type solveJSON struct {
	WhiteMin *int       `json:"white_min"`
	WhiteMax *int       `json:"white_max"`
	Score    *string    `json:"score"`
	Best     []moveLine `json:"best"`
	Line     []string   `json:"line"`
	// Unfinished: the budget ran out after the value was proved, so best
	// and line are empty.
	Unfinished bool  `json:"unfinished,omitempty"`
	Nodes      int64 `json:"nodes"`
	MS         int64 `json:"ms"`
}

// judgeJSON is the judgement of a stipulation as --json prints it.
type judgeJSON struct {
	Stipulation string          `json:"stipulation"`
	Verdict     solve.Verdict   `json:"verdict"`
	Keys        []moveLine      `json:"keys"`
	Line        []string        `json:"line"`
	Duals       []dualJSON      `json:"duals"`
	Refutation  *refutationJSON `json:"refutation"`
	// Unfinished: the budget ran out after the verdict was decided, so the
	// line (or the refutation's) is missing or short.
	Unfinished bool  `json:"unfinished,omitempty"`
	Nodes      int64 `json:"nodes"`
	MS         int64 `json:"ms"`
}

type dualJSON struct {
	Ply          int      `json:"ply"`
	Move         string   `json:"move"`
	Alternatives []string `json:"alternatives"`
}

type refutationJSON struct {
	Reason string   `json:"reason"`
	Line   []string `json:"line"`
}

func solveCommand(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("solve", stderr)
	position, side := positionFlags(fs.FlagSet)
	asJSON := fs.Bool("json", false, "print the answer as JSON")
	maxNodes := fs.Int64("max-nodes", solve.DefaultMaxNodes, "give up, saying so, after this many nodes")
	maxTime := fs.Duration("max-time", 0, "give up, saying so, after this long (30s, 5m; 0: no limit but the nodes)")
	tableMB := fs.Int("table-mb", solve.DefaultTableBytes>>20, "memory of the transposition table, in MiB")
	stipulation := fs.String("stipulation", "", "judge a problem: \"white wins\", \"white 17\", \"black wins\", \"draw\", \"exact 13:11\"")
	if err := fs.ParseFlagsOnly(args); err != nil {
		return parseStatus(err)
	}
	refuse := func(err error) int {
		fail(stderr, "adiukh solve", err)
		return 2
	}
	if *maxNodes < 1 || *tableMB < 1 {
		return refuse(newProblem("--max-nodes and --table-mb must be 1 or more"))
	}
	if *maxTime < 0 {
		return refuse(newProblem("--max-time must not be negative"))
	}
	// A table larger than the memory would stop the program with a crash
	// instead of an answer; so would a size whose bytes overflow.
	if total, ok := memoryMiB(); ok && *tableMB > total {
		return refuse(newProblem("--table-mb %d is more than the memory of this machine (%d MiB)", *tableMB, total))
	}
	if *tableMB > maxTableMB {
		return refuse(newProblem("--table-mb must be at most %d", maxTableMB))
	}
	p, color, err := readPosition(*position, *side)
	if err != nil {
		return refuse(err)
	}
	s := solve.New(solve.Options{MaxNodes: *maxNodes, MaxTime: *maxTime, TableBytes: *tableMB << 20})
	var out any
	var text func()
	if *stipulation != "" {
		st, err := solve.ParseStipulation(*stipulation)
		if err != nil {
			return refuse(fmt.Errorf("--stipulation: %w", err))
		}
		j, err := s.Judge(context.Background(), p, color, st, nil)
		if err != nil {
			return budgetOrFail(err, s, *asJSON, stdout, stderr, refuse)
		}
		out, text = judgement(j, p), func() { printJudgement(stdout, j, p) }
	} else {
		r, err := s.Solve(context.Background(), p, color)
		if err != nil {
			return budgetOrFail(err, s, *asJSON, stdout, stderr, refuse)
		}
		out, text = value(r), func() { printValue(stdout, r, color) }
	}
	if !*asJSON {
		text()
		return 0
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return refuse(err)
	}
	return 0
}

// maxTableMB bounds --table-mb where the machine's memory is not known.
const maxTableMB = 1 << 30

// memoryMiB is the memory of the machine in MiB, where the system says it
// (/proc/meminfo).
func memoryMiB() (int, bool) {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if kb, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(kb), "kB")))
			return n >> 10, err == nil && n > 0
		}
	}
	return 0, false
}

// budgetOrFail reports a search that ran out of nodes (status 1: nothing is
// proved, nothing wrong is said) or another error (status 2).
func budgetOrFail(err error, s *solve.Solver, asJSON bool, stdout, stderr io.Writer, refuse func(error) int) int {
	var be *solve.BudgetError
	if !errors.As(err, &be) {
		return refuse(err)
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		answer := map[string]any{"proved": false, "error": be.Error(), "nodes": s.Nodes()}
		if be.WhiteAtLeast != nil {
			answer["white_min_at_least"] = *be.WhiteAtLeast
		}
		if be.WhiteAtMost != nil {
			answer["white_max_at_most"] = *be.WhiteAtMost
		}
		_ = enc.Encode(answer)
	}
	say(stderr, "%s: %s", "adiukh solve", be)
	return 1
}

func value(r *solve.Result) solveJSON {
	v := solveJSON{WhiteMin: r.WhiteMin, WhiteMax: r.WhiteMax, Best: steps(r.Best), Line: moveNames(r.Line), Unfinished: r.Unfinished,
		Nodes: r.Nodes, MS: r.Elapsed.Milliseconds()}
	if sc, ok := r.Score(); ok {
		s := sc.String()
		v.Score = &s
	}
	return v
}

func judgement(j *solve.Judgement, p adiukh.Position) judgeJSON {
	v := judgeJSON{Stipulation: j.Stipulation.String(), Verdict: j.Verdict, Keys: steps(j.Keys), Line: moveNames(j.Line), Duals: []dualJSON{},
		Unfinished: j.Unfinished, Nodes: j.Nodes, MS: j.Elapsed.Milliseconds()}
	for _, d := range j.Duals {
		v.Duals = append(v.Duals, dualJSON{d.Ply, d.Move.String(), moveNames(d.Alternatives)})
	}
	if j.Refutation != nil {
		v.Refutation = &refutationJSON{j.Refutation.Reason.String(), moveNames(j.Refutation.Line)}
	}
	return v
}

func steps(list []solve.Step) []moveLine {
	out := []moveLine{}
	for _, s := range list {
		out = append(out, moveLine{s.Move.String(), s.Position.String()})
	}
	return out
}

func moveNames(moves []adiukh.Move) []string {
	out := []string{}
	for _, m := range moves {
		out = append(out, m.String())
	}
	return out
}

func bound(b *int, none string) string {
	if b == nil {
		return none
	}
	return fmt.Sprint(*b)
}

func printValue(w io.Writer, r *solve.Result, side rules.Color) {
	if r.Final {
		say(w, "%s has no legal move: final position, score %d:%d", side, *r.WhiteMin, r.Total-*r.WhiteMin)
		return
	}
	if sc, ok := r.Score(); ok {
		say(w, "value:  %s", sc)
	} else {
		l := localizer(w)
		say(w, "value:  White forces %s; Black holds White to %s",
			bound(r.WhiteMin, l.Sprintf("no final position")), bound(r.WhiteMax, l.Sprintf("no final position (White avoids every one)")))
	}
	if r.Unfinished {
		say(w, "the best moves and the main line were not found within the budget")
	} else {
		say(w, "best:")
		for _, b := range r.Best {
			fmt.Fprintf(w, "  %-22s %s\n", b.Move, b.Position)
		}
		say(w, "line:   %s", strings.Join(moveNames(r.Line), " "))
	}
	say(w, "nodes:  %d in %d ms", r.Nodes, r.Elapsed.Milliseconds())
}

func printJudgement(w io.Writer, j *solve.Judgement, p adiukh.Position) {
	say(w, "%s: %s", j.Stipulation, localizer(w).T("solve.verdict."+string(j.Verdict)))
	if j.Refutation != nil {
		say(w, "refutation: %s", j.Refutation.Reason)
		if len(j.Refutation.Line) > 0 {
			fmt.Fprintf(w, "  %s\n", strings.Join(moveNames(j.Refutation.Line), " "))
		}
	}
	if len(j.Keys) > 0 {
		say(w, "first moves that fulfil it:")
		for _, k := range j.Keys {
			fmt.Fprintf(w, "  %-22s %s\n", k.Move, k.Position)
		}
	}
	if len(j.Line) > 0 {
		say(w, "main line: %s", strings.Join(moveNames(j.Line), " "))
	}
	for _, d := range j.Duals {
		say(w, "dual at ply %d (%s): also %s", d.Ply, d.Move, strings.Join(moveNames(d.Alternatives), ", "))
	}
	if j.Unfinished {
		say(w, "the budget ran out after the verdict: the line is not complete")
	}
	say(w, "nodes:  %d in %d ms", j.Nodes, j.Elapsed.Milliseconds())
}

// readPosition reads the position a problem starts from: the solver's
// game, Adiukh, writes it apart from the side to move.
func readPosition(position, side string) (adiukh.Position, rules.Color, error) {
	color, err := readSide(side)
	if err != nil {
		return adiukh.Position{}, 0, err
	}
	if position == "" {
		return adiukh.Start(), color, nil
	}
	p, err := adiukh.ParsePosition(position)
	if err != nil {
		return adiukh.Position{}, 0, fmt.Errorf("--position: %w", err)
	}
	return p, color, nil
}
