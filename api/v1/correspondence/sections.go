package correspondence

import (
	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"bytes"
	"fmt"
	"mime"
	"net/http"

	"github.com/gin-gonic/gin"
)

// getSectionPDN answers every game of a section as PDN, each move with its
// time stamp.
func (h *handler) getSectionPDN(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	return h.corrPDN(c, id, 0, fmt.Sprintf("event-%d.pdn", id))
}

func (h *handler) getGamePDN(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	return h.corrPDN(c, 0, gid, fmt.Sprintf("game-%d.pdn", gid))
}

func (h *handler) corrPDN(c *gin.Context, eventID, gameID int64, filename string) error {
	var buf bytes.Buffer
	if err := h.Correspondence.PDN(c.Request.Context(), &buf, eventID, gameID); err != nil {
		return err
	}
	c.Header("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": filename}))
	c.Data(http.StatusOK, "application/x-pdn; charset=utf-8", buf.Bytes())
	return nil
}

type withdrawBody struct {
	// Games is "lose" (the opponents win the unfinished games) or
	// "adjudicate" (they wait for the arbiter's adjudication).
	Games  string `json:"games"`
	Reason string `json:"reason"`
}

type withdrawalView struct {
	Player shapes.PlayerView `json:"player"`
	Games  []corrGameView    `json:"games"`
}

// postSectionWithdraw withdraws a player from a correspondence section
// being played; the answer is the player and all their games as they now
// stand.
func (h *handler) postSectionWithdraw(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[withdrawBody](c, "id", "pid")
	if err != nil {
		return err
	}
	w, err := h.Correspondence.Withdraw(c.Request.Context(), correspondence.WithdrawInput{EventID: ids[0], PlayerID: ids[1], Games: body.Games, Reason: body.Reason})
	if err != nil {
		return err
	}
	games, err := h.Correspondence.Games(c.Request.Context(), ids[0])
	if err != nil {
		return err
	}
	out := withdrawalView{Player: shapes.NewPlayerView(&w.Player), Games: []corrGameView{}}
	l := core.JSONLocalizer(c)
	for i := range games {
		if _, ok := games[i].SideOf(ids[1]); ok {
			out.Games = append(out.Games, newCorrGameView(l, &games[i]))
		}
	}
	c.JSON(http.StatusOK, out)
	return nil
}

// postAdjourn stops a game's clocks: {"reason": …}.
func (h *handler) postAdjourn(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	var body struct {
		Reason string `json:"reason"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	g, err := h.Correspondence.Adjourn(c.Request.Context(), correspondence.AdjournInput{GameID: gid, Reason: body.Reason})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newCorrGameView(core.JSONLocalizer(c), g))
	return nil
}

// postGiveTime adds time to a side's clock of a live game: {"side":
// "white", "seconds": 60, "reason": …}.
func (h *handler) postGiveTime(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	var body struct {
		Side    string `json:"side"`
		Seconds int    `json:"seconds"`
		Reason  string `json:"reason"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	side, err := parseSide(body.Side)
	if err != nil {
		return err
	}
	g, err := h.Correspondence.GiveTime(c.Request.Context(), correspondence.GiveTimeInput{GameID: gid, Side: side, Seconds: body.Seconds, Reason: body.Reason})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newCorrGameView(core.JSONLocalizer(c), g))
	return nil
}

// parseSide reads "white" or "black".
func parseSide(s string) (rules.Color, error) {
	switch s {
	case "white":
		return rules.White, nil
	case "black":
		return rules.Black, nil
	}
	return rules.White, tournament.Invalid("side", "unknown side %q; use \"white\" or \"black\"", s)
}
