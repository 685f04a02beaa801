package tournament

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"adiukh/rules"
)

// OpeningDraw is how a Russian draughts event plays its rounds (issue 51,
// item 5): each pairing as one game (""), or as a micro-match of two
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

// OpeningTools draws a round's openings from the event's table; engines
// plugs in the tables of tournament/openings. table is the event's table
// as stored (nil: the default one); drawn are the numbers drawn in the
// event's earlier rounds, in order.
type OpeningTools interface {
	DrawOpenings(game *rules.Variant, table []byte, seed uint64, n int, drawn []int) ([]DrawnOpening, error)
}

// OpeningTx reads the event's own table of openings (nil when it draws
// from the default one).
type OpeningTx interface {
	EventOpenings(eventID int64) ([]byte, error)
}

// applyMicroMatch sets the event's micro-match setting when one is given.
func (in EventInput) applyMicroMatch(e *Event) error {
	var errs []error
	if in.MicroMatch != nil {
		switch d := OpeningDraw(strings.TrimSpace(*in.MicroMatch)); d {
		case NoMicroMatch, DrawPerRound, DrawPerBoard:
			e.MicroMatch = d
		default:
			errs = append(errs, Invalid("micro_match", "unknown micro-match setting %q; use \"\" (one game a pairing), \"round\" or \"board\" (where the opening is drawn)", *in.MicroMatch))
		}
	}
	if in.MicroCount != nil {
		switch c := MicroCount(strings.TrimSpace(*in.MicroCount)); c {
		case CountGames, CountMatches, "":
			e.MicroCount = c
		default:
			errs = append(errs, Invalid("micro_count", "unknown count %q; use \"games\" or \"matches\"", *in.MicroCount))
		}
	}
	switch {
	case !e.MicroMatch.On():
		// An event of single games counts nothing of micro-matches.
		e.MicroCount = ""
	case e.MicroCount == "" && e.Discipline.IsTeam():
		e.MicroCount = CountMatches
	case e.MicroCount == "":
		e.MicroCount = CountGames
	}
	return JoinInvalid(errs)
}

// checkMicroMatch refuses micro-matches where they cannot be played: only
// Russian draughts draws openings; between players, over the board or on
// the server, or on the boards of a team competition's matches over the
// board. Counting the games' points needs a table where a draw is half a
// win and a loss, as 2/1/0 and 1/½/0 are: only the sum of a micro-match's
// game points is kept on its board. A team competition counts its boards'
// micro-matches by their results: the team standings score a board as one
// game won, drawn or lost.
func checkMicroMatch(e *Event) error {
	if !e.MicroMatch.On() {
		return nil
	}
	switch {
	case !e.Game.Variant().Openings:
		return Invalid("micro_match", "%s has no table of openings: micro-matches with drawn openings are not played in it", e.Game)
	case !e.Discipline.PlaysGames():
		return Invalid("micro_match", "micro-matches are played in events of games: not in composition contests")
	case e.Discipline.IsTeam() && e.Online:
		return Invalid("micro_match", "a team competition's micro-matches are played over the board: not online")
	case e.Discipline.IsTeam() && e.MicroCount != CountMatches:
		return Invalid("micro_count", "a team competition counts its boards' micro-matches by their results (\"matches\"): a board's micro-match scores as one game won, drawn or lost")
	case e.CountsMicroGames() && 2*e.Scoring.Draw != e.Scoring.Win+e.Scoring.Loss:
		return Invalid("micro_count", "counting the games of micro-matches needs a draw worth half a win and a loss (2/1/0 or 1/½/0); got %g/%g/%g", e.Scoring.Win, e.Scoring.Draw, e.Scoring.Loss)
	}
	return nil
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

// MicroMatchResult is the board's result of a micro-match from its two
// games (first: the board's White had White), as the standings read it:
// the sum of each side's game points, ended on the board unless both
// games were forfeited (then a forfeit, or a double forfeit).
func MicroMatchResult(first, second Result) Result {
	// The second game is played with the colours exchanged.
	white, black := first.White+second.Black, first.Black+second.White
	switch {
	case first.EndReason == DoubleForfeit && second.EndReason == DoubleForfeit:
		return Result{EndReason: DoubleForfeit}
	case first.EndReason == Forfeit && second.EndReason == Forfeit && (white == 0 || black == 0):
		return Result{White: white, Black: black, EndReason: Forfeit}
	}
	return Result{White: white, Black: black, EndReason: FinalPosition}
}

// KeptScores are the results a file that records who won keeps of a
// board beside it, so that the board reads back as it was: a micro-match's
// two games (each from its own White's side), or the board's own result
// when it was played to a known score; none for a bye, a forfeit of a
// single game, or a score already unknown.
func KeptScores(board Result, micro [2]*Result) []Result {
	switch {
	case micro[0] != nil && micro[1] != nil:
		return []Result{*micro[0], *micro[1]}
	case board.Played() && board.EndReason != ScoreUnknown:
		return []Result{board}
	}
	return nil
}

// drawOpenings draws the openings of a micro-match event's new round when
// it is paired (PairNextRound, a round made by hand).
func (s *Service) drawOpenings(tx OpeningTx, e *Event, earlier []Round, r *Round) error {
	return DrawRoundOpenings(s.openings, tx, e, earlier, r)
}

// DrawRoundOpenings draws the openings of a micro-match event's new round
// r with tools, one for the round or one for each board with two players,
// from a fresh seed that is stored with them: the openings drawn in the
// earlier rounds come again only once the table is exhausted
// (openings.Draw). The root's pairing calls it, and a correspondence
// section's service, which pairs all its rounds when the section starts.
func DrawRoundOpenings(tools OpeningTools, tx OpeningTx, e *Event, earlier []Round, r *Round) error {
	r.Openings = nil
	if !e.MicroMatch.On() {
		return nil
	}
	if tools == nil {
		return Invalid("micro_match", "this server cannot draw openings; the event's micro-matches cannot be paired")
	}
	var boards []int
	if e.MicroMatch == DrawPerBoard {
		for _, g := range r.Games {
			if !g.IsBye() {
				boards = append(boards, g.Board)
			}
		}
		if len(boards) == 0 {
			return nil
		}
	}
	openings, err := drawFor(tools, tx, e, earlier, boards)
	r.Openings = openings
	return err
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
	if s.openings == nil {
		return nil, Invalid("micro_match", "this server cannot draw openings; the event's micro-matches cannot be paired")
	}
	if e.MicroMatch == DrawPerRound {
		boards = nil
	}
	return drawFor(s.openings, tx, e, earlier, boards)
}

// drawFor draws with tools one opening for the round (boards nil) or one
// for each of boards, from a fresh seed that is stored with them.
func drawFor(tools OpeningTools, tx OpeningTx, e *Event, earlier []Round, boards []int) ([]DrawnOpening, error) {
	n := max(len(boards), 1)
	var drawn []int
	for _, old := range earlier {
		for _, o := range old.Openings {
			drawn = append(drawn, o.Number)
		}
	}
	table, err := tx.EventOpenings(e.ID)
	if err != nil {
		return nil, err
	}
	seed := rand.Uint64()
	openings, err := tools.DrawOpenings(e.Game.Variant(), table, seed, n, drawn)
	if err != nil {
		return nil, err
	}
	for i, b := range boards {
		openings[i].Board = b
	}
	return openings, nil
}

// splitForfeit makes a board that the pairing forfeits (an absent player)
// a micro-match of two forfeited games.
func splitForfeit(e *Event, g *Game) {
	if !e.MicroMatch.On() || g.Result == nil || (g.Result.EndReason != Forfeit && g.Result.EndReason != DoubleForfeit) {
		return
	}
	first := *g.Result
	second := Result{White: first.Black, Black: first.White, EndReason: first.EndReason}
	g.MicroGames = [2]*Result{&first, &second}
	res := MicroMatchResult(first, second)
	g.Result = &res
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
