package play

import (
	"context"
	"fmt"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
)

// afterGameForm shows the game again.
func (h *handler) afterGameForm(c *gin.Context, gid int64, f *kit.Form, err error) error {
	return h.AfterForm(c, fmt.Sprintf("/games/%d", gid), f, err, func(f *kit.Form, status int) error { return h.renderCorrGame(c, f, status) })
}

func (h *handler) submitMove(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["move"] = c.PostForm("move")
	ply, err := strconv.Atoi(c.PostForm("ply"))
	if err != nil {
		return h.afterGameForm(c, gid, f, tournament.Invalid("ply", "the form lost the game's ply; reload the game"))
	}
	_, err = h.Correspondence.Move(c.Request.Context(), correspondence.MoveInput{GameID: gid, Move: c.PostForm("move"), Ply: ply, OfferDraw: c.PostForm("draw_offer") == "on"})
	return h.afterGameForm(c, gid, f, err)
}

func (h *handler) gameForm(act func(ctx context.Context, gameID int64) (*correspondence.View, error)) core.HandlerFunc {
	return func(c *gin.Context) error {
		gid, err := core.PathInt(c, "gid")
		if err != nil {
			return err
		}
		_, err = act(c.Request.Context(), gid)
		return h.afterGameForm(c, gid, kit.NewForm(), err)
	}
}

// submitResign asks for a confirmation first: resigning cannot be undone.
func (h *handler) submitResign(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	if c.PostForm("confirm") != "on" {
		return h.afterGameForm(c, gid, kit.NewForm(), tournament.Invalid("confirm", "tick the box to confirm the resignation"))
	}
	_, err = h.Correspondence.Resign(c.Request.Context(), gid)
	return h.afterGameForm(c, gid, kit.NewForm(), err)
}

func (h *handler) submitDecision(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	for _, k := range []string{"score", "end_reason", "reason"} {
		f.Values[k] = c.PostForm(k)
	}
	_, err = h.Correspondence.Decide(c.Request.Context(), correspondence.DecisionInput{GameID: gid, Score: c.PostForm("score"), EndReason: c.PostForm("end_reason"), Reason: c.PostForm("reason")})
	return h.afterGameForm(c, gid, f, err)
}

func (h *handler) submitReopen(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["days"], f.Values["seconds"], f.Values["reopen_reason"] = c.PostForm("days"), c.PostForm("seconds"), c.PostForm("reason")
	days, _ := strconv.Atoi(c.PostForm("days"))
	seconds, _ := strconv.Atoi(c.PostForm("seconds"))
	_, err = h.Correspondence.Reopen(c.Request.Context(), correspondence.ReopenInput{GameID: gid, Days: days, Seconds: seconds, Reason: c.PostForm("reason")})
	return h.afterGameForm(c, gid, f, err)
}

func (h *handler) submitAdjourn(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["adjourn_reason"] = c.PostForm("reason")
	_, err = h.Correspondence.Adjourn(c.Request.Context(), correspondence.AdjournInput{GameID: gid, Reason: c.PostForm("reason")})
	return h.afterGameForm(c, gid, f, err)
}

func (h *handler) submitGiveTime(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["give_seconds"], f.Values["give_reason"] = c.PostForm("seconds"), c.PostForm("reason")
	seconds, _ := strconv.Atoi(c.PostForm("seconds"))
	side := rules.White
	if c.PostForm("side") == "black" {
		side = rules.Black
	}
	_, err = h.Correspondence.GiveTime(c.Request.Context(), correspondence.GiveTimeInput{GameID: gid, Side: side, Seconds: seconds, Reason: c.PostForm("reason")})
	return h.afterGameForm(c, gid, f, err)
}
