// Package checkin is the JSON API of the check-in before a round
// (tournament/checkin): the round's marks read, a player's own check-in,
// the arbiter's marks, deadline and confirmation of the absent, and the
// event's setting.
package checkin

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/checkin"
)

// handler serves the check-in.
type handler struct {
	*kit.Kit
}

// Routes registers the check-in on read (anyone who may read the event)
// and write (a signed-in user). Its answers depend on the clock (the
// deadline) and on the reader (their own line), so none is kept.
func Routes(k *kit.Kit, read, write gin.IRoutes) {
	h := &handler{Kit: k}
	read.GET("/events/:id/rounds/:n/checkin", h.JSON(h.getCheckin))
	write.POST("/events/:id/rounds/:n/checkin", h.JSON(h.postCheckin))
	write.POST("/events/:id/rounds/:n/checkin/absent", h.JSON(h.postConfirmAbsent))
	write.PUT("/events/:id/rounds/:n/checkin/deadline", h.JSON(h.putDeadline))
	write.PUT("/events/:id/checkin", h.JSON(h.putSetting))
}

// lineView is a player due in the round with their mark.
type lineView struct {
	PlayerID   int64  `json:"player_id"`
	StartNo    int    `json:"start_no"`
	Name       string `json:"name"`
	Attendance string `json:"attendance"` // "present", "absent", "" not yet
	ByPlayer   bool   `json:"by_player,omitempty"`
	At         string `json:"at,omitempty"`
}

// roundView is a round's check-in.
type roundView struct {
	EventID  int64  `json:"event_id"`
	Round    int    `json:"round"`
	Offered  bool   `json:"offered"`
	On       bool   `json:"on"`
	Open     bool   `json:"open"`
	Deadline string `json:"deadline,omitempty"`
	Passed   bool   `json:"passed"`
	// MayCheckIn: the reader may check themselves in now.
	MayCheckIn bool       `json:"may_check_in"`
	Mine       *lineView  `json:"mine,omitempty"`
	Players    []lineView `json:"players"`
	// Unconfirmed are the start numbers the pairing waits for.
	Unconfirmed []int `json:"unconfirmed"`
}

func newLineView(l checkin.Line) lineView {
	v := lineView{PlayerID: l.Player.ID, StartNo: l.Player.StartNo, Name: l.Player.Name, Attendance: string(l.Attendance), ByPlayer: l.ByPlayer}
	if !l.At.IsZero() {
		v.At = l.At.UTC().Format(time.RFC3339)
	}
	return v
}

func newRoundView(v *checkin.RoundView) roundView {
	out := roundView{EventID: v.Event.ID, Round: v.Round, Offered: v.Offered, On: v.On, Open: v.Open(), Passed: v.Passed,
		MayCheckIn: v.MayCheckIn(), Players: []lineView{}, Unconfirmed: []int{}}
	if !v.Deadline.IsZero() {
		out.Deadline = v.Deadline.In(v.Event.Location()).Format(time.RFC3339)
	}
	for _, l := range v.Lines {
		out.Players = append(out.Players, newLineView(l))
	}
	for _, l := range v.Unconfirmed() {
		out.Unconfirmed = append(out.Unconfirmed, l.Player.StartNo)
	}
	if v.Mine != nil {
		mine := newLineView(*v.Mine)
		out.Mine = &mine
	}
	return out
}

func (h *handler) answer(c *gin.Context, v *checkin.RoundView, err error) error {
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newRoundView(v))
	return nil
}

func (h *handler) getCheckin(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	v, err := h.Checkin.Read(c.Request.Context(), ids[0], int(ids[1]))
	return h.answer(c, v, err)
}

// markBody is the arbiter's mark of a player; without a player the
// signed-in player checks in themselves.
type markBody struct {
	PlayerID   int64  `json:"player_id"`
	Attendance string `json:"attendance"` // "present", "absent", "" to take the mark back
	Reason     string `json:"reason"`
}

func (h *handler) postCheckin(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	var body markBody
	if c.Request.ContentLength != 0 {
		if err := kit.DecodeJSON(c, &body); err != nil {
			return err
		}
	}
	ctx := c.Request.Context()
	if body.PlayerID == 0 {
		if body.Attendance != "" && body.Attendance != string(tournament.Present) {
			return tournament.Invalid("player_id", "name the player the arbiter marks; a player checks in only themselves, as present")
		}
		v, err := h.Checkin.CheckIn(ctx, ids[0], int(ids[1]))
		return h.answer(c, v, err)
	}
	v, err := h.Checkin.Mark(ctx, ids[0], int(ids[1]), body.PlayerID, tournament.Attendance(body.Attendance), body.Reason)
	return h.answer(c, v, err)
}

func (h *handler) postConfirmAbsent(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	v, err := h.Checkin.ConfirmAbsent(c.Request.Context(), ids[0], int(ids[1]))
	return h.answer(c, v, err)
}

// deadlineBody is a round's check-in deadline in the event's zone.
type deadlineBody struct {
	Date string `json:"date"`
	Time string `json:"time"`
}

func (h *handler) putDeadline(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[deadlineBody](c, "id", "n")
	if err != nil {
		return err
	}
	v, err := h.Checkin.SetDeadline(c.Request.Context(), ids[0], int(ids[1]), checkin.DeadlineInput{Date: body.Date, Time: body.Time})
	return h.answer(c, v, err)
}

// settingBody turns an event's check-in on or off.
type settingBody struct {
	On *bool `json:"on"`
}

func (h *handler) putSetting(c *gin.Context) error {
	id, body, err := kit.PathBody[settingBody](c, "id")
	if err != nil {
		return err
	}
	if body.On == nil {
		return tournament.Invalid("on", "say whether the event checks its players in: {\"on\": true} or {\"on\": false}")
	}
	v, err := h.Checkin.Set(c.Request.Context(), id, *body.On)
	return h.answer(c, v, err)
}
