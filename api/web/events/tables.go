package events

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/prizelist"
	"adiukh/tournament/teams"
)

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
	// Prizes are the event's prize list with its winners once the event
	// is finished, below its final standings; nil without a list, or on
	// the standings after an earlier round.
	Prizes *prizesSection
}

// prizesSection is the prize winners as the standings page lists them.
type prizesSection struct {
	Finished bool
	Awards   []prizeWinner
	Total    string
}

type prizeWinner struct {
	prizelist.Award
	Amount string
}

// prizes reads the event's prize list for the final standings' page.
func (h *handler) prizes(c *gin.Context, eventID int64) (*prizesSection, error) {
	v, err := h.PrizeLists.Read(c.Request.Context(), eventID)
	if err != nil || v.List == nil {
		return nil, err
	}
	lang := h.Translator(c).Lang
	out := &prizesSection{Finished: v.Finished, Total: prizelist.FormatAmountIn(lang, v.Total)}
	for _, a := range v.Awards {
		out.Awards = append(out.Awards, prizeWinner{Award: a, Amount: prizelist.FormatAmountIn(lang, a.Amount)})
	}
	return out, nil
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
	if ct.Standings.AfterRound == ct.Standings.Complete && ct.Event.Discipline.PlaysGames() {
		if data.Prizes, err = h.prizes(c, ct.Event.ID); err != nil {
			return err
		}
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
	Cells  [][]teams.CrosstableCell // by opponent start number - 1
}

type crosstablePageData struct {
	kit.EventHeader
	Crosstable *teams.Crosstable
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

func newCrossGrid(ct *teams.Crosstable) *crossGrid {
	g := &crossGrid{}
	for i := range ct.Rows {
		g.Numbers = append(g.Numbers, ct.Rows[i].Player.StartNo)
	}
	for _, r := range ct.Rows {
		row := crossGridRow{Player: r.Player, Rank: rankText(r.Rank, r.RankTo), Score: r.Score, Cells: make([][]teams.CrosstableCell, len(ct.Rows))}
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
