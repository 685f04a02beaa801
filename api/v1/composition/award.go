package composition

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	contests "adiukh/tournament/composition"
)

type awardBody struct {
	Prizes        int                    `json:"prizes"`
	Mentions      int                    `json:"honourable_mentions"`
	Commendations int                    `json:"commendations"`
	Items         []contests.Distinction `json:"items"`
	// Place is where the award is given (the event's city when left out),
	// Report the judge's report that introduces it.
	Place  string `json:"place"`
	Report string `json:"report"`
	Reason string `json:"reason"`
}

func (h *handler) postAward(c *gin.Context) error {
	id, body, err := kit.PathBody[awardBody](c, "id")
	if err != nil {
		return err
	}
	if _, err := h.Composition.PublishProvisional(c.Request.Context(), id, contests.AwardInput{Prizes: body.Prizes,
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
	id, body, err := kit.PathBody[awardTextBody](c, "id")
	if err != nil {
		return err
	}
	if _, err := h.Composition.EditAwardText(c.Request.Context(), id, body.Place, body.Report, body.Reason); err != nil {
		return err
	}
	return h.getAward(c)
}

func (h *handler) putAward(c *gin.Context) error {
	id, body, err := kit.PathBody[awardBody](c, "id")
	if err != nil {
		return err
	}
	if _, err := h.Composition.EditAward(c.Request.Context(), id, body.Items, body.Reason); err != nil {
		return err
	}
	return h.getAward(c)
}

func (h *handler) postFinalAward(c *gin.Context) error {
	id, body, err := kit.PathBody[kit.ReasonBody](c, "id")
	if err != nil {
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

func newClaimView(cl contests.PublicClaim) claimView {
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
	id, body, err := kit.PathBody[claimBody](c, "id")
	if err != nil {
		return err
	}
	cl, err := h.Composition.FileClaim(c.Request.Context(), id, contests.ClaimInput{Code: body.Code, Kind: contests.ClaimKind(body.Kind), Evidence: body.Evidence})
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
	cid, body, err := kit.PathBody[claimDecisionBody](c, "cid")
	if err != nil {
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
	c.Data(http.StatusOK, "application/x-pdn; charset=utf-8", []byte(contests.AwardPDN(e.Name, a.Items)))
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
