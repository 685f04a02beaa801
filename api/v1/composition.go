package v1

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/composition"
)

// compositionRoutesV1 registers the JSON API of composition contests: the
// contest's settings and jury, authors' entries, the judges' marks, the
// award and the claims against it.
func (h *handler) compositionRoutesV1(read, write *gin.RouterGroup) {
	read.GET("/events/:id/contest", h.JSON(h.getContest))
	read.GET("/events/:id/contest/award", h.JSON(h.getAward))
	read.GET("/events/:id/contest/award.pdn", h.JSON(h.getAwardPDN))
	read.GET("/events/:id/contest/award.pdf", h.JSON(h.getAwardPDF))

	write.PUT("/events/:id/contest", h.JSON(h.putContest))
	write.PUT("/events/:id/contest/judges", h.JSON(h.putJudges))
	write.POST("/events/:id/contest/entries", h.JSON(h.postEntry))
	write.GET("/events/:id/contest/my-entries", h.JSON(h.getMyEntries))
	write.PUT("/contest-entries/:eid", h.JSON(h.putEntry))
	write.DELETE("/contest-entries/:eid", h.JSON(h.deleteEntry))
	write.GET("/events/:id/contest/judging", h.JSON(h.getJudging))
	write.PUT("/events/:id/contest/marks/:code", h.JSON(h.putMark))
	write.POST("/events/:id/contest/entries/:code/accept-cook", h.JSON(h.postAcceptCook))
	write.POST("/events/:id/contest/award", h.JSON(h.postAward))
	write.PUT("/events/:id/contest/award", h.JSON(h.putAward))
	write.PUT("/events/:id/contest/award/text", h.JSON(h.putAwardText))
	write.POST("/events/:id/contest/award/final", h.JSON(h.postFinalAward))
	write.POST("/events/:id/contest/claims", h.JSON(h.postClaim))
	write.POST("/contest-claims/:cid/decision", h.JSON(h.postClaimDecision))
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

type judgeView struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email,omitempty"`
}

type contestView struct {
	EventID       int64                     `json:"event_id"`
	Sections      []composition.Section     `json:"sections"`
	Deadline      string                    `json:"deadline"`
	Scale         float64                   `json:"scale"`
	Aggregation   string                    `json:"aggregation"`
	ClaimDays     int                       `json:"claim_days"`
	Stage         string                    `json:"stage"`
	Phase         string                    `json:"phase"`
	Open          bool                      `json:"open"`
	ProvisionalAt string                    `json:"provisional_at,omitempty"`
	ClaimsUntil   string                    `json:"claims_until,omitempty"`
	FinalAt       string                    `json:"final_at,omitempty"`
	Award         []composition.Distinction `json:"award"`
	Judges        []judgeView               `json:"judges"`
}

func newContestView(c *composition.Contest) contestView {
	award := c.Award
	if award == nil {
		award = []composition.Distinction{}
	}
	return contestView{EventID: c.EventID, Sections: c.Sections, Deadline: rfc3339(c.Deadline), Scale: c.Scale,
		Aggregation: string(c.Aggregation), ClaimDays: c.ClaimDays, Stage: string(c.Stage), ProvisionalAt: rfc3339(c.ProvisionalAt),
		ClaimsUntil: rfc3339(c.ClaimsUntil), FinalAt: rfc3339(c.FinalAt), Award: award, Judges: []judgeView{}}
}

func (h *handler) getContest(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	return h.answerContest(c, id)
}

// answerContest writes the contest as the reader sees it: open or not, and
// the jury (with e-mail addresses for the director).
func (h *handler) answerContest(c *gin.Context, id int64) error {
	cv, err := h.Composition.Contest(c.Request.Context(), id)
	if err != nil {
		return err
	}
	v := newContestView(cv.Contest)
	v.Open, v.Phase = cv.Open, cv.Phase()
	for _, j := range cv.Judges {
		jv := judgeView{ID: j.ID, Name: j.Name}
		if cv.IsDirector {
			jv.Email = j.Email
		}
		v.Judges = append(v.Judges, jv)
	}
	c.JSON(http.StatusOK, v)
	return nil
}

type contestBody struct {
	Sections    []composition.Section `json:"sections"`
	Deadline    string                `json:"deadline"`
	Scale       float64               `json:"scale"`
	Aggregation string                `json:"aggregation"`
	ClaimDays   int                   `json:"claim_days"`
	Reason      string                `json:"reason"`
}

func (h *handler) putContest(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body contestBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	deadline, err := time.Parse(time.RFC3339, strings.TrimSpace(body.Deadline))
	if err != nil {
		return tournament.Invalid("deadline", "%q is not a time: write it as 2026-12-31T23:59:00Z (RFC 3339)", body.Deadline)
	}
	_, err = h.Composition.Setup(c.Request.Context(), id, composition.ContestInput{Sections: body.Sections, Deadline: deadline,
		Scale: body.Scale, Aggregation: composition.Aggregation(body.Aggregation), ClaimDays: body.ClaimDays}, body.Reason)
	if err != nil {
		return err
	}
	return h.answerContest(c, id)
}

type judgesBody struct {
	Judges []string `json:"judges"`
	Reason string   `json:"reason"`
	// Confirm removes judges who have marked, setting their marks aside.
	Confirm bool `json:"confirm"`
}

func (h *handler) putJudges(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body judgesBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	judges, err := h.Composition.SetJudges(c.Request.Context(), id, body.Judges, body.Reason, body.Confirm)
	if err != nil {
		return err
	}
	out := []judgeView{}
	for _, j := range judges {
		out = append(out, judgeView{ID: j.ID, Name: j.Name, Email: j.Email})
	}
	c.JSON(http.StatusOK, out)
	return nil
}

type entryBody struct {
	Section     string `json:"section"`
	Position    string `json:"position"`
	Side        string `json:"side"`
	Stipulation string `json:"stipulation"`
	Solution    string `json:"solution"`
	Comment     string `json:"comment"`
}

func (b entryBody) input() composition.EntryInput {
	return composition.EntryInput{Section: b.Section, Comment: b.Comment,
		Entry: composition.Entry{Position: b.Position, Side: b.Side, Stipulation: b.Stipulation, Solution: b.Solution}}
}

// findingsView is the solver's report on a work, what is wrong said in
// the client's language (English unless asked): the shape of the findings
// of adiukh solve --json.
type findingsView struct {
	Verdict    composition.Verdict `json:"verdict"`
	Keys       []string            `json:"keys,omitempty"`
	Line       []string            `json:"line,omitempty"`
	Duals      []composition.Dual  `json:"duals,omitempty"`
	Refutation *refutationView     `json:"refutation,omitempty"`
	Faults     []faultView         `json:"faults,omitempty"`
	Nodes      int64               `json:"nodes,omitempty"`
	Budget     int64               `json:"budget,omitempty"`
	// What a not_proved verdict leaves: the time budget that ran out
	// (seconds), the bounds of the position's value proved by then and
	// what they say (proved), in the client's language; and, whatever the
	// verdict, the ply from which the budget left the author's solution
	// unchecked.
	Seconds      int    `json:"seconds,omitempty"`
	WhiteAtLeast *int   `json:"white_min_at_least,omitempty"`
	WhiteAtMost  *int   `json:"white_max_at_most,omitempty"`
	Proved       string `json:"proved,omitempty"`
	Unchecked    int    `json:"unchecked,omitempty"`
}

type refutationView struct {
	Reason string   `json:"reason"`
	Line   []string `json:"line"`
}

type faultView struct {
	Ply     int    `json:"ply"`
	Move    string `json:"move"`
	Message string `json:"message"`
}

func newFindingsView(f composition.Findings, loc *catalog.Localizer) findingsView {
	v := findingsView{Verdict: f.Verdict, Keys: f.Keys, Line: f.Line, Duals: f.Duals, Nodes: f.Nodes, Budget: f.Budget, Seconds: f.Seconds,
		Unchecked: f.Unchecked}
	if f.Verdict == composition.NotProved {
		v.WhiteAtLeast, v.WhiteAtMost, v.Proved = f.WhiteAtLeast, f.WhiteAtMost, loc.Message(f.Proved())
	}
	if r := f.Refutation; r != nil {
		v.Refutation = &refutationView{Reason: loc.Message(r.Reason.Message), Line: append([]string{}, r.Line...)}
	}
	for _, fault := range f.Faults {
		v.Faults = append(v.Faults, faultView{Ply: fault.Ply, Move: fault.Move, Message: loc.Message(fault.Message())})
	}
	return v
}

// workView is a composition as authors, judges and readers see it.
type workView struct {
	Section     string       `json:"section"`
	Position    string       `json:"position"`
	Side        string       `json:"side"`
	Stipulation string       `json:"stipulation"`
	Solution    string       `json:"solution"`
	Comment     string       `json:"comment,omitempty"`
	Findings    findingsView `json:"findings"`
}

func newWorkView(section string, e composition.Entry, comment string, f composition.Findings, loc *catalog.Localizer) workView {
	return workView{Section: section, Position: e.Position, Side: e.Side, Stipulation: e.Stipulation, Solution: e.Solution,
		Comment: comment, Findings: newFindingsView(f, loc)}
}

// entryView is an entry as its author sees it.
type entryView struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
	workView
	SubmittedAt string `json:"submitted_at"`
	UpdatedAt   string `json:"updated_at"`
	Withdrawn   bool   `json:"withdrawn,omitempty"`
	Eliminated  string `json:"eliminated,omitempty"`
}

func newEntryView(w *composition.Work, loc *catalog.Localizer) entryView {
	v := entryView{ID: w.ID, Code: w.Code, workView: newWorkView(w.Section, w.Entry, w.Comment, w.Findings, loc),
		SubmittedAt: rfc3339(w.SubmittedAt), UpdatedAt: rfc3339(w.UpdatedAt), Withdrawn: w.Withdrawn}
	if w.Eliminated != "" {
		v.Eliminated = loc.Message(w.Elimination())
	}
	return v
}

func (h *handler) postEntry(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body entryBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	w, err := h.Composition.Submit(c.Request.Context(), id, body.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newEntryView(w, core.JSONLocalizer(c)))
	return nil
}

func (h *handler) putEntry(c *gin.Context) error {
	eid, err := core.PathInt(c, "eid")
	if err != nil {
		return err
	}
	var body entryBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	w, err := h.Composition.Edit(c.Request.Context(), eid, body.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEntryView(w, core.JSONLocalizer(c)))
	return nil
}

func (h *handler) deleteEntry(c *gin.Context) error {
	eid, err := core.PathInt(c, "eid")
	if err != nil {
		return err
	}
	w, err := h.Composition.Withdraw(c.Request.Context(), eid)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEntryView(w, core.JSONLocalizer(c)))
	return nil
}

func (h *handler) getMyEntries(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	works, err := h.Composition.MyWorks(c.Request.Context(), id)
	if err != nil {
		return err
	}
	out, loc := []myEntryView{}, core.JSONLocalizer(c)
	for i := range works {
		m := &works[i]
		v := myEntryView{entryView: newEntryView(&m.Work, loc), ExAequo: m.ExAequo}
		if m.Honour != nil {
			v.Honour, v.Place = string(m.Honour.Honour), m.Honour.Place
		}
		for _, cl := range m.Claims {
			v.Claims = append(v.Claims, newClaimView(cl))
		}
		out = append(out, v)
	}
	c.JSON(http.StatusOK, out)
	return nil
}

// myEntryView is an entry as its author lists it: once the award is
// published, its honour and place and the claims about it.
type myEntryView struct {
	entryView
	Honour  string      `json:"honour,omitempty"`
	Place   int         `json:"place,omitempty"`
	ExAequo bool        `json:"ex_aequo,omitempty"`
	Claims  []claimView `json:"claims,omitempty"`
}

type markView struct {
	Judge   int64   `json:"judge"`
	Mark    float64 `json:"mark"`
	Comment string  `json:"comment,omitempty"`
	At      string  `json:"at"`
}

// anonymousView is an entry as the jury sees it: by code, never by author.
type anonymousView struct {
	Code string `json:"code"`
	workView
	Marks    []markView `json:"marks"`
	Score    *float64   `json:"score,omitempty"`
	Rank     int        `json:"rank,omitempty"`
	Unranked string     `json:"unranked,omitempty"`
	// Anticipations are the works with the same position, for the
	// director: other entries, works of earlier awards.
	Anticipations []string `json:"anticipations,omitempty"`
}

func (h *handler) getJudging(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	list, err := h.Composition.ForJudging(c.Request.Context(), id)
	if err != nil {
		return err
	}
	out, loc := []anonymousView{}, core.JSONLocalizer(c)
	for _, a := range list {
		v := anonymousView{Code: a.Code, workView: newWorkView(a.Section, a.Entry, a.Comment, a.Findings, loc),
			Marks: []markView{}, Score: a.Score, Rank: a.Rank, Unranked: loc.Message(a.Failed)}
		for _, m := range a.Marks {
			v.Marks = append(v.Marks, markView{Judge: m.JudgeID, Mark: m.Mark, Comment: m.Comment, At: rfc3339(m.At)})
		}
		for _, twin := range a.Twins {
			v.Anticipations = append(v.Anticipations, loc.Message(twin.Message()))
		}
		out = append(out, v)
	}
	c.JSON(http.StatusOK, out)
	return nil
}

type markBody struct {
	// Mark is the number as it was written, which the service reads:
	// 3.5 is a mark, 1e0 is not.
	Mark    *json.Number `json:"mark"`
	Comment string       `json:"comment"`
}

// postAcceptCook is the director accepting a cooked entry, with a reason.
func (h *handler) postAcceptCook(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body struct {
		Reason string `json:"reason"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	w, err := h.Composition.AcceptCook(c.Request.Context(), id, c.Param("code"), body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, cookView{Code: w.Code, CookAccepted: w.CookAccepted})
	return nil
}

func (h *handler) putMark(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body markBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if body.Mark == nil {
		return tournament.Invalid("mark", "give the mark")
	}
	m, err := h.Composition.Mark(c.Request.Context(), id, composition.MarkInput{Code: c.Param("code"), Mark: body.Mark.String(), Comment: body.Comment})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, markView{Judge: m.JudgeID, Mark: m.Mark, Comment: m.Comment, At: rfc3339(m.At)})
	return nil
}

type awardBody struct {
	Prizes        int                       `json:"prizes"`
	Mentions      int                       `json:"honourable_mentions"`
	Commendations int                       `json:"commendations"`
	Items         []composition.Distinction `json:"items"`
	// Place is where the award is given (the event's city when left out),
	// Report the judge's report that introduces it.
	Place  string `json:"place"`
	Report string `json:"report"`
	Reason string `json:"reason"`
}

func (h *handler) postAward(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body awardBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if _, err := h.Composition.PublishProvisional(c.Request.Context(), id, composition.AwardInput{Prizes: body.Prizes,
		Mentions: body.Mentions, Commendations: body.Commendations, Items: body.Items, Place: body.Place, Report: body.Report}, body.Reason); err != nil {
		return err
	}
	return h.getAward(c)
}

type awardTextBody struct {
	Place  string `json:"place"`
	Report string `json:"report"`
	Reason string `json:"reason"`
}

// putAwardText changes the provisional award's place and the judge's
// report.
func (h *handler) putAwardText(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body awardTextBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if _, err := h.Composition.EditAwardText(c.Request.Context(), id, body.Place, body.Report, body.Reason); err != nil {
		return err
	}
	return h.getAward(c)
}

func (h *handler) putAward(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body awardBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if _, err := h.Composition.EditAward(c.Request.Context(), id, body.Items, body.Reason); err != nil {
		return err
	}
	return h.getAward(c)
}

func (h *handler) postFinalAward(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body reasonBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if _, err := h.Composition.PublishFinal(c.Request.Context(), id, body.Reason); err != nil {
		return err
	}
	return h.getAward(c)
}

type awardedView struct {
	Code   string `json:"code"`
	Honour string `json:"honour"`
	Place  int    `json:"place"`
	Author string `json:"author"`
	workView
	Score         float64  `json:"score"`
	JudgeComments []string `json:"judge_comments"`
}

type claimView struct {
	ID        int64  `json:"id"`
	Code      string `json:"code"`
	Kind      string `json:"kind"`
	Evidence  string `json:"evidence"`
	Status    string `json:"status"`
	Reason    string `json:"reason,omitempty"`
	FiledAt   string `json:"filed_at"`
	DecidedAt string `json:"decided_at,omitempty"`
	// Mine is set for the claimant's own claims.
	Mine bool `json:"mine,omitempty"`
	// Claimant and ClaimantEmail are given to the contest's director only.
	Claimant      string `json:"claimant,omitempty"`
	ClaimantEmail string `json:"claimant_email,omitempty"`
}

type awardView struct {
	Stage         string `json:"stage"`
	ProvisionalAt string `json:"provisional_at"`
	ClaimsUntil   string `json:"claims_until"`
	FinalAt       string `json:"final_at,omitempty"`
	// Place and Report are where the award is given and the judge's
	// report that introduces it.
	Place  string        `json:"place,omitempty"`
	Report string        `json:"report,omitempty"`
	Judges []string      `json:"judges"`
	Items  []awardedView `json:"items"`
	// Eliminated are the entries an upheld claim took out of the award.
	Eliminated []eliminatedView `json:"eliminated"`
	Claims     []claimView      `json:"claims"`
}

type eliminatedView struct {
	Code    string `json:"code"`
	Section string `json:"section"`
	Author  string `json:"author"`
	// Reason is the kind of claim and the director's reason, in the
	// client's language.
	Reason string `json:"reason"`
}

func (h *handler) getAward(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	a, err := h.Composition.Award(c.Request.Context(), id)
	if err != nil {
		return err
	}
	v := awardView{Stage: string(a.Contest.Stage), ProvisionalAt: rfc3339(a.Contest.ProvisionalAt), ClaimsUntil: rfc3339(a.Contest.ClaimsUntil),
		FinalAt: rfc3339(a.Contest.FinalAt), Place: a.Contest.AwardPlace, Report: a.Contest.AwardReport, Judges: append([]string{}, a.Judges...), Items: []awardedView{}, Eliminated: []eliminatedView{}, Claims: []claimView{}}
	loc := core.JSONLocalizer(c)
	for _, it := range a.Items {
		comments := append([]string{}, it.JudgeComments...)
		v.Items = append(v.Items, awardedView{Code: it.Code, Honour: string(it.Honour), Place: it.Place, Author: it.Author,
			workView: newWorkView(it.Section, it.Entry, it.Comment, it.Findings, loc), Score: it.Score, JudgeComments: comments})
	}
	for _, el := range a.Eliminated {
		v.Eliminated = append(v.Eliminated, eliminatedView{Code: el.Code, Section: el.Section, Author: el.Author, Reason: loc.Message(el.Reason)})
	}
	for _, cl := range a.Claims {
		v.Claims = append(v.Claims, newClaimView(cl))
	}
	c.JSON(http.StatusOK, v)
	return nil
}

func newClaimView(cl composition.PublicClaim) claimView {
	return claimView{ID: cl.ID, Code: cl.Code, Kind: string(cl.Kind), Evidence: cl.Evidence, Status: string(cl.Status),
		Reason: cl.Reason, FiledAt: rfc3339(cl.FiledAt), DecidedAt: rfc3339(cl.DecidedAt), Mine: cl.Mine,
		Claimant: cl.Claimant, ClaimantEmail: cl.ClaimantEmail}
}

type claimBody struct {
	Code     string `json:"code"`
	Kind     string `json:"kind"`
	Evidence string `json:"evidence"`
}

func (h *handler) postClaim(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body claimBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	cl, err := h.Composition.FileClaim(c.Request.Context(), id, composition.ClaimInput{Code: body.Code, Kind: composition.ClaimKind(body.Kind), Evidence: body.Evidence})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newClaimView(*cl))
	return nil
}

type claimDecisionBody struct {
	Uphold *bool  `json:"uphold"`
	Reason string `json:"reason"`
}

func (h *handler) postClaimDecision(c *gin.Context) error {
	cid, err := core.PathInt(c, "cid")
	if err != nil {
		return err
	}
	var body claimDecisionBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if body.Uphold == nil {
		return tournament.Invalid("uphold", "say whether the claim is upheld: true or false")
	}
	cl, err := h.Composition.DecideClaim(c.Request.Context(), cid, *body.Uphold, body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newClaimView(*cl))
	return nil
}

// getAwardPDN sends the published award's entries as PDN: each with its
// Position, ToMove and Stipulation tags and the author's main line.
func (h *handler) getAwardPDN(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	e, err := h.Events.Event(c.Request.Context(), id)
	if err != nil {
		return err
	}
	a, err := h.Composition.Award(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.Header("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": fmt.Sprintf("award-%d.pdn", id)}))
	c.Data(http.StatusOK, "application/x-pdn; charset=utf-8", []byte(composition.AwardPDN(e.Name, a.Items)))
	return nil
}

// getAwardPDF sends the published award as a PDF booklet: one block per
// entry with its diagram, stipulation, solution, author and the judges'
// comments.
func (h *handler) getAwardPDF(c *gin.Context) error {
	ids, loc, err := h.DocumentRequest(c, "id")
	if err != nil {
		return err
	}
	return h.SendDocument(c, kit.PDFType, fmt.Sprintf("award-%d.pdf", ids[0]), func(ctx context.Context, w io.Writer) error {
		return h.Exporter.AwardPDF(ctx, w, loc, h.Composition, ids[0])
	})
}
