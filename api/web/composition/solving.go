package composition

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/composition"
)

// The solving contest's page: the window, the problems once it opens, a
// participant's answer forms while it runs, then the solutions, the
// verdicts and the ranking. The director sets it up through the JSON API
// on the same page until the window opens (or through PUT
// /api/v1/events/{id}/solving); the page calls the same use cases.

// solvingRow is one problem with its diagram and the reader's answer.
type solvingRow struct {
	composition.SolvingProblem
	Diagram *diagram
	Mine    *composition.SolvingAnswer
	// Composed is the code of the reader's entry with the problem's
	// position: the reader composed it and does not solve it.
	Composed string
}

// solverLine is a participant's line of the ranking with the answer to
// each problem, in the problems' order (nil where there is none).
type solverLine struct {
	composition.SolverResult
	Cells []*composition.SolvingAnswer
}

// rulingRow is an answer on the director's list, with its participant.
type rulingRow struct {
	composition.SolvingAnswer
	Name string
}

type solvingPageData struct {
	kit.EventHeader
	View    *composition.SolvingView
	Missing string
	Signed  bool
	Rows    []solvingRow
	Lines   []solverLine
	// Answers are every answer for the director to rule on, those that
	// wait for a ruling first.
	Answers []rulingRow
	Form    *kit.Form
	// Setup is the director's form, shown until the window opens.
	Setup    *kit.Form
	CanSetup bool
}

func (h *handler) solvingPage(c *gin.Context) error {
	return h.renderSolving(c, kit.NewForm(), http.StatusOK)
}

func (h *handler) renderSolving(c *gin.Context, f *kit.Form, status int) error {
	return h.renderSolvingWith(c, f, nil, status)
}

func (h *handler) renderSolvingWith(c *gin.Context, f, setup *kit.Form, status int) error {
	e, err := h.compositionEvent(c)
	if err != nil {
		return err
	}
	data := &solvingPageData{EventHeader: h.Header(c, e, "solving"), Form: f, Signed: tournament.UserFromContext(c.Request.Context()) != nil}
	v, err := h.Composition.Solving(c.Request.Context(), e.ID)
	if te := (*tournament.Error)(nil); errors.As(err, &te) && te.Code == tournament.ENOTFOUND {
		data.Missing = h.Translator(c).Phrase(te)
	} else if err != nil {
		return err
	} else {
		data.View = v
		for _, p := range v.Problems {
			row := solvingRow{SolvingProblem: p, Diagram: newDiagram(p.Position, p.Side), Composed: v.Composed[p.Number]}
			for i := range v.Mine {
				if v.Mine[i].Problem == p.Number {
					row.Mine = &v.Mine[i]
				}
			}
			data.Rows = append(data.Rows, row)
		}
		for _, r := range v.Ranking {
			line := solverLine{SolverResult: r, Cells: make([]*composition.SolvingAnswer, len(v.Problems))}
			for i, a := range r.Answers {
				if a.Problem >= 1 && a.Problem <= len(line.Cells) {
					line.Cells[a.Problem-1] = &r.Answers[i]
				}
				if v.IsDirector {
					data.Answers = append(data.Answers, rulingRow{SolvingAnswer: a, Name: r.Name})
				}
			}
			data.Lines = append(data.Lines, line)
		}
		slices.SortStableFunc(data.Answers, func(a, b rulingRow) int {
			if a.Pending != b.Pending {
				if a.Pending {
					return -1
				}
				return 1
			}
			return cmp.Compare(a.Problem, b.Problem)
		})
	}
	// Without a contest yet the director sets one up; once there is one,
	// the service's view says whether it may still change.
	data.CanSetup = data.CanManage && (data.View == nil || data.View.CanSetup)
	if data.CanSetup {
		data.Setup = setup
		if setup == nil {
			data.Setup = kit.NewForm()
			if v := data.View; v != nil {
				data.Setup.Values["starts"], data.Setup.Values["ends"] = formMoment(v.Starts, e.Location()), formMoment(v.Ends, e.Location())
				var blocks []string
				for _, p := range v.Problems {
					blocks = append(blocks, strings.Join([]string{p.Position, p.Side, p.Stipulation, p.Solution, fmt.Sprintf("%d %d", p.Points, p.KeyPoints)}, "\n"))
				}
				data.Setup.Values["problems"] = strings.Join(blocks, "\n\n")
			}
		}
	}
	h.RenderWith(c, h.Translator(c).In(e.Location()), status, "solving", e.Name, data)
	return nil
}

func (h *handler) submitSolvingAnswer(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n, err := core.PathInt(c, "n")
	if err != nil {
		return err
	}
	f := kit.FormValues(c, "answer")
	f.Values["problem"] = fmt.Sprint(n)
	_, err = h.Composition.Answer(c.Request.Context(), id, int(n), f.Values["answer"])
	return h.AfterForm(c, fmt.Sprintf("/events/%d/solving#problem-%d", id, n), f, err, func(f *kit.Form, status int) error { return h.renderSolving(c, f, status) })
}

// ruleSolvingAnswer sets an answer's verdict from the director's form.
func (h *handler) ruleSolvingAnswer(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "user")
	if err != nil {
		return err
	}
	f := kit.FormValues(c, "verdict", "reason")
	f.Values["ruling"] = fmt.Sprintf("%d/%d", ids[1], ids[2])
	_, err = h.Composition.RuleAnswer(c.Request.Context(), ids[0], int(ids[1]), ids[2], composition.AnswerVerdict(f.Values["verdict"]), f.Values["reason"])
	return h.AfterForm(c, fmt.Sprintf("/events/%d/solving#answer-%d-%d", ids[0], ids[1], ids[2]), f, err, func(f *kit.Form, status int) error { return h.renderSolving(c, f, status) })
}

// A datetime-local field writes a moment (UTC here) to the minute, or to
// the second when it has seconds; the window is kept to the second.
const (
	minuteLayout = "2006-01-02T15:04"
	secondLayout = "2006-01-02T15:04:05"
)

// formMoment is a moment as the datetime-local field shows it, in the
// event's time zone.
func formMoment(t time.Time, zone *time.Location) string {
	if t.Second() == 0 {
		return t.In(zone).Format(minuteLayout)
	}
	return t.In(zone).Format(secondLayout)
}

// parseFormMoment reads a datetime-local field's moment in the event's
// time zone, to the minute or to the second.
func parseFormMoment(s string, zone *time.Location) (time.Time, error) {
	at, err := time.ParseInLocation(minuteLayout, s, zone)
	if err != nil {
		at, err = time.ParseInLocation(secondLayout, s, zone)
	}
	return at, err
}

// saveSolving sets up the solving contest from the director's form: the
// window in the event's time zone and the problems, one block each separated by an empty
// line: four lines (position, side to move, stipulation, solution) and a
// fifth with the points for the solution and for the key alone, which the
// service sets to 5 and 1 when it is left out. Problems are numbered in
// their order, whatever the empty lines between them.
func (h *handler) saveSolving(c *gin.Context) error {
	e, err := h.compositionEvent(c)
	if err != nil {
		return err
	}
	id, zone := e.ID, e.Location()
	f := kit.FormValues(c, "starts", "ends", "problems", "reason")
	err = func() error {
		var in composition.SolvingInput
		// What cannot be read is said all at once, before the solver is
		// asked about the rest.
		var unreadable []*tournament.Error
		for _, k := range []string{"starts", "ends"} {
			at, err := parseFormMoment(strings.TrimSpace(f.Values[k]), zone)
			if err != nil {
				unreadable = append(unreadable, tournament.Invalid(k, "%q is not a time: write it as 2026-12-31T23:59 or 2026-12-31T23:59:30 (%s)", f.Values[k], zone.String()))
			}
			if k == "starts" {
				in.Starts = at
			} else {
				in.Ends = at
			}
		}
		text := strings.ReplaceAll(f.Values["problems"], "\r", "")
		number := 0
		for _, block := range strings.Split(text, "\n\n") {
			var lines []string
			for _, l := range strings.Split(block, "\n") {
				if l = strings.TrimSpace(l); l != "" {
					lines = append(lines, l)
				}
			}
			if len(lines) == 0 {
				continue
			}
			number++
			field := fmt.Sprintf("problems[%d]", number-1)
			if len(lines) != 4 && len(lines) != 5 {
				unreadable = append(unreadable, tournament.Invalid(field, "problem %d: write four lines (position, side to move, stipulation, solution) and, if you like, a fifth with the points for the solution and for the key alone; got %d", number, len(lines)))
				continue
			}
			p := composition.SolvingProblemInput{Entry: composition.Entry{Position: lines[0], Side: lines[1], Stipulation: lines[2], Solution: lines[3]}}
			if len(lines) == 5 {
				points, key, ok := readPoints(lines[4])
				if !ok {
					unreadable = append(unreadable, tournament.Invalid(field+".points", "problem %d: the fifth line is the points for the solution and for the key alone, two whole numbers such as 5 1; got %q", number, lines[4]))
					continue
				}
				p.Points, p.KeyPoints = &points, &key
			}
			in.Problems = append(in.Problems, p)
		}
		if len(unreadable) > 0 {
			return withTheRest(unreadable, nil)
		}
		_, err := h.Composition.SetupSolving(c.Request.Context(), id, in, f.Values["reason"])
		return err
	}()
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/solving", id))
		return nil
	}
	if ferr := f.Fail(err, h.Translator(c)); ferr != nil {
		return ferr
	}
	return h.renderSolvingWith(c, kit.NewForm(), f, kit.FormStatus(err))
}

// readPoints reads a problem's points line: the points for the solution
// and for the key alone, two whole numbers.
func readPoints(line string) (points, key int, ok bool) {
	words := strings.Fields(line)
	if len(words) != 2 {
		return 0, 0, false
	}
	points, err := strconv.Atoi(words[0])
	if err != nil {
		return 0, 0, false
	}
	key, err = strconv.Atoi(words[1])
	return points, key, err == nil
}
