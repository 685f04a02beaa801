package engines

import (
	"fmt"
	"io"
	"strings"

	"adiukh/tournament/catalog"
	"adiukh/tournament/pairing/dutch"
	"adiukh/tournament/trf"
)

// FormatPairs writes a pairing in the output format of bbpPairings and
// JaVaFo: the number of pairs, then "WHITE BLACK" by start number in board
// order, a bye as "ID 0".
func FormatPairs(p dutch.Pairing) string {
	var b strings.Builder
	n := len(p.Boards)
	if p.Bye != 0 {
		n++
	}
	fmt.Fprintf(&b, "%d\n", n)
	for _, bd := range p.Boards {
		fmt.Fprintf(&b, "%d %d\n", bd.White, bd.Black)
	}
	if p.Bye != 0 {
		fmt.Fprintf(&b, "%d 0\n", p.Bye)
	}
	return b.String()
}

// Difference is one way a computed pairing differs from the pairing a file
// records: a message of the catalogue and its arguments.
type Difference struct {
	Format string
	Args   []any
}

func difference(format string, args ...any) Difference { return Difference{format, args} }

// RoundCheck is one round of a file paired again from the rounds before it.
type RoundCheck struct {
	Round int
	// Input is what is wrong with the file as it stood before the round; the
	// check stops there.
	Input error
	// Pairing is the engine's error, such as dutch.ErrNoPairing.
	Pairing     error
	Differences []Difference
}

// CheckDutchRounds pairs each round of a complete tournament again from the
// rounds before it and compares the result with the pairing the file
// records (pairs, colours and the bye; a TRF does not record board order).
// Rounds after the last one in which anybody is paired are still to be
// paired (their entries are requested byes and absences noted in advance)
// and are not checked, as bbpPairings does not find anything wrong with
// them. The tournament itself is not changed.
func CheckDutchRounds(t *trf.Tournament) []RoundCheck {
	c := *t
	rounds := pairedRounds(c.Players)
	c.TotalRounds = max(c.TotalRounds, c.Rounds())
	if c.InitialColor == 0 {
		// The complete file shows the colours of round 1.
		c.InitialColor = c.InferInitialColor()
	}
	var out []RoundCheck
	for round := 1; round <= rounds; round++ {
		rc := RoundCheck{Round: round}
		in, err := DutchInputFromTRF(c.Upto(round))
		if err != nil {
			rc.Input = err
			return append(out, rc)
		}
		got, err := dutch.Pair(in)
		if err != nil {
			rc.Pairing = err
		} else {
			rc.Differences = compareRound(got, DutchPairingFromTRF(&c, round))
		}
		out = append(out, rc)
	}
	return out
}

// CheckOutcome is how a check of every round of a file ended.
type CheckOutcome int

const (
	RoundsAgree     CheckOutcome = iota // every round pairs as the file records
	RoundsDiffer                        // a round pairs differently or not at all
	NoRoundsToCheck                     // nobody is paired in any round
	FileFaulty                          // the file is wrong as it stood before a round
)

// ReportDutchCheck checks every round (CheckDutchRounds) and reports it as
// the command lines do: each difference on out with its round, then the
// count; what stops the check on errs, after the prefix that names the
// command and the file.
func ReportDutchCheck(t *trf.Tournament, prefix string, out, errs io.Writer, l *catalog.Localizer) CheckOutcome {
	checks := CheckDutchRounds(t)
	if len(checks) == 0 {
		l.Println(errs, "%s: no rounds to check", prefix)
		return NoRoundsToCheck
	}
	differences := 0
	for _, rc := range checks {
		if rc.Input != nil {
			l.Println(errs, "%s: round %d: %v", prefix, rc.Round, rc.Input)
			return FileFaulty
		}
		if rc.Pairing != nil {
			l.Println(out, "round %d: %v", rc.Round, rc.Pairing)
			differences++
		}
		for _, d := range rc.Differences {
			l.Println(out, "round %d: %s", rc.Round, l.Sprintf(d.Format, d.Args...))
			differences++
		}
	}
	if differences > 0 {
		l.Println(out, "%d differences in %d rounds", differences, len(checks))
		return RoundsDiffer
	}
	l.Println(out, "all %d rounds agree with the Dutch system", len(checks))
	return RoundsAgree
}

// compareRound lists how the computed pairing differs from the recorded one.
func compareRound(got, want dutch.Pairing) []Difference {
	var diffs []Difference
	key := func(b dutch.Board) [2]int { return [2]int{min(b.White, b.Black), max(b.White, b.Black)} }
	wantBoards := map[[2]int]dutch.Board{}
	for _, b := range want.Boards {
		wantBoards[key(b)] = b
	}
	for _, b := range got.Boards {
		w, ok := wantBoards[key(b)]
		switch {
		case !ok:
			diffs = append(diffs, difference("pairing gives %d-%d, the file does not", b.White, b.Black))
		case w != b:
			diffs = append(diffs, difference("pairing gives %d-%d, the file has %d-%d (colours)", b.White, b.Black, w.White, w.Black))
		}
		delete(wantBoards, key(b))
	}
	for _, b := range want.Boards {
		if _, missing := wantBoards[key(b)]; missing {
			diffs = append(diffs, difference("the file has %d-%d, the pairing does not", b.White, b.Black))
		}
	}
	if got.Bye != want.Bye {
		diffs = append(diffs, difference("bye: pairing gives %d, the file has %d (0 = none)", got.Bye, want.Bye))
	}
	return diffs
}
