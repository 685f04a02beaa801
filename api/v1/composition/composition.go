package composition

import (
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	contests "adiukh/tournament/composition"
)

// compositionRoutes registers the JSON API of composition contests: the
// contest's settings and jury, authors' entries, the judges' marks, the
// award and the claims against it.
func (h *handler) compositionRoutes(read, write gin.IRoutes) {
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
	EventID       int64                  `json:"event_id"`
	Sections      []contests.Section     `json:"sections"`
	Deadline      string                 `json:"deadline"`
	Scale         float64                `json:"scale"`
	Aggregation   string                 `json:"aggregation"`
	ClaimDays     int                    `json:"claim_days"`
	Stage         string                 `json:"stage"`
	Phase         string                 `json:"phase"`
	Open          bool                   `json:"open"`
	ProvisionalAt string                 `json:"provisional_at,omitempty"`
	ClaimsUntil   string                 `json:"claims_until,omitempty"`
	FinalAt       string                 `json:"final_at,omitempty"`
	Award         []contests.Distinction `json:"award"`
	Judges        []judgeView            `json:"judges"`
}

func newContestView(c *contests.Contest) contestView {
	award := c.Award
	if award == nil {
		award = []contests.Distinction{}
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
	Sections    []contests.Section `json:"sections"`
	Deadline    string             `json:"deadline"`
	Scale       float64            `json:"scale"`
	Aggregation string             `json:"aggregation"`
	ClaimDays   int                `json:"claim_days"`
	Reason      string             `json:"reason"`
}

func (h *handler) putContest(c *gin.Context) error {
	id, body, err := kit.PathBody[contestBody](c, "id")
	if err != nil {
		return err
	}
	deadline, err := time.Parse(time.RFC3339, strings.TrimSpace(body.Deadline))
	if err != nil {
		return tournament.Invalid("deadline", "%q is not a time: write it as 2026-12-31T23:59:00Z (RFC 3339)", body.Deadline)
	}
	_, err = h.Composition.Setup(c.Request.Context(), id, contests.ContestInput{Sections: body.Sections, Deadline: deadline,
		Scale: body.Scale, Aggregation: contests.Aggregation(body.Aggregation), ClaimDays: body.ClaimDays}, body.Reason)
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
	id, body, err := kit.PathBody[judgesBody](c, "id")
	if err != nil {
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
