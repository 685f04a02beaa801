package submissions

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/submissions"
)

// handler serves what comes in after a round is paired: score sheets in
// batches, the results reported by players, seat swaps and a round taken
// back.
type handler struct {
	*kit.Kit
}

// Routes registers score sheets, the review of a round and the results
// reported by players, all on write (which needs a signed-in user).
func Routes(k *kit.Kit, write gin.IRoutes) {
	h := &handler{Kit: k}
	write.POST("/events/:id/rounds/:n/sheets", h.JSON(h.postSheets))
	h.reviewRoutes(write)
	h.submissionRoutes(write)
}

// submissionRoutes registers the results reported by players: the arbiter
// opens the event to reports and gives players their accounts; a player
// reports their own board; the arbiter or the opponent confirms or rejects.
func (h *handler) submissionRoutes(write gin.IRoutes) {
	write.PUT("/events/:id/submissions/open", h.JSON(h.putSubmissionsOpen))
	write.PUT("/events/:id/players/:pid/account", h.JSON(h.putPlayerAccount))
	write.GET("/events/:id/submissions", h.JSON(h.getSubmissions))
	write.POST("/events/:id/rounds/:n/games/:board/submission", h.JSON(h.postSubmission))
	write.POST("/events/:id/submissions/:sid/confirm", h.JSON(h.postDecision(true)))
	write.POST("/events/:id/submissions/:sid/reject", h.JSON(h.postDecision(false)))
}

func (h *handler) putSubmissionsOpen(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body struct {
		Open *bool `json:"open"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if body.Open == nil {
		return tournament.Invalid("open", "is required: true or false")
	}
	if err := h.Submissions.SetSubmissions(c.Request.Context(), id, *body.Open); err != nil {
		return err
	}
	c.JSON(http.StatusOK, submissionsOpenView{*body.Open})
	return nil
}

func (h *handler) putPlayerAccount(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	var body struct {
		Email string `json:"email"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	if err := h.Events.LinkPlayer(c.Request.Context(), ids[0], ids[1], body.Email); err != nil {
		return err
	}
	c.JSON(http.StatusOK, playerAccountView{Player: ids[1], Email: body.Email})
	return nil
}

type submissionView struct {
	ID        int64      `json:"id"`
	Round     int        `json:"round"`
	Board     int        `json:"board"`
	GameNo    int        `json:"game_no,omitempty"`
	PlayerID  int64      `json:"player_id"`
	Reporter  string     `json:"reporter"`
	Score     string     `json:"score"`
	EndReason string     `json:"end_reason"`
	Sheet     string     `json:"sheet,omitempty"`
	Status    string     `json:"status"`
	DecidedBy string     `json:"decided_by,omitempty"`
	Reason    string     `json:"reason,omitempty"`
	CreatedAt time.Time  `json:"created_at"`
	DecidedAt *time.Time `json:"decided_at,omitempty"`
}

func newSubmissionView(s *tournament.Submission) submissionView {
	v := submissionView{
		ID: s.ID, Round: s.Round, Board: s.Board, GameNo: s.GameNo, PlayerID: s.PlayerID, Reporter: s.UserEmail, Score: s.Score, EndReason: s.EndReason,
		Sheet: s.Sheet, Status: string(s.Status), DecidedBy: s.DecidedBy, Reason: s.Reason, CreatedAt: s.CreatedAt,
	}
	if !s.DecidedAt.IsZero() {
		at := s.DecidedAt
		v.DecidedAt = &at
	}
	return v
}

// getSubmissions answers what the signed-in user may see of the reports:
// all of them for the event's arbiter, those of their own games for a player.
func (h *handler) getSubmissions(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	v, err := h.Submissions.PlayerView(c.Request.Context(), id)
	if err != nil {
		return err
	}
	subs := make([]submissionView, len(v.Submissions))
	for i := range v.Submissions {
		subs[i] = newSubmissionView(&v.Submissions[i])
	}
	c.JSON(http.StatusOK, playerSubmissionsView{Open: v.SubmissionsOpen, Submissions: subs, PlayerID: v.PlayerID})
	return nil
}

// submissionBody is a report; GameNo names the game of a knockout's match
// reported (from 1), left out on an ordinary board.
type submissionBody struct {
	GameNo    int    `json:"game_no"`
	Score     string `json:"score"`
	EndReason string `json:"end_reason"`
	Sheet     string `json:"sheet"`
}

func (h *handler) postSubmission(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[submissionBody](c, "id", "n", "board")
	if err != nil {
		return err
	}
	s, err := h.Submissions.SubmitResult(c.Request.Context(), submissions.Input{
		EventID: ids[0], Round: int(ids[1]), Board: int(ids[2]), GameNo: body.GameNo, Score: body.Score, EndReason: body.EndReason, Sheet: body.Sheet,
	})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newSubmissionView(s))
	return nil
}

func (h *handler) postDecision(confirm bool) core.HandlerFunc {
	return func(c *gin.Context) error {
		ids, err := core.PathInts(c, "id", "sid")
		if err != nil {
			return err
		}
		var body kit.ReasonBody
		if c.Request.ContentLength != 0 {
			if err := kit.DecodeJSON(c, &body); err != nil {
				return err
			}
		}
		s, err := h.Submissions.DecideSubmission(c.Request.Context(), ids[0], ids[1], confirm, body.Reason)
		if err != nil {
			return err
		}
		c.JSON(http.StatusOK, newSubmissionView(s))
		return nil
	}
}

// submissionsOpenView answers opening or closing results reported by the
// players.
type submissionsOpenView struct {
	Open bool `json:"open"`
}

// playerSubmissionsView is what a player reported, and whether reports are
// open; PlayerID is the reader's player in the event, when they play.
type playerSubmissionsView struct {
	Open        bool             `json:"open"`
	Submissions []submissionView `json:"submissions"`
	PlayerID    int64            `json:"player_id,omitempty"`
}

// playerAccountView answers linking a player to an account.
type playerAccountView struct {
	Player int64  `json:"player"`
	Email  string `json:"email"`
}
