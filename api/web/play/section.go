package play

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
)

// sectionPageData lists a section's games; for the arbiter with leave,
// settings and the games waiting for a decision.
type sectionPageData struct {
	kit.EventHeader
	Games    []corrRow
	Pending  []corrRow
	Leaves   []leaveRow
	Settings *correspondence.Settings
	Players  []tournament.Player
	Form     *kit.Form
}

type leaveRow struct {
	correspondence.Leave
	Player string
}

func (h *handler) sectionData(c *gin.Context, tab string) (*sectionPageData, *kit.Translator, error) {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return nil, nil, err
	}
	ctx := c.Request.Context()
	d, err := h.Events.EventData(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if d.Event.Discipline != tournament.Correspondence && (!d.Event.Online || tab != "games") {
		return nil, nil, tournament.NotFound("%s is not a correspondence event", d.Event.Name)
	}
	games, err := h.Correspondence.Games(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	tr := h.Translator(c).In(d.Event.Location())
	names := playerNames(d.Players)
	data := &sectionPageData{EventHeader: h.Header(c, d.Event, tab), Players: d.Players, Form: kit.NewForm()}
	for _, g := range games {
		row := newCorrRow(tr, g, names)
		data.Games = append(data.Games, row)
		if g.Status == correspondence.Adjudication {
			data.Pending = append(data.Pending, row)
		}
	}
	leaves, err := h.Correspondence.Leaves(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	for _, l := range leaves {
		data.Leaves = append(data.Leaves, leaveRow{Leave: l, Player: names[l.PlayerID]})
	}
	if data.Settings, err = h.Correspondence.Settings(ctx, id); err != nil {
		return nil, nil, err
	}
	return data, tr, nil
}

func (h *handler) sectionGamesPage(c *gin.Context) error {
	data, tr, err := h.sectionData(c, "games")
	if err != nil {
		return err
	}
	h.RenderWith(c, tr, http.StatusOK, "corr_games", data.Event.Name, data)
	return nil
}

func (h *handler) arbiterGamesPage(c *gin.Context) error {
	return h.renderArbiter(c, kit.NewForm(), http.StatusOK)
}

func (h *handler) renderArbiter(c *gin.Context, f *kit.Form, status int) error {
	data, tr, err := h.sectionData(c, "correspondence")
	if err != nil {
		return err
	}
	if !data.CanManage {
		return tournament.Forbidden("only an administrator or the event's own arbiter may run %s", data.Event.Name)
	}
	data.Form = f
	h.RenderWith(c, tr, status, "corr_arbiter", data.Event.Name, data)
	return nil
}

// afterArbiterForm shows the arbiter's view again.
func (h *handler) afterArbiterForm(c *gin.Context, id int64, f *kit.Form, err error) error {
	return h.AfterForm(c, fmt.Sprintf("/events/%d/correspondence", id), f, err, func(f *kit.Form, status int) error { return h.renderArbiter(c, f, status) })
}

func (h *handler) startSection(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	_, err = h.Correspondence.Start(c.Request.Context(), id)
	return h.afterArbiterForm(c, id, kit.NewForm(), err)
}

func (h *handler) saveCorrSettings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	in := correspondence.SettingsInput{}
	for _, field := range []struct {
		name string
		out  **int
	}{{"leave_days", &in.LeaveDays}, {"max_move_days", &in.MaxMoveDays}} {
		f.Values[field.name] = c.PostForm(field.name)
		n, err := strconv.Atoi(strings.TrimSpace(c.PostForm(field.name)))
		if err != nil {
			return h.afterArbiterForm(c, id, f, tournament.Invalid(field.name, "write a whole number of days"))
		}
		*field.out = &n
	}
	kit.ReadStart(c, f, &in)
	f.Values["reason"] = c.PostForm("reason")
	_, err = h.Correspondence.Configure(c.Request.Context(), id, in, c.PostForm("reason"))
	return h.afterArbiterForm(c, id, f, err)
}

// submitLeave books leave from the player's "My games" page or the
// arbiter's view, and goes back to where it came from.
func (h *handler) submitLeave(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["from"], f.Values["to"], f.Values["player"] = c.PostForm("from"), c.PostForm("to"), c.PostForm("player")
	// The arbiter's form names the player in a field, the player's own
	// form in the address.
	pid, err := strconv.ParseInt(c.Param("pid"), 10, 64)
	if c.Param("pid") == "" {
		pid, err = strconv.ParseInt(c.PostForm("player"), 10, 64)
	}
	if err != nil {
		return tournament.Invalid("player", "choose the player who takes leave")
	}
	ids := []int64{id, pid}
	_, err = h.Correspondence.RequestLeave(c.Request.Context(), correspondence.LeaveInput{EventID: ids[0], PlayerID: ids[1], From: c.PostForm("from"), To: c.PostForm("to"), Reason: c.PostForm("reason")})
	if c.PostForm("back") == "my" {
		return h.AfterForm(c, "/my/games", f, err, func(f *kit.Form, status int) error { return h.renderMyGames(c, f, status) })
	}
	return h.afterArbiterForm(c, ids[0], f, err)
}
