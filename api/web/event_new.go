package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
	"adiukh/tournament"
)

// The new-event page and the event settings form it shares with the
// arbiter's desk.

// eventFields are the settings of the event form, in the API's names.
var eventFields = []string{"name", "game", "discipline", "system", "rounds", "time_control", "start_date", "end_date", "venue", "city", "region", "chief_arbiter", "visibility", "time_zone", "tiebreaks",
	"scoring_win", "scoring_draw", "scoring_loss", "scoring_bye", "scoring_forfeit_win", "forbid_same_club", "baku", "black_first", "sheets_required", "rated", "online", "next_round_after", "micro_match", "micro_count"}

// eventInput reads the event form. Empty optional fields are left out, so
// that on creation the service fills in its defaults (scoring, tie-break
// preset).
func eventInput(c *gin.Context, f *kit.Form) (tournament.EventInput, error) {
	for _, k := range eventFields {
		f.Values[k] = strings.TrimSpace(c.PostForm(k))
	}
	// The tie-breaks are chosen in lists, one per place in the order.
	if picks, ok := c.GetPostFormArray("tiebreak"); ok {
		var ids []string
		for _, id := range picks {
			if id = strings.TrimSpace(id); id != "" {
				ids = append(ids, id)
			}
		}
		f.Values["tiebreaks"] = strings.Join(ids, ",")
	}
	v := f.Values
	opt := func(k string) *string {
		if v[k] == "" {
			return nil
		}
		s := v[k]
		return &s
	}
	in := tournament.EventInput{
		Name: opt("name"), Game: opt("game"), Discipline: opt("discipline"), System: opt("system"), TimeControl: ptr(v["time_control"]),
		StartDate: ptr(v["start_date"]), EndDate: ptr(v["end_date"]), Venue: ptr(v["venue"]), City: ptr(v["city"]), Region: ptr(v["region"]),
		ChiefArbiter: ptr(v["chief_arbiter"]), Visibility: opt("visibility"), TimeZone: opt("time_zone"),
	}
	// An unticked box is not sent: the form always says every option.
	in.ForbidSameClub, in.Baku, in.BlackFirst = ptr(v["forbid_same_club"] != ""), ptr(v["baku"] != ""), ptr(v["black_first"] != "")
	in.SheetsRequired = ptr(v["sheets_required"] != "")
	in.Rated = ptr(v["rated"] != "")
	in.Online = ptr(v["online"] != "")
	in.MicroMatch, in.MicroCount = ptr(v["micro_match"]), opt("micro_count")
	pause := 0
	if v["next_round_after"] != "" {
		n, err := strconv.Atoi(v["next_round_after"])
		if err != nil {
			return in, tournament.Invalid("next_round_after", "%q is not a whole number", v["next_round_after"])
		}
		pause = n
	}
	in.NextRoundAfter = &pause
	if in.Name == nil {
		// An emptied name is an error to show, not a setting to keep.
		in.Name = ptr("")
	}
	if v["rounds"] != "" {
		n, err := strconv.Atoi(v["rounds"])
		if err != nil {
			return in, tournament.Invalid("rounds", "%q is not a whole number", v["rounds"])
		}
		in.Rounds = &n
	}
	if v["tiebreaks"] != "" {
		var ids []string
		for _, id := range strings.Split(v["tiebreaks"], ",") {
			if id = strings.TrimSpace(id); id != "" {
				ids = append(ids, id)
			}
		}
		in.TieBreaks = &ids
	}
	if v["scoring_win"] != "" {
		var s tournament.Scoring
		if err := kit.ReadNumbers(v, "scoring", kit.NumberInput{Field: "scoring_win", Label: "scoring.win", To: &s.Win}, kit.NumberInput{Field: "scoring_draw", Label: "scoring.draw", To: &s.Draw},
			kit.NumberInput{Field: "scoring_loss", Label: "scoring.loss", To: &s.Loss}, kit.NumberInput{Field: "scoring_bye", Label: "scoring.bye", To: &s.Bye},
			kit.NumberInput{Field: "scoring_forfeit_win", Label: "scoring.forfeit_win", To: &s.ForfeitWin}); err != nil {
			return in, err
		}
		in.Scoring = &s
	}
	return in, nil
}

func ptr[T any](v T) *T { return &v }

// timeControlCheck answers the event form while it is filled in: the §9
// warnings (or the error) for the discipline and time control typed so far,
// in the reader's language. The rule stays in the domain; app.js only shows
// what it says.
func (h *handler) timeControlCheck(c *gin.Context) error {
	if err := tournament.MayCreateEvent(c.Request.Context()); err != nil {
		return err
	}
	tr := h.Translator(c)
	warnings, err := tournament.TimeControlWarnings(c.Query("game"), c.Query("discipline"), c.Query("time_control"))
	out := struct {
		Warnings []string `json:"warnings"`
		Error    string   `json:"error,omitempty"`
	}{Warnings: []string{}}
	var e *tournament.Error
	switch {
	case errors.As(err, &e):
		out.Error = tr.Phrase(e)
	case err != nil:
		return err
	}
	for _, w := range warnings {
		out.Warnings = append(out.Warnings, tr.Warning(w))
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func (h *handler) newEventPage(c *gin.Context) error {
	if err := tournament.MayCreateEvent(c.Request.Context()); err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["discipline"], f.Values["system"], f.Values["visibility"] = string(tournament.DefaultDiscipline), string(tournament.RoundRobin), string(tournament.Public)
	f.Values["time_zone"] = h.Events.TimeZone()
	data := h.EventFormData(f)
	data.Import = kit.NewForm()
	h.Render(c, http.StatusOK, "event_new", "event_new.title", data)
	return nil
}

func (h *handler) createEvent(c *gin.Context) error {
	f := kit.NewForm()
	in, err := eventInput(c, f)
	if err == nil {
		var e *tournament.Event
		if e, err = h.Events.CreateEvent(c.Request.Context(), in); err == nil {
			c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/manage", e.ID))
			return nil
		}
	}
	if err := f.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	data := h.EventFormData(f)
	data.Import = kit.NewForm()
	h.Render(c, kit.FormStatus(err), "event_new", "event_new.title", data)
	return nil
}
