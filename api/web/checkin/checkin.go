// Package checkin is the area of the check-in page before a round
// (tournament/checkin): who is in, out and not yet known, the player's own
// "I am here", and the arbiter's setting, deadline, marks and
// confirmation of the absent, with the round's table cards.
package checkin

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/checkin"
)

// handler serves the check-in page over the shared kit.
type handler struct {
	*kit.Kit
}

// Routes registers the check-in page for every reader and its forms
// behind the sign-in gate. The page depends on the clock (the deadline)
// and on its reader (their own line), so it is never kept.
func Routes(k *kit.Kit, public, signedIn gin.IRoutes) {
	h := &handler{Kit: k}
	public.GET("/events/:id/checkin", h.Page(h.checkinPage))
	signedIn.POST("/events/:id/checkin", h.Page(h.checkIn))
	signedIn.POST("/events/:id/checkin/mark", h.Page(h.mark))
	signedIn.POST("/events/:id/checkin/absent", h.Page(h.confirmAbsent))
	signedIn.POST("/events/:id/checkin/deadline", h.Page(h.setDeadline))
	signedIn.POST("/events/:id/checkin/setting", h.Page(h.setSetting))
}

// pageData is the check-in page: the round's view and the form's error.
type pageData struct {
	kit.EventHeader
	V    *checkin.RoundView
	Form *kit.Form
	Done bool
}

func (h *handler) checkinPage(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n, err := core.QueryInt(c, "round")
	if err != nil {
		return err
	}
	return h.show(c, id, n, kit.NewForm(), http.StatusOK)
}

// show renders round n's check-in (0: the round to pair next) with form.
func (h *handler) show(c *gin.Context, id int64, n int, form *kit.Form, status int) error {
	v, err := h.Checkin.Read(c.Request.Context(), id, n)
	if err != nil {
		return err
	}
	d := &pageData{EventHeader: h.Header(c, v.Event, "checkin"), V: v, Form: form, Done: c.Query("done") != ""}
	h.RenderWith(c, h.Translator(c).In(v.Event.Location()), status, "checkin", v.Event.Name, d)
	return nil
}

// answered sends the reader back to the page after a change, or shows it
// again with the form's error.
func (h *handler) answered(c *gin.Context, id int64, n int, err error) error {
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/checkin?round=%d&done=1", id, n))
		return nil
	}
	form := kit.FormValues(c, "date", "time")
	if err := form.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	return h.show(c, id, n, form, kit.FormStatus(err))
}

// roundOf reads the round the form names.
func roundOf(c *gin.Context) (int64, int, error) {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return 0, 0, err
	}
	n, err := strconv.Atoi(c.PostForm("round"))
	if err != nil || n < 1 {
		return 0, 0, tournament.Invalid("round", "the form names no round; open the check-in page again")
	}
	return id, n, nil
}

func (h *handler) checkIn(c *gin.Context) error {
	id, n, err := roundOf(c)
	if err != nil {
		return err
	}
	_, err = h.Checkin.CheckIn(c.Request.Context(), id, n)
	return h.answered(c, id, n, err)
}

func (h *handler) mark(c *gin.Context) error {
	id, n, err := roundOf(c)
	if err != nil {
		return err
	}
	player, err := strconv.ParseInt(c.PostForm("player"), 10, 64)
	if err != nil {
		return tournament.Invalid("player", "the form names no player; open the check-in page again")
	}
	_, err = h.Checkin.Mark(c.Request.Context(), id, n, player, tournament.Attendance(c.PostForm("attendance")), c.PostForm("reason"))
	return h.answered(c, id, n, err)
}

func (h *handler) confirmAbsent(c *gin.Context) error {
	id, n, err := roundOf(c)
	if err != nil {
		return err
	}
	_, err = h.Checkin.ConfirmAbsent(c.Request.Context(), id, n)
	return h.answered(c, id, n, err)
}

func (h *handler) setDeadline(c *gin.Context) error {
	id, n, err := roundOf(c)
	if err != nil {
		return err
	}
	_, err = h.Checkin.SetDeadline(c.Request.Context(), id, n, checkin.DeadlineInput{Date: c.PostForm("date"), Time: c.PostForm("time")})
	return h.answered(c, id, n, err)
}

func (h *handler) setSetting(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	v, err := h.Checkin.Set(c.Request.Context(), id, c.PostForm("on") == "1")
	n := 0
	if v != nil {
		n = v.Round
	}
	if err != nil {
		form := kit.NewForm()
		if err := form.Fail(err, h.Translator(c)); err != nil {
			return err
		}
		return h.show(c, id, n, form, kit.FormStatus(err))
	}
	return h.answered(c, id, n, nil)
}
