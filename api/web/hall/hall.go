package hall

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/hall"
)

// The hall screen shows screenPerPage boards at a time and turns to the
// next page every screenRotate, unless the address asks otherwise
// (?per=, ?rotate= in seconds), within these bounds.
const (
	screenPerPage   = 8
	screenRotate    = 15 * time.Second
	screenMaxPer    = 64
	screenMinRotate = 2 * time.Second
	screenMaxRotate = 10 * time.Minute
)

// hallPageData is the hall of a round.
type hallPageData struct {
	kit.EventHeader
	Hall *hall.Hall
	// Asked is the round the address asked for, 0 for the current one:
	// the stream follows the same.
	Asked  int
	Timer  timerData
	Boards []boardData
	// Matches are a team event's matches, each with its boards: the
	// multiboard groups the boards by match. Nil for an event of players.
	Matches []matchData
	// Screen: the hall screen, its boards in Pages of PerPage (a team
	// event's: a match a page), turning every Rotate seconds.
	Screen  bool
	PerPage int
	Rotate  int
	Pages   [][]boardData
	// Words are what hall.js writes of a result it is sent: the end
	// reasons' words, as JSON.
	Words string
}

// LiveEvery: the hall follows its stream (hall.js), not the tabs' timer.
func (hallPageData) LiveEvery(time.Duration) time.Duration { return 0 }

// PageMatch is the match page i of a team event's hall screen shows, nil
// for an event of players.
func (d *hallPageData) PageMatch(i int) *hall.Match {
	if i >= len(d.Matches) {
		return nil
	}
	return &d.Matches[i].Match
}

// matchData is one match of a team event with its boards as the hall's
// pages show them, in the match's board order.
type matchData struct {
	hall.Match
	Boards []boardData
}

// newMatches groups the boards drawn by the matches of the hall; nil
// for an event of players, which has none.
func newMatches(matches []hall.Match, boards []boardData) []matchData {
	if len(matches) == 0 {
		return nil
	}
	byNumber := make(map[int]boardData, len(boards))
	for _, b := range boards {
		byNumber[b.Number] = b
	}
	out := make([]matchData, len(matches))
	for i, m := range matches {
		out[i].Match = m
		for _, n := range m.Boards {
			if b, ok := byNumber[n]; ok {
				out[i].Boards = append(out[i].Boards, b)
			}
		}
	}
	return out
}

// timerData is the round's timer as hall.js counts it: instants in
// milliseconds since 1970, the server's now among them.
type timerData struct {
	State         string
	Start, End    int64
	Now           int64
	Elapsed, Left string
}

// boardData is one board as the hall's pages show it.
type boardData struct {
	hall.Board
	// Link is the board's page.
	Link string
	// Drawn is the board's position (the start's before a move is
	// relayed, hidden until then: the board shows its pairing); Moved
	// tells a move was relayed. Clock is the players' time left as the
	// source gave it ("" without).
	Drawn       *kit.BoardView
	Moved       bool
	WhiteClock  string
	BlackClock  string
	MoveNumbers []moveRow
}

// moveRow is one move's pair of plies, as a score sheet writes them.
type moveRow struct {
	Number       int
	White, Black string
}

// newBoardData draws board b of event e's round n.
func newBoardData(e *tournament.Event, n int, b hall.Board) boardData {
	d := boardData{Board: b, Link: boardLink(e.ID, n, b.Number)}
	if b.Bye {
		return d
	}
	v := e.Game.Variant()
	position := b.Position
	if position == nil {
		position = v.Rules.Start()
	}
	var marked []string
	if r := b.Relay; r != nil && len(r.LastPath) > 0 {
		marked = []string{r.LastPath[0], r.LastPath[len(r.LastPath)-1]}
	}
	d.Drawn, d.Moved = kit.StateBoardView(v, position, rules.White, marked...), b.Position != nil
	if r := b.Relay; r != nil {
		if r.Clock != nil {
			d.WhiteClock, d.BlackClock = clockText(r.Clock.White), clockText(r.Clock.Black)
		}
		for i, p := range r.Plies {
			if i%2 == 0 {
				d.MoveNumbers = append(d.MoveNumbers, moveRow{Number: i/2 + 1, White: p.Move})
			} else {
				d.MoveNumbers[len(d.MoveNumbers)-1].Black = p.Move
			}
		}
	}
	return d
}

func (h *handler) hallPage(c *gin.Context) error {
	if c.Query("screen") == "1" {
		return h.screenPage(c)
	}
	return h.renderHall(c, false)
}

func (h *handler) screenPage(c *gin.Context) error {
	return h.renderHall(c, true)
}

// renderHall renders the hall page, or the hall screen.
func (h *handler) renderHall(c *gin.Context, screen bool) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n, err := core.QueryInt(c, "round")
	if err != nil {
		return err
	}
	if n < 0 {
		return tournament.Invalid("round", "a round is numbered from 1; got %d", n)
	}
	v, err := h.Hall.Read(c.Request.Context(), id, n)
	if err != nil {
		return err
	}
	tr := h.Translator(c).In(v.Event.Location())
	data := &hallPageData{EventHeader: h.Header(c, v.Event, "hall"), Hall: v, Asked: n, Timer: newTimerData(v.Timer), Screen: screen, Words: resultWords(tr)}
	for _, b := range v.Boards {
		data.Boards = append(data.Boards, newBoardData(v.Event, v.Round, b))
	}
	data.Matches = newMatches(v.Matches, data.Boards)
	if screen {
		if data.PerPage, data.Rotate, err = screenParams(c); err != nil {
			return err
		}
		data.Pages = screenPages(data)
	}
	page := "hall"
	if screen {
		page = "hall_screen"
	}
	c.Header("Cache-Control", "no-store")
	h.RenderWith(c, tr, http.StatusOK, page, v.Event.Name, data)
	return nil
}

// screenPages are the pages the hall screen turns: a team event's
// matches, one a page, so that a match's boards are read together;
// an event of players' boards, PerPage a page.
func screenPages(d *hallPageData) [][]boardData {
	var pages [][]boardData
	if d.Matches != nil {
		for _, m := range d.Matches {
			pages = append(pages, m.Boards)
		}
		return pages
	}
	for from := 0; from < len(d.Boards); from += d.PerPage {
		pages = append(pages, d.Boards[from:min(from+d.PerPage, len(d.Boards))])
	}
	return pages
}

// screenParams are the boards a page of the hall screen shows (?per=) and
// the seconds it shows them (?rotate=), the defaults when not given.
func screenParams(c *gin.Context) (per, rotate int, err error) {
	per, rotate = screenPerPage, int(screenRotate/time.Second)
	if p, err := core.QueryInt(c, "per"); err != nil {
		return 0, 0, err
	} else if p != 0 {
		if p < 1 || p > screenMaxPer {
			return 0, 0, tournament.Invalid("per", "a page of the hall screen shows from 1 to %d boards; got %d", screenMaxPer, p)
		}
		per = p
	}
	if r, err := core.QueryInt(c, "rotate"); err != nil {
		return 0, 0, err
	} else if r != 0 {
		if r < int(screenMinRotate/time.Second) || r > int(screenMaxRotate/time.Second) {
			return 0, 0, tournament.Invalid("rotate", "the hall screen turns its pages every %d to %d seconds; got %d", int(screenMinRotate/time.Second), int(screenMaxRotate/time.Second), r)
		}
		rotate = r
	}
	return per, rotate, nil
}

// boardLink is the address of a board's page in the hall.
func boardLink(eventID int64, round, board int) string {
	return "/events/" + strconv.FormatInt(eventID, 10) + "/hall/rounds/" + strconv.Itoa(round) + "/boards/" + strconv.Itoa(board)
}

// newTimerData is the timer as the page hands it to hall.js, with its
// text at the reading for a page without scripts.
func newTimerData(t hall.Timer) timerData {
	d := timerData{State: string(t.State), Now: t.Now.UnixMilli(), Elapsed: clockText(t.Elapsed()), Left: clockText(t.Left())}
	if !t.Start.IsZero() {
		d.Start = t.Start.UnixMilli()
	}
	if !t.End.IsZero() {
		d.End = t.End.UnixMilli()
	}
	return d
}

// clockText writes a duration as a clock does, 1:05:09 or 5:09, as
// hall.js writes it.
func clockText(d time.Duration) string {
	s := int64(d / time.Second)
	h, m, sec := s/3600, s/60%60, s%60
	pad := func(v int64) string {
		if v < 10 {
			return "0" + strconv.FormatInt(v, 10)
		}
		return strconv.FormatInt(v, 10)
	}
	if h > 0 {
		return strconv.FormatInt(h, 10) + ":" + pad(m) + ":" + pad(sec)
	}
	return strconv.FormatInt(m, 10) + ":" + pad(sec)
}

// resultWords are the words hall.js writes a result with, as JSON: each
// end reason's (reason.*), and the word of a board still playing.
func resultWords(tr *kit.Translator) string {
	words := map[string]string{"playing": tr.T("hall.playing")}
	for _, r := range slices.Concat(tournament.EndReasons, []tournament.EndReason{tournament.HalfPointBye, tournament.ZeroPointBye, tournament.ScoreUnknown}) {
		words[string(r)] = tr.T("reason." + string(r))
	}
	b, _ := json.Marshal(words) // a map of strings always marshals
	return string(b)
}
