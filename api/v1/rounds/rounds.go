package rounds

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/schedule"
)

// handler serves an event's rounds: pairing, publishing and starting one,
// a game's result, and the micro-matches' openings and games.
type handler struct {
	*kit.Kit
}

// Routes registers the rounds on read (anyone who may read the event) and
// write (a signed-in user).
func Routes(k *kit.Kit, read, write gin.IRoutes) {
	h := &handler{Kit: k}
	read.GET("/events/:id/rounds", h.EventJSON(h.JSON(h.getRounds)))
	read.GET("/events/:id/rounds/:n", h.EventJSON(h.JSON(h.getRound)))
	write.POST("/events/:id/rounds", h.JSON(h.postRound))
	write.POST("/events/:id/rounds/:n/publish", h.JSON(h.postPublish))
	write.PUT("/events/:id/rounds/:n/start", h.JSON(h.putRoundStart))
	write.DELETE("/events/:id/rounds/:n", h.JSON(h.deleteRound))
	write.PUT("/events/:id/rounds/:n/games/:board/result", h.JSON(h.putResult))
	h.openingsRoutes(read, write)
}

func (h *handler) getRounds(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	er, err := h.Teams.RoundsOf(c.Request.Context(), id)
	if err != nil {
		return err
	}
	if d := er.Team; d != nil {
		views := make([]shapes.TeamRoundView, len(d.Rounds))
		for i := range d.Rounds {
			views[i] = shapes.NewTeamRoundView(catalog.For(core.JSONLang(c)), &d.Rounds[i], d.Event, d.Settings)
		}
		c.JSON(http.StatusOK, roundsView[shapes.TeamRoundView]{views})
		return nil
	}
	views := make([]shapes.RoundView, len(er.Rounds))
	for i := range er.Rounds {
		views[i] = shapes.NewRoundView(catalog.For(core.JSONLang(c)), &er.Rounds[i])
	}
	c.JSON(http.StatusOK, roundsView[shapes.RoundView]{views})
	return nil
}

func (h *handler) getRound(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	return h.AnswerRound(c, http.StatusOK, ids[0], int(ids[1]))
}

// postRound pairs the next round.
func (h *handler) postRound(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	r, err := h.Teams.PairNextRound(c.Request.Context(), id)
	if err != nil {
		return err
	}
	return h.AnswerRound(c, http.StatusCreated, id, r.Number)
}

func (h *handler) postPublish(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	startsAt, err := publishStart(c)
	if err != nil {
		return err
	}
	r, err := h.Events.PublishRoundAt(c.Request.Context(), ids[0], int(ids[1]), startsAt)
	if err != nil {
		return err
	}
	return h.AnswerRound(c, http.StatusOK, ids[0], r.Number)
}

// putRoundStart sets when a round played over the board starts:
// {"date": "2026-12-01", "time": "10:00"} in the event's time zone; both
// empty clear it.
func (h *handler) putRoundStart(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	var body struct {
		Date string `json:"date"`
		Time string `json:"time"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if _, err := h.Schedule.SetRoundStart(c.Request.Context(), ids[0], int(ids[1]), schedule.RoundStartInput{Date: body.Date, Time: body.Time}); err != nil {
		return err
	}
	return h.AnswerRound(c, http.StatusOK, ids[0], int(ids[1]))
}

// publishStart reads the optional body of a publish: {"starts_at":
// RFC 3339}, when the clocks of a live event's round start; none starts
// them at once.
func publishStart(c *gin.Context) (time.Time, error) {
	if c.Request.ContentLength == 0 {
		return time.Time{}, nil
	}
	var body struct {
		StartsAt string `json:"starts_at"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return time.Time{}, err
	}
	if body.StartsAt == "" {
		return time.Time{}, nil
	}
	at, err := time.Parse(time.RFC3339, body.StartsAt)
	if err != nil {
		return time.Time{}, tournament.Invalid("starts_at", "%q is not a time; write it as 2026-12-01T18:00:00+03:00", body.StartsAt)
	}
	return at, nil
}

// deleteRound removes the last round while it is a draft; an optional
// ?reason= goes into the audit log.
func (h *handler) deleteRound(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	if err := h.Review.DeleteDraftRound(c.Request.Context(), ids[0], int(ids[1]), c.Query("reason")); err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.DeletedView{Deleted: ids[1]})
	return nil
}

func (h *handler) putResult(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[shapes.ResultBody](c, "id", "n", "board")
	if err != nil {
		return err
	}
	in, err := body.Input(ids[0], int(ids[1]), int(ids[2]))
	if err != nil {
		return err
	}
	r, err := h.Events.RecordResult(c.Request.Context(), in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.RecordedView{GameView: shapes.NewGameView(catalog.For(core.JSONLang(c)), r.Game), Warnings: shapes.WarningViews(core.JSONLocalizer(c), r.Warnings)})
	return nil
}

// roundsView is an event's rounds: a list of roundView or, for a team
// event, of teamRoundView.
type roundsView[R shapes.RoundView | shapes.TeamRoundView] struct {
	Rounds []R `json:"rounds"`
}
