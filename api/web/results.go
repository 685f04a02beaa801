package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
)

// The keyboard entry of one round's results.

// resultsPageData is the fast result entry of one round.
type resultsPageData struct {
	kit.EventHeader
	Round    *tournament.Round
	Boards   []boardRow
	Versions string // "board:version,…" as the page saw them
	Form     *kit.Form
	Saved    string
	Reasons  []tournament.EndReason
	// SheetRequired is set for disciplines whose played games need a
	// score sheet (§10.2); their results go through the sheet form.
	SheetRequired bool
	// Warnings are what the result just saved may have upset.
	Warnings []tournament.Warning
	// Outcomes say what became of each sheet of a batch just sent.
	Outcomes []sheetOutcomeRow
	// Matches group the boards of a team round by match; Games finds a
	// board's row by its number within the round, the number typed.
	Matches []matchRow
	Games   map[int]boardRow
}

func (h *handler) resultsData(c *gin.Context, id int64, n int) (*resultsPageData, error) {
	d, err := h.Events.DeskData(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	hd := h.Header(c, d.Event, "manage")
	for i := range d.Rounds {
		if d.Rounds[i].Number != n {
			continue
		}
		r := &d.Rounds[i]
		data := &resultsPageData{EventHeader: hd, Round: r, Boards: boardRows(d, r), Form: kit.NewForm(), Reasons: tournament.ArbiterReasons(d.Event.Discipline), SheetRequired: d.Event.Discipline.SheetRequired()}
		var versions []string
		for _, g := range r.Games {
			versions = append(versions, fmt.Sprintf("%d:%d", g.Board, g.Version))
		}
		data.Versions = strings.Join(versions, ",")
		data.Form.Values["end_reason"] = string(tournament.FinalPosition)
		if d.Event.Discipline.IsTeam() {
			if err := h.groupByMatch(c, data); err != nil {
				return nil, err
			}
		}
		return data, nil
	}
	return nil, tournament.NotFound("round %d of event %d not found", n, id)
}

func (h *handler) resultsPage(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	data, err := h.resultsData(c, ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	data.Saved = c.Query("saved")
	h.RenderWith(c, h.Translator(c), http.StatusOK, "results", data.Event.Name, data)
	return nil
}

// versionOf finds a board's version in the "board:version,…" list the page
// was rendered with, so that a result typed against a stale page is refused.
// A list the form lost (empty, or no such list) asks for the page again
// rather than blaming the board.
func versionOf(versions string, round, board int) (int, error) {
	listed := false
	for _, item := range strings.Split(versions, ",") {
		b, v, ok := strings.Cut(item, ":")
		n, err := strconv.Atoi(v)
		if !ok || err != nil {
			continue
		}
		listed = true
		if b == strconv.Itoa(board) {
			return n, nil
		}
	}
	if !listed {
		return 0, tournament.Invalid("version", "the form lost the boards' versions; reload the page")
	}
	return 0, tournament.Invalid("board", "round %d has no board %d", round, board)
}

// enterResult takes one result from the fast entry form: board number,
// score like 17:7, end reason (a final position unless chosen otherwise),
// and the reason of a correction. A result that upsets a later round is
// saved and shown with its warning instead of going straight back.
func (h *handler) enterResult(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	values := map[string]string{"board": strings.TrimSpace(c.PostForm("board")), "score": strings.TrimSpace(c.PostForm("score")),
		"end_reason": c.PostForm("end_reason"), "reason": strings.TrimSpace(c.PostForm("reason"))}
	r, err := h.recordFastResult(c, ids[0], int(ids[1]), values, c.PostForm("versions"))
	saved := values["board"]
	if n, convErr := strconv.Atoi(saved); convErr == nil {
		saved = strconv.Itoa(n) // "07" is board 7, as the page numbers it
	}
	if err == nil && len(r.Warnings) == 0 {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/rounds/%d/results?saved=%s", ids[0], ids[1], saved))
		return nil
	}
	data, loadErr := h.resultsData(c, ids[0], int(ids[1]))
	if loadErr != nil {
		return loadErr
	}
	if err == nil {
		data.Saved, data.Warnings = saved, r.Warnings
		h.RenderWith(c, h.Translator(c), http.StatusOK, "results", data.Event.Name, data)
		return nil
	}
	data.Form.Values = values
	if err := data.Form.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	h.RenderWith(c, h.Translator(c), kit.FormStatus(err), "results", data.Event.Name, data)
	return nil
}

func (h *handler) recordFastResult(c *gin.Context, eventID int64, round int, values map[string]string, versions string) (*tournament.RecordedResult, error) {
	board, err := strconv.Atoi(values["board"])
	if err != nil || board < 1 {
		return nil, tournament.Invalid("board", "%q is not a board number", values["board"])
	}
	version, err := versionOf(versions, round, board)
	if err != nil {
		return nil, err
	}
	return h.Events.RecordResult(c.Request.Context(), tournament.ResultInput{
		EventID: eventID, Round: round, Board: board, Score: values["score"], EndReason: values["end_reason"], Version: version, Reason: values["reason"],
	})
}

// savedBoard is where a result just saved lies in a team round.
type savedBoard struct {
	Table, Board int
}

// SavedAt names the board of a team round whose result was just saved as
// the page shows it: its match's table and its board within the match,
// not the game's number within the round that was typed. It is nil for an
// individual round, or a number no board of the round has.
func (d *resultsPageData) SavedAt() *savedBoard {
	n, err := strconv.Atoi(d.Saved)
	if err != nil || n < 1 {
		return nil
	}
	for _, m := range d.Matches {
		for _, b := range m.Boards {
			if b.GameNo == n {
				return &savedBoard{Table: m.Table, Board: b.Board}
			}
		}
	}
	return nil
}

// groupByMatch lays a team round's boards out match by match: the teams,
// the table and the board within the match beside the number typed.
func (h *handler) groupByMatch(c *gin.Context, data *resultsPageData) error {
	d, err := h.Teams.TeamEventData(c.Request.Context(), data.Event.ID)
	if err != nil {
		return err
	}
	for i := range d.Rounds {
		if d.Rounds[i].Number == data.Round.Number {
			data.Matches = newMatchRows(d, &d.Rounds[i])
		}
	}
	data.Games = map[int]boardRow{}
	for _, b := range data.Boards {
		data.Games[b.Board] = b
	}
	return nil
}
