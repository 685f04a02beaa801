package events

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/rules"
	"adiukh/tournament"
)

// frameView is one position of the game viewer: after ply Ply (0 is the
// start), with the move that led to it.
type frameView struct {
	Ply     int
	Number  int
	White   bool
	Written string
	Code    string
	From    string
	To      string
}

// moveRow is one numbered line of the move list: White's ply and Black's;
// either is nil when the game starts or stops in the middle of a move.
type moveRow struct {
	Number       int
	White, Black *frameView
}

type gamePageData struct {
	kit.EventHeader
	Round  int
	Row    kit.BoardRow
	Sheet  string
	Replay *sheetReplay // nil without a sheet
	Frames []frameView
	Moves  []moveRow
	Board  *kit.BoardView
	Last   int // index of the last frame
	// Unplayed is why a board without a sheet has no game to show: the
	// end reason of its bye (of any kind), forfeit or double forfeit.
	Unplayed string
	// Printable: the game's record can be printed (record.pdf): every
	// move of its sheet replayed.
	Printable bool
	// MicroGame is the game of a micro-match board shown (1 or 2), 0 for
	// a board of one game; MicroTabs link both games, Opening is the one
	// they were played from.
	MicroGame int
	MicroTabs []microTab
	Opening   *tournament.DrawnOpening
	// MatchGame is the game of a knockout match shown, 0 for a board's
	// own game; MatchTempo its tie-break stage's tempo, "" for the
	// match's own games.
	MatchGame  int
	MatchTempo string
}

// microTab is a link to one game of a micro-match board's page.
type microTab struct {
	N       int
	Score   string
	Link    string
	Current bool
}

// sheetReplay is what the viewer says of a sheet replayed by its game's
// rules: whether it is valid, whether every move replayed, its errors.
type sheetReplay struct {
	Valid, Replayed bool
	Errors          []rules.Problem
}

// unplayedReason is the end reason of a board that has no game to replay
// and will get no sheet: a bye or a game not played; "" for any other.
func unplayedReason(g *tournament.Game) string {
	switch {
	case g.Sheet != "":
		return ""
	case g.IsBye() && g.Result == nil:
		return string(tournament.Bye)
	case g.IsBye() || g.Result != nil && !g.Result.Played():
		return string(g.Result.EndReason)
	}
	return ""
}

func moveRows(frames []frameView) []moveRow {
	var rows []moveRow
	for i := range frames {
		f := &frames[i]
		if f.Ply == 0 {
			continue
		}
		if f.White || len(rows) == 0 || rows[len(rows)-1].Number != f.Number {
			rows = append(rows, moveRow{Number: f.Number})
		}
		if f.White {
			rows[len(rows)-1].White = f
		} else {
			rows[len(rows)-1].Black = f
		}
	}
	return rows
}

// gamePage is the game viewer: the sheet replayed move by move. Every
// position is computed here and handed to game.js as data, so the page
// needs no further request to step through the game. A bye or a game not
// played has nothing to replay: the page says so instead.
func (h *handler) gamePage(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "board")
	if err != nil {
		return err
	}
	// A wrong ?game= is answered before the board is read (issue 59.3):
	// ?game= past a micro-match's two games, or below the first, is sent
	// to the address of the game it shows, so that the cache keeps three
	// addresses of a board at most.
	n, err := core.QueryInt(c, "game")
	if err != nil {
		return err
	}
	if n < 1 && c.Query("game") != "" || n > 2 {
		target := *c.Request.URL
		target.RawQuery = ""
		if n > 2 {
			target.RawQuery = "game=2"
		}
		c.Redirect(http.StatusSeeOther, target.RequestURI())
		return nil
	}
	// The board alone is read, not the event's thousands of players and
	// games: a wrong one costs no more than a right one (issue 59.3).
	d, err := h.Teams.BoardData(c.Request.Context(), ids[0], int(ids[1]), int(ids[2]))
	if err != nil {
		return err
	}
	round, game, row, err := kit.Board(d, int(ids[1]), int(ids[2]))
	if err != nil {
		return err
	}
	data := gamePageData{EventHeader: h.Header(c, d.Event, "pairings"), Round: round.Number, Row: row, Sheet: game.Sheet, Unplayed: unplayedReason(game)}
	if d.Event.MicroMatch.On() && !game.IsBye() {
		microGamePage(&data, d.Event.Game, round, game, max(n, 1))
		h.RenderWith(c, h.Translator(c), http.StatusOK, "game", d.Event.Name, data)
		return nil
	}
	if data.Unplayed != "" {
		h.RenderWith(c, h.Translator(c), http.StatusOK, "game", d.Event.Name, data)
		return nil
	}
	sheetFrames(&data, d.Event.Game, game.Sheet)
	data.Moves = moveRows(data.Frames)
	data.Last = len(data.Frames) - 1
	h.RenderWith(c, h.Translator(c), http.StatusOK, "game", d.Event.Name, data)
	return nil
}

// sheetFrames replays a sheet by the rules of the event's game (its first
// game, as the event's results read it) into the viewer's frames; a board
// without a sheet shows the initial position.
func sheetFrames(data *gamePageData, game tournament.GameKind, sheet string) {
	v := game.Variant()
	if sheet == "" {
		start := v.Rules.Start()
		data.Frames = append(data.Frames, frameView{Code: core.PieceCode(v.Towers, start)})
		data.Board = kit.StateBoardView(v, start, rules.White)
		return
	}
	verdict := kit.SheetVerdict(game, sheet)
	data.Replay = &sheetReplay{Valid: verdict.Valid, Replayed: verdict.Replayed, Errors: verdict.Errors}
	data.Printable = verdict.Replayed
	verdictFrames(data, v, verdict)
}

// microGamePage fills the page of game n (1 or 2) of a micro-match board:
// the players as they had the colours in it, its result, the opening, and
// its sheet replayed from the initial position, the opening's moves first;
// a game without its sheet shows the opening's position.
func microGamePage(data *gamePageData, game tournament.GameKind, round *tournament.Round, g *tournament.Game, n int) {
	if n > 2 {
		n = 2
	}
	data.MicroGame, data.Opening = n, round.OpeningOf(g.Board)
	for i, r := range g.MicroGames {
		tab := microTab{N: i + 1, Current: i+1 == n, Link: fmt.Sprintf("?game=%d", i+1)}
		if r != nil {
			tab.Score = r.Score()
		}
		data.MicroTabs = append(data.MicroTabs, tab)
	}
	if n == 2 {
		// The second game exchanges the colours.
		data.Row.White, data.Row.Black = data.Row.Black, data.Row.White
	}
	res := g.MicroGames[n-1]
	data.Row.Result = res
	sheet := g.MicroSheets[n-1].Sheet
	data.Sheet, data.Unplayed = sheet, ""
	if sheet == "" && res != nil && !res.Played() {
		data.Unplayed = string(res.EndReason)
		return
	}
	var moves []string
	if data.Opening != nil {
		moves = data.Opening.Moves
	}
	verdict, err := game.Rules().ValidateAfterOpening(sheet, moves)
	if err != nil {
		// An opening stored that no longer replays: the sheet as a game
		// of its own.
		verdict = kit.SheetVerdict(game, sheet)
	}
	if sheet != "" {
		data.Replay = &sheetReplay{Valid: verdict.Valid, Replayed: verdict.Replayed, Errors: verdict.Errors}
		data.Printable = verdict.Replayed
		verdictFrames(data, game.Variant(), verdict)
	} else {
		// Without a sheet, the board stands where the opening left it.
		verdictFrames(data, game.Variant(), verdict)
		data.Frames, data.Moves = data.Frames[len(data.Frames)-1:], nil
		data.Frames[0].Ply = 0
	}
	data.Moves = moveRows(data.Frames)
	data.Last = len(data.Frames) - 1
}

// verdictFrames are the frames of a replayed game, from its start through
// every move, its opening's too; the board shows the last, with the last
// move marked.
func verdictFrames(data *gamePageData, v *rules.Variant, verdict rules.Verdict) {
	pos := verdict.Start
	if pos == nil {
		pos = v.Rules.Start()
	}
	data.Frames = append(data.Frames, frameView{Code: core.PieceCode(v.Towers, pos)})
	data.Board = kit.StateBoardView(v, pos, rules.White)
	for _, m := range verdict.Moves {
		data.Frames = append(data.Frames, frameView{
			Ply: m.Ply, Number: m.Number, White: m.Side == rules.White, Written: m.Notation,
			Code: core.PieceCode(v.Towers, m.After), From: m.From(), To: m.To(),
		})
	}
	if n := len(verdict.Moves); n > 0 {
		last := verdict.Moves[n-1]
		data.Board = kit.StateBoardView(v, last.After, rules.White, last.From(), last.To())
	}
}
