package rounds

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/micromatch"
	"adiukh/tournament/openings"
)

// openingsRoutes registers the micro-matches of Russian draughts events:
// the event's table of openings, read by everyone who may read the event
// and loaded (the body is the CSV or JSON file) or taken back to the
// default by its arbiters, and the result of one game of a micro-match.
func (h *handler) openingsRoutes(g, w gin.IRoutes) {
	g.GET("/events/:id/openings", h.EventJSON(h.JSON(h.getOpenings), "format"))
	w.PUT("/events/:id/openings", h.JSON(h.putOpenings))
	w.DELETE("/events/:id/openings", h.JSON(h.deleteOpenings))
	w.PUT("/events/:id/rounds/:n/games/:board/micro/:game", h.JSON(h.putMicroGame))
}

// openingsTableView is an event's table: own is false for the default one.
type openingsTableView struct {
	Own      bool               `json:"own"`
	Source   string             `json:"source"`
	Openings []openings.Opening `json:"openings"`
}

// getOpenings answers the event's table as JSON, or as the CSV file an
// arbiter may edit and load again (?format=csv).
func (h *handler) getOpenings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	v, err := h.MicroMatches.Table(c.Request.Context(), id)
	if err != nil {
		return err
	}
	switch c.Query("format") {
	case "", micromatch.JSON:
		c.JSON(http.StatusOK, openingsTableView{Own: v.Own, Source: v.Table.Source, Openings: v.Table.Openings})
	case micromatch.CSV:
		var b strings.Builder
		if err := v.Table.WriteCSV(&b); err != nil {
			return err
		}
		c.Data(http.StatusOK, "text/csv; charset=utf-8", []byte(b.String()))
	default:
		return tournament.Invalid("format", "unknown format %q of a table of openings; use \"csv\" or \"json\"", c.Query("format"))
	}
	return nil
}

// putOpenings makes the body the event's table: CSV (Content-Type
// text/csv) or JSON, as GET …/openings answers it or as a file of
// tournament/openings; ?format= says which when the type does not.
func (h *handler) putOpenings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	content, err := kit.RequestBody(c)
	if err != nil {
		return err
	}
	format := c.Query("format")
	if format == "" {
		switch c.ContentType() {
		case "text/csv":
			format = micromatch.CSV
		case "application/json":
			format = micromatch.JSON
		}
	}
	t, err := h.MicroMatches.LoadTable(c.Request.Context(), id, format, content)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, openingsTableView{Own: true, Source: t.Source, Openings: t.Openings})
	return nil
}

// deleteOpenings takes the event back to the default table.
func (h *handler) deleteOpenings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	if err := h.MicroMatches.ResetTable(c.Request.Context(), id); err != nil {
		return err
	}
	c.JSON(http.StatusOK, tableResetView{Own: false})
	return nil
}

// tableResetView answers a table taken back to the default one.
type tableResetView struct {
	Own bool `json:"own"`
}

// microGameBody is the body of PUT …/games/{board}/micro/{game}.
type microGameBody struct {
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
	Sheet     string `json:"sheet"`
	Version   *int   `json:"version"`
	Reason    string `json:"reason"`
}

// putMicroGame records the result of game 1 or 2 of a micro-match and
// answers the board.
func (h *handler) putMicroGame(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[microGameBody](c, "id", "n", "board", "game")
	if err != nil {
		return err
	}
	if body.Version == nil {
		return tournament.Invalid("version", "is required: send the version of the game you are changing (from GET …/rounds/%d)", ids[1])
	}
	r, err := h.MicroMatches.RecordGame(c.Request.Context(), micromatch.GameInput{EventID: ids[0], Round: int(ids[1]), Board: int(ids[2]), Game: int(ids[3]),
		Score: body.Score, EndReason: body.EndReason, Sheet: body.Sheet, Version: *body.Version, Reason: body.Reason})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.RecordedView{GameView: shapes.NewGameView(catalog.For(core.JSONLang(c)), r.Game), Warnings: shapes.WarningViews(core.JSONLocalizer(c), r.Warnings)})
	return nil
}
