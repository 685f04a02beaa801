package tournament

import (
	"fmt"
	"strings"

	"adiukh/rules"
)

// OpeningDraw is how an event of a game with micro-matches
// (rules.Variant.MicroMatch) plays its rounds (issue 51, item 5): each pairing as one game (""), or as a micro-match of two
// games, colours exchanged, both from an opening drawn for the whole round
// ("round") or for each board ("board").
type OpeningDraw string

const (
	NoMicroMatch OpeningDraw = ""
	DrawPerRound OpeningDraw = "round"
	DrawPerBoard OpeningDraw = "board"
)

// MicroCount is what the standings count of a micro-match, as the
// regulations choose: its games' points ("games": a win and a draw score
// a win's and a draw's points), or its result ("matches": the micro-match
// won, drawn or lost scores as one game of the event's table).
type MicroCount string

const (
	CountGames   MicroCount = "games"
	CountMatches MicroCount = "matches"
)

// microGamesEach is the number of games of a micro-match.
const microGamesEach = 2

// On reports whether the event plays micro-matches.
func (d OpeningDraw) On() bool { return d != NoMicroMatch }

// CountsMicroGames reports whether the standings count the games of the
// event's micro-matches.
func (e *Event) CountsMicroGames() bool { return e.MicroMatch.On() && e.MicroCount != CountMatches }

// DrawnOpening is the opening drawn for a round (Board 0) or for one of
// its boards, as it stood in the event's table when the round was paired:
// a later change of the table leaves it as drawn. NameEn is its English
// name when the table has one. Seed is the draw's, from which the same
// table and the openings drawn before give it again.
type DrawnOpening struct {
	Board  int      `json:"board"`
	Number int      `json:"number"`
	Name   string   `json:"name"`
	NameEn string   `json:"name_en,omitempty"`
	Moves  []string `json:"moves"`
	FEN    string   `json:"fen"`
	Seed   uint64   `json:"seed"`
}

// Title is the opening's name in the language ("ru", "en"): the English
// name where the language is English and the table gave one, else Name.
func (o DrawnOpening) Title(lang string) string {
	if lang == "en" && o.NameEn != "" {
		return o.NameEn
	}
	return o.Name
}

// MoveText is the opening's moves numbered as a sheet writes them
// ("1. c3-d4 d6-c5 2. b2-c3"): the PDN's OpeningMoves tag, whichever
// writes it, and the printed line.
func (o DrawnOpening) MoveText() string {
	var b strings.Builder
	for i, m := range o.Moves {
		switch {
		case i%2 == 0 && i > 0:
			fmt.Fprintf(&b, " %d. ", i/2+1)
		case i%2 == 0:
			b.WriteString("1. ")
		default:
			b.WriteString(" ")
		}
		b.WriteString(m)
	}
	return b.String()
}

// OpeningOf is the opening a board of the round plays from: its own, or
// the round's; nil when none was drawn.
func (r *Round) OpeningOf(board int) *DrawnOpening {
	var round *DrawnOpening
	for i := range r.Openings {
		switch r.Openings[i].Board {
		case board:
			return &r.Openings[i]
		case 0:
			round = &r.Openings[i]
		}
	}
	return round
}

// OpeningTx reads the event's own table of openings (nil when it draws
// from the default one).
type OpeningTx interface {
	EventOpenings(eventID int64) ([]byte, error)
}

// Points is what one side scores in the standings for a board's result:
// the event's table for a game (Scoring.Points), and for a micro-match
// counted by its games the points of its two games, from the sum of their
// game points the board keeps (4:0, 3:1, 2:2 …; a forfeit of both games
// scores two forfeit wins, a bye two games' byes).
func (e *Event) Points(r Result, white bool) float64 {
	if !e.CountsMicroGames() {
		return e.Scoring.Points(r, white)
	}
	s := e.Scoring
	switch r.Outcome() {
	case ByeGame, NoWinner:
		return microGamesEach * s.Points(r, white)
	}
	if r.EndReason == Forfeit {
		return microGamesEach * s.Points(r, white)
	}
	side := r.White
	if !white {
		side = r.Black
	}
	// Each game point is half the step from a loss to a win: two wins
	// (4) are two wins' points, two draws (2) two draws'.
	return microGamesEach*s.Loss + float64(side)*(s.Win-s.Loss)/float64(e.Game.GamePoints())
}

// errNoOpenings refuses micro-matches on a service without their rules
// (Options.MicroMatches).
func errNoOpenings() error {
	return Invalid("micro_match", "this server cannot draw openings; the event's micro-matches cannot be paired")
}

// settleMicroMatch sets the event's micro-match setting from the input and
// refuses one it cannot play, by the rules plugged in (micro); without
// them an event plays one game a pairing.
func (in EventInput) settleMicroMatch(e *Event, micro MicroMatches) error {
	if micro != nil {
		return micro.Settle(e, in.MicroMatch, in.MicroCount)
	}
	if (in.MicroMatch != nil && strings.TrimSpace(*in.MicroMatch) != "") || e.MicroMatch.On() {
		return errNoOpenings()
	}
	e.MicroCount = ""
	return nil
}

// drawOpenings draws the openings of a micro-match event's new round when
// it is paired (PairNextRound, a round made by hand).
func (s *Service) drawOpenings(tx OpeningTx, e *Event, earlier []Round, r *Round) error {
	r.Openings = nil
	if !e.MicroMatch.On() {
		return nil
	}
	if s.micro == nil {
		return errNoOpenings()
	}
	return s.micro.DrawRound(tx, e, earlier, r)
}

// DrawOpenings draws the openings of a team competition's new round of
// micro-matches: one for the round, or one for each of boards (the
// numbers of its games, every board of every match that has two teams, so
// that a board that gets its game when a line-up changes has its opening
// too). earlier are the event's rounds paired before it.
func (s *Service) DrawOpenings(tx OpeningTx, e *Event, earlier []Round, boards []int) ([]DrawnOpening, error) {
	if !e.MicroMatch.On() {
		return nil, nil
	}
	if s.micro == nil {
		return nil, errNoOpenings()
	}
	return s.micro.DrawOpenings(tx, e, earlier, boards)
}

// splitForfeit makes a board that the pairing forfeits (an absent player)
// a micro-match of two forfeited games.
func (s *Service) splitForfeit(e *Event, g *Game) {
	if s.micro != nil && e.MicroMatch.On() {
		s.micro.SplitForfeit(e, g)
	}
}

// MicroSheet is the score sheet of one game of a micro-match: as entered
// (the whole game, or its moves after the board's opening), what the rules
// found replaying it from the opening, and the arbiter's reason for a
// result it does not support. Its report keeps its problems by key, as a
// board's does.
type MicroSheet struct {
	Sheet          string       `json:"sheet"`
	Report         *SheetReport `json:"report,omitempty"`
	OverrideReason string       `json:"override_reason,omitempty"`
}

// Same reports whether sheet is the one stored, up to line ends and the
// space around it.
func (ms *MicroSheet) Same(sheet string) bool { return sameSheet(sheet) == sameSheet(ms.Sheet) }

// MicroScore fills what is left empty of a game's score and end reason
// from its sheet's report, as a board's result is filled from its sheet;
// overridden says the arbiter gave a reason to override the sheet.
func MicroScore(score, reason string, rep SheetReport, overridden bool) (string, string, error) {
	return scoreOfReport(score, reason, rep, overridden)
}

// Problem says why the sheet does not support the game's result res, as a
// board's sheet is compared with its result; the zero Message when it
// does, or when there is no sheet or the game was not played.
func (ms *MicroSheet) Problem(res Result) rules.Message {
	if !res.Played() || ms.Sheet == "" || ms.Report == nil {
		return rules.Message{}
	}
	return sheetDisagreement(res, ms.Report)
}

// playedBoards counts the round's boards with two players.
func playedBoards(r *Round) int {
	n := 0
	for i := range r.Games {
		if !r.Games[i].IsBye() {
			n++
		}
	}
	return n
}
