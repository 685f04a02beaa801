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
	"adiukh/tournament/brackets"
	"adiukh/tournament/knockout"
	"adiukh/tournament/teams"
)

// The bracket of a knockout event, and its arbiters' entry of a match's
// games and of a lot that decided a level match.

// knockoutPageData is the bracket page of a knockout of players or of
// teams: every round's matches or ties, and for its arbiters the form of
// each match's next game or lot, or of a level tie's lot.
type knockoutPageData struct {
	kit.EventHeader
	Bracket *brackets.Bracket
	// Format is how a match or a tie is played, in words.
	Format string
	// Winner, RunnerUp and Third are the places once decided.
	Winner, RunnerUp, Third *placeView
	Rounds                  []knockoutRoundView
	Reasons                 []tournament.EndReason
	Form                    *kit.Form
	// FormMatch is the match ("round-board") or the tie ("round-tie") the
	// form's error is of.
	FormMatch string
	Saved     string
}

// placeView is a side that took a place: a player, linked to their card,
// or a team (PlayerID 0).
type placeView struct {
	PlayerID int64
	StartNo  int
	Name     string
}

// knockoutRoundView is a round of the bracket, its title in the reader's
// language and its rows: matches of players or ties of teams.
type knockoutRoundView struct {
	Number  int
	Title   string
	Paired  bool
	Matches []knockout.MatchView
	Ties    []teams.KnockoutTie
}

func (h *handler) knockoutData(c *gin.Context, id int64) (*knockoutPageData, error) {
	b, err := h.Brackets.Bracket(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	tr := h.Translator(c)
	e := b.Event()
	d := &knockoutPageData{EventHeader: h.Header(c, e, "knockout"), Bracket: b, Form: kit.NewForm(), Reasons: tournament.ArbiterReasons(e.Discipline)}
	title := func(stage string, of int) string {
		switch stage {
		case "final", "semi_finals", "quarter_finals":
			return tr.T("knockout." + stage)
		}
		return tr.Sprintf("knockout.round_of", of/2)
	}
	k := e.Knockout
	tieBreaks := "knockout.tie_breaks"
	if t := b.Ties; t != nil {
		d.Format, tieBreaks = tr.Sprintf("knockout.team_legs", k.MatchGames, b.Boards()), "knockout.team_tie_breaks"
		d.Winner, d.RunnerUp, d.Third = teamPlace(t.Winner), teamPlace(t.RunnerUp), teamPlace(t.Third)
		for _, r := range t.Rounds {
			d.Rounds = append(d.Rounds, knockoutRoundView{Number: r.Number, Title: title(r.Stage, r.Of), Paired: len(r.Ties) > 0, Ties: r.Ties})
		}
	} else {
		m := b.Matches
		d.Format = tr.Sprintf("knockout.match_games", k.MatchGames)
		d.Winner, d.RunnerUp, d.Third = playerPlace(m.Winner), playerPlace(m.RunnerUp), playerPlace(m.Third)
		for _, r := range m.Rounds {
			d.Rounds = append(d.Rounds, knockoutRoundView{Number: r.Number, Title: title(r.Stage, r.Of), Paired: r.Paired, Matches: r.Matches})
		}
	}
	if len(k.TieBreaks) > 0 {
		stages := make([]string, len(k.TieBreaks))
		for i, st := range k.TieBreaks {
			stages[i] = tr.Sprintf("knockout.stage", st.Games, tr.T("knockout.tempo."+st.Tempo))
		}
		d.Format += "; " + tr.Sprintf(tieBreaks, strings.Join(stages, ", "))
	}
	return d, nil
}

func playerPlace(p *knockout.PlayerRef) *placeView {
	if p == nil {
		return nil
	}
	return &placeView{PlayerID: p.ID, StartNo: p.StartNo, Name: p.Name}
}

func teamPlace(t *teams.Team) *placeView {
	if t == nil {
		return nil
	}
	return &placeView{StartNo: t.StartNo, Name: t.Name}
}

func (h *handler) knockoutPage(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
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
