package desk

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
	"scoring_win", "scoring_draw", "scoring_loss", "scoring_bye", "scoring_forfeit_win", "forbid_same_club", "baku", "black_first", "sheets_required", "rated", "online", "next_round_after", "micro_match", "micro_count",
	"match_games", "tie_break_games", "third_place", "seeding"}

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
		Name: opt("name"), Game: opt("game"), Discipline: opt("discipline"), System: opt("system"), TimeControl: kit.Ptr(v["time_control"]),
		StartDate: kit.Ptr(v["start_date"]), EndDate: kit.Ptr(v["end_date"]), Venue: kit.Ptr(v["venue"]), City: kit.Ptr(v["city"]), Region: kit.Ptr(v["region"]),
		ChiefArbiter: kit.Ptr(v["chief_arbiter"]), Visibility: opt("visibility"), TimeZone: opt("time_zone"),
	}
	// An unticked box is not sent: the form always says every option.
	in.ForbidSameClub, in.Baku, in.BlackFirst = kit.Ptr(v["forbid_same_club"] != ""), kit.Ptr(v["baku"] != ""), kit.Ptr(v["black_first"] != "")
	in.SheetsRequired = kit.Ptr(v["sheets_required"] != "")
	in.Rated = kit.Ptr(v["rated"] != "")
	in.Online = kit.Ptr(v["online"] != "")
	in.MicroMatch, in.MicroCount = kit.Ptr(v["micro_match"]), opt("micro_count")
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
		in.Name = kit.Ptr("")
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
	if v["system"] == string(tournament.Knockout) {
		k, err := knockoutInput(v)
		if err != nil {
			return in, err
		}
		in.Knockout = k
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

// knockoutInput reads a knockout's settings from the form: the games of a
// match, the tie-break stages written "2 rapid, 2 blitz, 1 deciding" (each
// with its time control after it, "2 rapid 15+5", when played on the
// site), the match for third place and the seeding.
func knockoutInput(v map[string]string) (*tournament.KnockoutSettings, error) {
	k := &tournament.KnockoutSettings{ThirdPlace: v["third_place"] != "", Seeding: v["seeding"]}
	if v["match_games"] != "" {
		n, err := strconv.Atoi(v["match_games"])
		if err != nil {
			return nil, tournament.Invalid("match_games", "%q is not a whole number", v["match_games"])
		}
		k.MatchGames = n
	}
	for _, stage := range strings.FieldsFunc(v["tie_break_games"], func(r rune) bool { return r == ',' || r == ';' }) {
		var s tournament.KnockoutStage
		words := strings.Fields(stage)
		n, err := strconv.Atoi(strings.Join(words[:min(1, len(words))], ""))
		if len(words) < 2 || len(words) > 3 || err != nil {
			return nil, tournament.Invalid("tie_break_games", "%q is not a stage of tie-break games; write its games and tempo, such as \"2 rapid, 2 blitz, 1 deciding\"", strings.TrimSpace(stage))
		}
		s.Games, s.Tempo = n, words[1]
		if len(words) == 3 {
			s.TimeControl = words[2]
		}
		k.TieBreaks = append(k.TieBreaks, s)
	}
	return k, nil
}

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
