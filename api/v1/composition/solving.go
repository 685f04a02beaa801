package composition

import (
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	contests "adiukh/tournament/composition"
)

// solvingRoutes registers the JSON API of solving contests: the
// director's set-up, the problems and ranking, and the participants'
// answers.
func (h *handler) solvingRoutes(read, write gin.IRoutes) {
	read.GET("/events/:id/solving", h.JSON(h.getSolving))
	write.PUT("/events/:id/solving", h.JSON(h.putSolving))
	write.POST("/events/:id/solving/problems/:n/answer", h.JSON(h.postSolvingAnswer))
	write.POST("/events/:id/solving/problems/:n/answers/:user/ruling", h.JSON(h.postSolvingRuling))
}

type solvingProblemView struct {
	Number      int    `json:"number"`
	Position    string `json:"position"`
	Side        string `json:"side"`
	Stipulation string `json:"stipulation"`
	Solution    string `json:"solution,omitempty"`
	Points      int    `json:"points"`
	KeyPoints   int    `json:"key_points"`
	// Composed is the code of the reader's own entry with the problem's
	// position: its author does not solve it.
	Composed string `json:"composed,omitempty"`
}

type solvingAnswerView struct {
	Problem int    `json:"problem"`
	Answer  string `json:"answer"`
	SentAt  string `json:"sent_at"`
	// The verdict, once the contest is over (to the director always).
	KeyRight *bool  `json:"key_right,omitempty"`
	Right    *bool  `json:"right,omitempty"`
	Fault    string `json:"fault,omitempty"`
	Points   *int   `json:"points,omitempty"`
	// Pending: the solver could not check the answer; the director rules.
	Pending bool `json:"pending,omitempty"`
	// Ruling is the director's reason when the director set the verdict.
	Ruling string `json:"ruling,omitempty"`
}

type solverResultView struct {
	Place   int                 `json:"place"`
	UserID  int64               `json:"user_id"`
	Name    string              `json:"name"`
	Points  int                 `json:"points"`
	Last    string              `json:"last_answer_at"`
	Answers []solvingAnswerView `json:"answers"`
}

type solvingView struct {
	EventID  int64                `json:"event_id"`
	Starts   string               `json:"starts"`
	Ends     string               `json:"ends"`
	Open     bool                 `json:"open"`
	Over     bool                 `json:"over"`
	Problems []solvingProblemView `json:"problems"`
	Mine     []solvingAnswerView  `json:"my_answers"`
	Ranking  []solverResultView   `json:"ranking"`
	// Pending counts the answers waiting for the director's ruling: the
	// ranking is provisional while there are any.
	Pending int `json:"pending"`
}

// newSolvingAnswerView is an answer as the API shows it, where it goes
// wrong said in the client's language (English unless asked).
func newSolvingAnswerView(a contests.SolvingAnswer, verdict bool, loc *catalog.Localizer) solvingAnswerView {
	v := solvingAnswerView{Problem: a.Problem, Answer: a.Text, SentAt: rfc3339(a.SentAt)}
	if verdict {
		v.KeyRight, v.Right, v.Fault, v.Points = &a.KeyRight, &a.Right, loc.Message(a.Fault.Message), &a.Points
		v.Pending, v.Ruling = a.Pending, a.Ruling
	}
	return v
}

func newSolvingView(s *contests.SolvingView, loc *catalog.Localizer) solvingView {
	v := solvingView{EventID: s.EventID, Starts: rfc3339(s.Starts), Ends: rfc3339(s.Ends), Open: s.Open, Over: s.Over,
		Problems: []solvingProblemView{}, Mine: []solvingAnswerView{}, Ranking: []solverResultView{}, Pending: s.Pending}
	for _, p := range s.Problems {
		v.Problems = append(v.Problems, solvingProblemView{Number: p.Number, Position: p.Position, Side: p.Side,
			Stipulation: p.Stipulation, Solution: p.Solution, Points: p.Points, KeyPoints: p.KeyPoints, Composed: s.Composed[p.Number]})
	}
	for _, a := range s.Mine {
		v.Mine = append(v.Mine, newSolvingAnswerView(a, s.Over, loc))
	}
	for _, r := range s.Ranking {
		rv := solverResultView{Place: r.Place, UserID: r.UserID, Name: r.Name, Points: r.Points, Last: rfc3339(r.Last), Answers: []solvingAnswerView{}}
		for _, a := range r.Answers {
			rv.Answers = append(rv.Answers, newSolvingAnswerView(a, true, loc))
		}
		v.Ranking = append(v.Ranking, rv)
	}
	return v
}

func (h *handler) getSolving(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	s, err := h.Composition.Solving(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newSolvingView(s, core.JSONLocalizer(c)))
	return nil
}

type solvingBody struct {
	Starts   string `json:"starts"`
	Ends     string `json:"ends"`
	Problems []struct {
		Position    string `json:"position"`
		Side        string `json:"side"`
		Stipulation string `json:"stipulation"`
		Solution    string `json:"solution"`
		Points      *int   `json:"points"`
		KeyPoints   *int   `json:"key_points"`
	} `json:"problems"`
	Reason string `json:"reason"`
}

// parseMoment reads an RFC 3339 time of a field.
func parseMoment(field, s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, tournament.Invalid(field, "%q is not a time: write it as 2026-12-31T23:59:00Z (RFC 3339)", s)
	}
	return t, nil
}

func (h *handler) putSolving(c *gin.Context) error {
	id, body, err := kit.PathBody[solvingBody](c, "id")
	if err != nil {
		return err
	}
	in := contests.SolvingInput{}
	if in.Starts, err = parseMoment("starts", body.Starts); err != nil {
		return err
	}
	if in.Ends, err = parseMoment("ends", body.Ends); err != nil {
		return err
	}
	for _, p := range body.Problems {
		in.Problems = append(in.Problems, contests.SolvingProblemInput{Points: p.Points, KeyPoints: p.KeyPoints,
			Entry: contests.Entry{Position: p.Position, Side: p.Side, Stipulation: p.Stipulation, Solution: p.Solution}})
	}
	if _, err := h.Composition.SetupSolving(c.Request.Context(), id, in, body.Reason); err != nil {
		return err
	}
	s, err := h.Composition.Solving(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newSolvingView(s, core.JSONLocalizer(c)))
	return nil
}

type answerBody struct {
	Answer string `json:"answer"`
}

func (h *handler) postSolvingAnswer(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n, body, err := kit.PathBody[answerBody](c, "n")
	if err != nil {
		return err
	}
	a, err := h.Composition.Answer(c.Request.Context(), id, int(n), body.Answer)
	if err != nil {
		return err
	}
	// The verdict is not shown until the contest is over.
	c.JSON(http.StatusCreated, newSolvingAnswerView(*a, false, core.JSONLocalizer(c)))
	return nil
}

type rulingBody struct {
	Verdict string `json:"verdict"`
	Reason  string `json:"reason"`
}

// postSolvingRuling sets an answer's verdict by the director's decision.
func (h *handler) postSolvingRuling(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[rulingBody](c, "id", "n", "user")
	if err != nil {
		return err
	}
	a, err := h.Composition.RuleAnswer(c.Request.Context(), ids[0], int(ids[1]), ids[2], contests.AnswerVerdict(body.Verdict), body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newSolvingAnswerView(*a, true, core.JSONLocalizer(c)))
	return nil
}
