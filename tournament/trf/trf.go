// Package trf reads and writes FIDE Tournament Report Files: TRF-16 with the
// JaVaFo/bbpPairings extensions (XXR, XXC, XXP, XXA, BBW, BBD, BBL, BBZ, BBF,
// BBU) and the TRF-2026 codes 092 (system), 142 (rounds), 152 (initial
// colour), 162 (scoring), 240 (byes) and 260 (forbidden pairs).
//
// It knows the file format only; PairingInput turns a file into the input of
// the Dutch pairing engine. Points are kept in tenths of a point, as the file
// writes them with one decimal.
package trf

import "fmt"

// Tournament is the content of one TRF file.
type Tournament struct {
	// Info holds the header lines 012 (name), 022 (city) … in file order,
	// except 092, which is System.
	Info          []InfoLine
	System        string // 092 (TRF-2026) or 192: e.g. FIDE_DUTCH_2025, FIDE_DUTCH_2025_BAKU
	Players       []Player
	TotalRounds   int     // 142 or XXR; 0 when not given
	InitialColor  byte    // 'W' or 'B' (152, XXC white1/black1); 0 when not given
	RankOrder     bool    // XXC rank: players are ranked in file order, not by pairing number
	Scoring       []Score // 162, in line order
	PointLines    []Score // BBW, BBD, BBL, BBZ, BBF, BBU (Code is the third letter)
	Byes          []Bye
	Forbidden     []Forbidden
	Accelerations []Acceleration // XXA
	Extra         []string       // other lines, kept verbatim
}

// InfoLine is a header line: a three-digit code and its text.
type InfoLine struct {
	Code string
	Text string
}

// Player is a 001 line.
type Player struct {
	StartNo    int
	Sex        string
	Title      string
	Name       string
	Rating     int
	Federation string
	FideID     string
	BirthDate  string
	Points     int // tenths
	Rank       int
	Results    []Result // rounds 1, 2, …
}

// Result is one round of a 001 line.
type Result struct {
	Opponent int  // start number, 0 for none (0000 or blank)
	Color    byte // 'w', 'b', '-' or ' '
	Code     byte // '1', '0', '=', '+', '-', 'W', 'D', 'L', 'H', 'F', 'U', 'Z' or ' '
}

// Score is one entry of the scoring: a result letter and its points.
type Score struct {
	Code   byte // W, D, L, Z, P (162) or W, D, L, Z, F, U (BB lines)
	Points int  // tenths
}

// Bye is a 240 line: players on a requested bye in one round.
type Bye struct {
	Kind    byte // F (full point), H (half point), Z (zero point)
	Round   int
	Players []int
}

// Forbidden is a group of players who must not meet: 260 lines give a range
// of rounds, XXP lines (FirstRound 0) apply to every round.
type Forbidden struct {
	FirstRound, LastRound int
	Players               []int
}

// Acceleration is an XXA line: virtual points of one player per round.
type Acceleration struct {
	Player int
	Points []int // tenths, index 0 is round 1
}

// Error is a syntax error, with its place in the file. Format and Args are
// the English message as a gettext-style message ID and its arguments, for
// the translated (Russian) text; Message is the English text.
type Error struct {
	Line, Column int
	Message      string
	Format       string
	Args         []any
}

func (e *Error) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Message)
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Message)
}

// Phrase gives the message to a catalogue of translations (as
// tournament/catalog), which words it in the reader's language, after its
// place in the file.
func (e *Error) Phrase() (string, []any) {
	var msg any = e.Message
	if e.Format != "" {
		msg = phrase{e.Format, e.Args}
	}
	if e.Column > 0 {
		return "line %d, column %d: %s", []any{e.Line, e.Column, msg}
	}
	return "line %d: %s", []any{e.Line, msg}
}

// phrase is a message inside another, translated with it.
type phrase struct {
	format string
	args   []any
}

func (p phrase) Phrase() (string, []any) { return p.format, p.args }
