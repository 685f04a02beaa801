package web

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/teams"
)

// eventsPageData lists events by where they are in their life.
type eventsPageData struct {
	Disciplines []tournament.Discipline
	Discipline  string // the filter, "" for all
	Running     []tournament.Event
	Upcoming    []tournament.Event
	Finished    []tournament.Event
	CanCreate   bool
}

func (h *handler) eventsPage(c *gin.Context) error {
	events, err := h.Events.Events(c.Request.Context())
	if err != nil {
		return err
	}
	data := eventsPageData{Disciplines: tournament.Disciplines, Discipline: c.Query("discipline")}
	for _, e := range events {
		if data.Discipline != "" && string(e.Discipline) != data.Discipline {
			continue
		}
		switch e.Status {
		case tournament.Running:
			data.Running = append(data.Running, e)
		case tournament.Registration:
			data.Upcoming = append(data.Upcoming, e)
		default:
			data.Finished = append(data.Finished, e)
		}
	}
	data.CanCreate = tournament.MayCreateEvent(c.Request.Context()) == nil
	h.Render(c, http.StatusOK, "events", "events.title", data)
	return nil
}

// boardRow is one board of a round as the pairings table shows it.
type boardRow struct {
	Board     int
	White     *tournament.Player
	Black     *tournament.Player // nil for the bye
	Result    *tournament.Result
	HasSheet  bool
	Version   int
	EndReason string
	// ByePoints is what the bye of this board scores, shown in its result
	// column; the black column names the bye.
	ByePoints float64
	// SheetMissing: a played game of a recorded discipline without its sheet.
	SheetMissing bool
	// WhiteScore and BlackScore are the players' scores before the round,
	// shown beside their names from round 2 on (Scored).
	Scored                 bool
	WhiteScore, BlackScore float64
	// Opening is the opening drawn for this board of a micro-match event
	// that draws one for each board (the round's is shown above the
	// boards); Micro its two games.
	Opening *tournament.DrawnOpening
	Micro   []microGame
	game    *tournament.Game
}

// Mark is the row's kit.BoardMark in round n, which its reader's parts read.
func (row boardRow) Mark(n int) kit.BoardMark {
	m := kit.BoardMark{Round: n, Board: row.Board, Game: row.game.ID, White: row.White.ID}
	if row.Black != nil {
		m.Black = row.Black.ID
	}
	return m
}

func boardRows(d *tournament.EventData, r *tournament.Round) []boardRow {
	rows := make([]boardRow, len(r.Games))
	for i, g := range r.Games {
		rows[i] = boardRow{Board: g.Board, White: d.Player(g.WhiteID), Result: g.Result, HasSheet: g.Sheet != "", Version: g.Version,
			SheetMissing: d.Event.AwaitsSheet(r, &r.Games[i]), game: &r.Games[i]}
		if !g.IsBye() {
			rows[i].Black = d.Player(g.BlackID)
			if d.Event.MicroMatch.On() {
				rows[i].Micro = microGames(d.Event.ID, r.Number, &r.Games[i])
			}
			if d.Event.MicroMatch == tournament.DrawPerBoard {
				rows[i].Opening = r.OpeningOf(g.Board)
			}
		}
		if g.Result != nil {
			rows[i].EndReason = string(g.Result.EndReason)
			if g.IsBye() {
				rows[i].ByePoints = d.Event.Points(*g.Result, true)
			}
		}
	}
	return rows
}

// microGame is one game of a micro-match in its board's row: its score, ""
// until entered, and the address of its page in the game viewer once its
// score sheet came in, "" before.
type microGame struct {
	Score, Link string
}

// microGames are the two games of a micro-match board of round n.
func microGames(eventID int64, n int, g *tournament.Game) []microGame {
	out := make([]microGame, len(g.MicroGames))
	for i, r := range g.MicroGames {
		if r != nil {
			out[i].Score = r.Score()
		}
		if g.MicroSheets[i].Sheet != "" {
			out[i].Link = fmt.Sprintf("/events/%d/rounds/%d/boards/%d?game=%d", eventID, n, g.Board, i+1)
		}
	}
	return out
}

type eventPageData struct {
	kit.EventHeader
	Players []tournament.Player
	Rounds  []int
	Round   *tournament.Round // the round shown; nil before round 1 is published
	Boards  []boardRow
	// Titled: some player of the event holds a rank or title, which the
	// pairings show in a column of its own.
	Titled bool
	// Seats and Review serve the swap form of a draft round, Pairing the
	// pairing typed by hand (Swiss): each keeps what was entered and shows
	// its own error.
	Seats   []seatOption
	Review  *kit.Form
	Pairing *kit.Form
	// Panel holds the reports of a signed-in player or arbiter; nil for
	// anonymous readers.
	Panel *playerPanel
	// Cards explain a Swiss round's pairings to its arbiter; CardsError
	// says why they could not be built.
	Cards      []tournament.PairingCard
	CardsError string
}

// newEventPageData shows round n, or the latest round when there is no
// round n.
func newEventPageData(hd kit.EventHeader, d *tournament.EventData, n int) *eventPageData {
	data := &eventPageData{EventHeader: hd, Players: d.Players, Review: kit.NewForm(), Pairing: kit.NewForm(),
		Titled: slices.ContainsFunc(d.Players, func(p tournament.Player) bool { return p.Title != "" })}
	for i := range d.Rounds {
		data.Rounds = append(data.Rounds, d.Rounds[i].Number)
	}
	if len(d.Rounds) > 0 {
		data.Round = &d.Rounds[len(d.Rounds)-1]
		for i := range d.Rounds {
			if d.Rounds[i].Number == n {
				data.Round = &d.Rounds[i]
			}
		}
		data.Boards = boardRows(d, data.Round)
		if data.Round.Number > 1 {
			scores := d.ScoresBefore(data.Round.Number)
			for i := range data.Boards {
				b := &data.Boards[i]
				b.Scored, b.WhiteScore = true, scores[b.White.ID]
				if b.Black != nil {
					b.BlackScore = scores[b.Black.ID]
				}
			}
		}
		if data.Round.Status == tournament.Draft && hd.CanManage {
			data.Seats = seatOptions(data.Boards)
		}
	}
	return data
}

// eventPage shows the pairings of one round, by default the latest one, so
// that a player opening the event on a phone sees their board at once.
func (h *handler) eventPage(c *gin.Context) error {
	core.LastPage(c, 1) // unless it shows the standings, paged (pageOf)
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	// A wrong ?round= is answered before the event is read (issue 59.3).
	n, err := core.QueryInt(c, "round")
	if err != nil {
		return err
	}
	if n < 0 {
		return tournament.NotFound("round %d of event %d not found", n, id)
	}
	if err := h.Events.CheckRound(c.Request.Context(), id, n); err != nil {
		return err
	}
	d, err := h.Events.EventData(c.Request.Context(), id)
	if err != nil {
		return err
	}
	if !d.Event.Discipline.PlaysGames() {
		// A composition event's page is its contest's, which depends on
		// the clock (entries open until the deadline): a redirect, so that
		// the page cache does not keep it.
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/contest", id))
		return nil
	}
	if d.Event.Status == tournament.Finished && c.Query("round") == "" {
		// A finished event is looked up for its result: it opens on the
		// final standings; its pairings stay a tab away (?round=N).
		return h.standingsPage(c)
	}
	if d.Event.Discipline.IsTeam() {
		return h.teamEventPage(c, id)
	}
	data := newEventPageData(h.Header(c, d.Event, "pairings"), d, n)
	if n != 0 && !slices.Contains(data.Rounds, n) {
		return tournament.NotFound("round %d of event %d not found", n, id)
	}
	if err := h.addPairingCards(c, data); err != nil {
		return err
	}
	if tournament.UserFromContext(c.Request.Context()) != nil {
		v, err := h.Submissions.PlayerView(c.Request.Context(), id)
		if err != nil {
			return err
		}
		data.Panel = newPlayerPanel(v, data.CanManage)
	}
	h.RenderWith(c, h.Translator(c).In(d.Event.Location()), http.StatusOK, "event", d.Event.Name, data)
	return nil
}

type standingsPageData struct {
	kit.EventHeader
	Standings *tournament.Standings
	IDs       map[int]int64 // player ID by start number, for links
	// Titled: someone in the event holds a rank or title, which the
	// table shows in a column of its own.
	Titled bool
	// AfterRounds are the rounds standings can be shown after.
	AfterRounds []int
	// Standings of more than tableRows players are shown a page at a
	// time.
	pager
}

// upTo lists 1…n.
func upTo(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

func (h *handler) standingsPage(c *gin.Context) error {
	core.LastPage(c, 1) // unless the table is paged (pageOf)
	t, err := h.eventTables(c)
	if err != nil || t == nil {
		return err
	}
	if t.Teams != nil {
		return h.teamStandingsPage(c, t.Teams.Standings)
	}
	ct := t.Players
	data := standingsPageData{EventHeader: h.Header(c, ct.Event, "standings"), Standings: ct.Standings, IDs: map[int]int64{},
		AfterRounds: upTo(ct.Standings.Complete)}
	for _, r := range ct.Rows {
		data.IDs[r.Player.StartNo] = r.Player.ID
		data.Titled = data.Titled || r.Player.Title != ""
	}
	if rows := ct.Standings.Rows; len(rows) > tableRows {
		p, from, to, err := pageOf(c, len(rows), fmt.Sprintf("/events/%d/standings", ct.Event.ID))
		if err != nil {
			return err
		}
		view := *ct.Standings
		view.Rows = rows[from:to]
		data.Standings, data.pager = &view, p
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "standings", ct.Event.Name, data)
	return nil
}

// eventTables reads the tables behind an event's standings and crosstable
// pages after ?round=N. A composition contest, which plays no games, is
// shown by its contest page instead; then the tables are nil.
func (h *handler) eventTables(c *gin.Context) (*teams.EventTables, error) {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return nil, err
	}
	round, err := core.QueryInt(c, "round")
	if err != nil {
		return nil, err
	}
	t, err := h.Teams.Tables(c.Request.Context(), id, round)
	if err != nil {
		return nil, err
	}
	if !t.Event.Discipline.PlaysGames() {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/contest", id))
		return nil, nil
	}
	return t, nil
}

// crossGrid is a round-robin crosstable: one cell per opponent (two in a
// double round robin), in start-number order.
type crossGrid struct {
	Numbers []int
	Rows    []crossGridRow
}

type crossGridRow struct {
	Player tournament.Player
	Rank   string
	Score  float64
	Cells  [][]tournament.CrosstableCell // by opponent start number - 1
}

type crosstablePageData struct {
	kit.EventHeader
	Crosstable *tournament.Crosstable
	Grid       *crossGrid // round robins; Swiss events show rounds instead
	// Titled: someone in the event holds a rank or title, which the
	// table shows in a column of its own.
	Titled bool
	// Uncounted: the table shows results of a round still being played,
	// which the points do not count yet; they count to round CountedTo.
	Uncounted bool
	CountedTo int
	// A progress table longer than tableRows rows is shown a page at a
	// time.
	pager
}

// tableRows bounds the rows of one page of a table of players: a
// 4,096-player open made a 25 MB progress table and 1.4 MB of standings.
const tableRows = 200

// pager is where the page of a long table stands among its pages: its
// number, with the addresses of the pages beside it ("" for none).
type pager struct {
	Page       int
	Prev, Next string
}

// pageOf reads ?page= of a table of n rows at the address path, keeping
// ?round= in the pages' addresses: the page (one past the end shows the
// last) and the rows it shows, [from, to).
func pageOf(c *gin.Context, n int, path string) (p pager, from, to int, err error) {
	page, err := core.PageParam(c)
	if err != nil {
		return pager{}, 0, 0, err
	}
	last := (n + tableRows - 1) / tableRows
	core.LastPage(c, last)
	page = max(1, min(page, last))
	at := func(n int) string {
		q := url.Values{"page": {strconv.Itoa(n)}}
		if round := c.Query("round"); round != "" {
			q.Set("round", round)
		}
		return path + "?" + q.Encode()
	}
	p.Page = page
	if page > 1 {
		p.Prev = at(page - 1)
	}
	if page < last {
		p.Next = at(page + 1)
	}
	return p, (page - 1) * tableRows, min(page*tableRows, n), nil
}

func rankText(rank, to int) string {
	if to > rank {
		return strconv.Itoa(rank) + "–" + strconv.Itoa(to)
	}
	return strconv.Itoa(rank)
}

func newCrossGrid(ct *tournament.Crosstable) *crossGrid {
	g := &crossGrid{}
	for i := range ct.Rows {
		g.Numbers = append(g.Numbers, ct.Rows[i].Player.StartNo)
	}
	for _, r := range ct.Rows {
		row := crossGridRow{Player: r.Player, Rank: rankText(r.Rank, r.RankTo), Score: r.Score, Cells: make([][]tournament.CrosstableCell, len(ct.Rows))}
		for _, cell := range r.Games {
			if cell.OpponentNo >= 1 && cell.OpponentNo <= len(ct.Rows) {
				row.Cells[cell.OpponentNo-1] = append(row.Cells[cell.OpponentNo-1], cell)
			}
		}
		g.Rows = append(g.Rows, row)
	}
	return g
}

func (h *handler) crosstablePage(c *gin.Context) error {
	core.LastPage(c, 1) // unless the table is paged (pageOf)
	t, err := h.eventTables(c)
	if err != nil || t == nil {
		return err
	}
	if t.Teams != nil {
		return h.teamCrosstablePage(c, t.Teams)
	}
	ct := t.Players
	data := crosstablePageData{EventHeader: h.Header(c, ct.Event, "crosstable"), Crosstable: ct}
	for _, r := range ct.Rows {
		data.Titled = data.Titled || r.Player.Title != ""
		for _, g := range r.Games {
			if g.Result != nil && g.Round > ct.Standings.AfterRound && !ct.Standings.EveryFinishedGame {
				data.Uncounted, data.CountedTo = true, ct.Standings.AfterRound
			}
		}
	}
	if ct.Event.System.IsRoundRobin() {
		data.Grid = newCrossGrid(ct)
	} else if len(ct.Rows) > tableRows {
		p, from, to, err := pageOf(c, len(ct.Rows), fmt.Sprintf("/events/%d/crosstable", ct.Event.ID))
		if err != nil {
			return err
		}
		view := *ct
		view.Rows = ct.Rows[from:to]
		data.Crosstable, data.pager = &view, p
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "crosstable", ct.Event.Name, data)
	return nil
}

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
	Row    boardRow
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
	d, err := h.Events.BoardData(c.Request.Context(), ids[0], int(ids[1]), int(ids[2]))
	if err != nil {
		return err
	}
	round, game := findBoard(d, int(ids[1]), int(ids[2]))
	if game == nil {
		return tournament.NotFound("board %d of round %d not found", ids[2], ids[1])
	}
	data := gamePageData{EventHeader: h.Header(c, d.Event, "pairings"), Round: round.Number, Sheet: game.Sheet, Unplayed: unplayedReason(game)}
	for _, row := range boardRows(d, round) {
		if row.Board == game.Board {
			data.Row = row
		}
	}
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
	verdict := sheetVerdict(game, sheet)
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
		verdict = sheetVerdict(game, sheet)
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

// sheetVerdict replays a sheet by the rules of the game: its first game.
func sheetVerdict(game tournament.GameKind, sheet string) rules.Verdict {
	verdicts := game.Rules().ValidateGames(sheet)
	if len(verdicts) == 0 {
		return rules.Verdict{}
	}
	return verdicts[0]
}

func findBoard(d *tournament.EventData, round, board int) (*tournament.Round, *tournament.Game) {
	for i := range d.Rounds {
		if d.Rounds[i].Number != round {
			continue
		}
		for j := range d.Rounds[i].Games {
			if d.Rounds[i].Games[j].Board == board {
				return &d.Rounds[i], &d.Rounds[i].Games[j]
			}
		}
	}
	return nil, nil
}
