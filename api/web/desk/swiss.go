package desk

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/review"
)

// The Swiss parts of the arbiter's desk: requested byes, a pairing typed in
// by hand, pairing cards on the round review, TRF files in and out.

// requestBye records (or, with an empty kind, takes back) a player's
// requested bye for the next round to be paired.
func (h *handler) requestBye(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	round, err := strconv.Atoi(c.PostForm("round"))
	if err != nil {
		return h.StatusFailed(c, ids[0], tournament.Invalid("round", "%q is not a round number", c.PostForm("round")))
	}
	_, err = h.Swiss.RequestBye(c.Request.Context(), ids[0], ids[1], round, tournament.ByeKind(c.PostForm("kind")), strings.TrimSpace(c.PostForm("reason")))
	if err != nil {
		return h.StatusFailed(c, ids[0], err)
	}
	h.BackToManage(c, ids[0], "players")
	return nil
}

// parseBoards reads a pairing typed one board per line: the start numbers of
// White and Black ("3 7", "3-7"); a lone number, or "12 0", is the bye.
// Every line that cannot be read is named at once, with its number.
func parseBoards(text string) ([]review.BoardInput, error) {
	var boards []review.BoardInput
	var problems []*tournament.Error
	for i, line := range strings.Split(text, "\n") {
		fields := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' || r == '-' || r == '\r' || r == ',' })
		if len(fields) == 0 {
			continue
		}
		nums, problem := startNumbers(fields)
		if problem == nil && len(nums) > 2 {
			problem = tournament.Invalid("", "write the start numbers of White and Black, like \"3 7\"")
		}
		if problem != nil {
			problem.Line = i + 1
			problems = append(problems, problem)
			continue
		}
		board := review.BoardInput{WhiteNo: nums[0]}
		if len(nums) == 2 {
			board.BlackNo = nums[1]
		}
		boards = append(boards, board)
	}
	switch {
	case len(problems) == 1:
		return nil, tournament.Invalid("boards", "line %d: %s", problems[0].Line, problems[0])
	case len(problems) > 1:
		summary := tournament.Invalid("boards", "%d lines of the pairing cannot be read", len(problems))
		summary.Details = problems
		return nil, summary
	case len(boards) == 0:
		return nil, tournament.Invalid("boards", "type one board per line, like \"3 7\"")
	}
	return boards, nil
}

// startNumbers reads the start numbers of one line of a typed pairing.
func startNumbers(fields []string) ([]int, *tournament.Error) {
	var nums []int
	for _, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, tournament.Invalid("", "%q is not a start number", f)
		}
		nums = append(nums, n)
	}
	return nums, nil
}

// editPairing replaces a draft round's boards by the pairing typed in; the
// round page then shows what the check of the absolute criteria found.
func (h *handler) editPairing(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	values := map[string]string{"boards": c.PostForm("boards"), "reason": strings.TrimSpace(c.PostForm("reason"))}
	boards, err := parseBoards(values["boards"])
	if err == nil {
		_, err = h.Review.EditPairing(c.Request.Context(), ids[0], int(ids[1]), boards, values["reason"])
	}
	if err != nil {
		return h.reviewFailed(c, ids[0], int(ids[1]), err, func(d *kit.EventPageData) *kit.Form { return d.Pairing }, values)
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d?round=%d#review", ids[0], ids[1]))
	return nil
}

// importTRF creates an event from an uploaded TRF file and opens its desk;
// errors (with the line and column at fault) show under the upload form.
func (h *handler) importTRF(c *gin.Context) error {
	err := func() error {
		fh, err := c.FormFile("file")
		if err != nil {
			return tournament.Invalid("file", "choose a TRF file to upload")
		}
		if fh.Size > core.MaxTRF {
			return tournament.Invalid("file", "the file is larger than %d MB", core.MaxTRF>>20)
		}
		f, err := fh.Open()
		if err != nil {
			return tournament.Invalid("file", "the file could not be read: %v", err)
		}
		defer f.Close()
		e, err := h.Interchange.ImportTRF(c.Request.Context(), io.LimitReader(f, core.MaxTRF), c.PostForm("game"))
		if err != nil {
			return err
		}
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/manage", e.ID))
		return nil
	}()
	if err == nil {
		return nil
	}
	f := kit.NewForm()
	f.Values["discipline"], f.Values["system"], f.Values["visibility"] = string(tournament.Rapid), string(tournament.Swiss), string(tournament.Public)
	f.Values["time_zone"] = h.Events.TimeZone()
	data := h.EventFormData(f)
	data.Import = kit.NewForm()
	data.Import.Values["game"] = c.PostForm("game")
	if err := data.Import.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	h.Render(c, kit.FormStatus(err), "event_new", "event_new.title", data)
	return nil
}
