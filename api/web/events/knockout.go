package events

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/knockout"
)

// The bracket of a knockout event, and its arbiters' entry of a match's
// games and of a lot that decided a level match.

// knockoutPageData is the bracket page: every round's matches, and for
// its arbiters the form of each match's next game or lot.
type knockoutPageData struct {
	kit.EventHeader
	Bracket *knockout.BracketView
	// Titles name the rounds in the reader's language, by number.
	Titles map[int]string
	// Format is how a match is played, in words.
	Format  string
	Reasons []tournament.EndReason
	Form    *kit.Form
	// FormMatch is the match ("round-board") the form's error is of.
	FormMatch string
	Saved     string
}

func (h *handler) knockoutData(c *gin.Context, id int64) (*knockoutPageData, error) {
	b, err := h.Knockout.Bracket(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	tr := h.Translator(c)
	d := &knockoutPageData{EventHeader: h.Header(c, b.Event, "knockout"), Bracket: b, Titles: map[int]string{}, Form: kit.NewForm(),
		Reasons: tournament.ArbiterReasons(b.Event.Discipline)}
	d.Format = tr.Sprintf("knockout.match_games", b.Settings.MatchGames)
	if len(b.Settings.TieBreaks) > 0 {
		stages := make([]string, len(b.Settings.TieBreaks))
		for i, st := range b.Settings.TieBreaks {
			stages[i] = tr.Sprintf("knockout.stage", st.Games, tr.T("knockout.tempo."+st.Tempo))
		}
		d.Format += "; " + tr.Sprintf("knockout.tie_breaks", strings.Join(stages, ", "))
	}
	for _, r := range b.Rounds {
		switch r.Stage {
		case "final":
			d.Titles[r.Number] = tr.T("knockout.final")
		case "semi_finals":
			d.Titles[r.Number] = tr.T("knockout.semi_finals")
		case "quarter_finals":
			d.Titles[r.Number] = tr.T("knockout.quarter_finals")
		default:
			d.Titles[r.Number] = tr.Sprintf("knockout.round_of", r.Of/2)
		}
	}
	return d, nil
}

func (h *handler) knockoutPage(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	e, err := h.Events.Event(c.Request.Context(), id)
	if err != nil {
		return err
	}
	if e.Discipline.IsTeam() {
		d, err := h.teamKnockoutData(c, id)
		if err != nil {
			return err
		}
		h.RenderWith(c, h.Translator(c), http.StatusOK, "knockout_teams", d.Event.Name, d)
		return nil
	}
	d, err := h.knockoutData(c, id)
	if err != nil {
		return err
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "knockout", d.Event.Name, d)
	return nil
}

// formInts reads the whole numbers of the form's hidden fields; one that
// is not a number reads 0, which the service refuses after it has checked
// who may change the event.
func formInts(c *gin.Context, names ...string) []int {
	out := make([]int, len(names))
	for i, name := range names {
		out[i], _ = strconv.Atoi(strings.TrimSpace(c.PostForm(name)))
	}
	return out
}

// enterKnockoutGame records the next game of a match (or corrects one,
// with a reason); a refusal comes back on the bracket beside the match.
func (h *handler) enterKnockoutGame(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n := formInts(c, "round", "board", "number")
	_, err = h.Knockout.RecordGame(c.Request.Context(), knockout.GameInput{EventID: id, Round: n[0], Board: n[1], Number: n[2],
		Score: strings.TrimSpace(c.PostForm("score")), EndReason: c.PostForm("end_reason"), Reason: strings.TrimSpace(c.PostForm("reason"))})
	return h.afterKnockoutForm(c, id, fmt.Sprintf("%d-%d", n[0], n[1]), err)
}

// decideKnockoutLot records the lot that decided a level match.
func (h *handler) decideKnockoutLot(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n := formInts(c, "round", "board", "winner_id")
	_, err = h.Knockout.DecideByLot(c.Request.Context(), knockout.LotInput{EventID: id, Round: n[0], Board: n[1], WinnerID: int64(n[2]),
		Reason: strings.TrimSpace(c.PostForm("reason"))})
	return h.afterKnockoutForm(c, id, fmt.Sprintf("%d-%d", n[0], n[1]), err)
}

func (h *handler) afterKnockoutForm(c *gin.Context, id int64, match string, err error) error {
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/knockout#match-%s", id, match))
		return nil
	}
	// What no form can show (not allowed, not found) is answered first.
	form := kit.NewForm()
	if err := form.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	d, loadErr := h.knockoutData(c, id)
	if loadErr != nil {
		return loadErr
	}
	d.FormMatch, d.Form = match, form
	for _, name := range []string{"score", "end_reason", "reason", "winner_id", "sheet"} {
		d.Form.Values[name] = c.PostForm(name)
	}
	h.RenderWith(c, h.Translator(c), kit.FormStatus(err), "knockout", d.Event.Name, d)
	return nil
}
