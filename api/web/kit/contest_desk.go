package kit

import (
	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// ContestDesk draws the desk of a composition contest (e plays no games)
// with the form which ("" for none, "event", "settings", …) shown as f
// holds it, at status. The arbiter's desk of an event serves every event's
// /events/:id/manage and its settings form; a contest's is the composition
// pages', which the area that draws them registers here (SetContestDesk).
type ContestDesk func(c *gin.Context, e *tournament.Event, which string, f *Form, status int) error

// SetContestDesk registers how a contest's desk is drawn; it is called
// while the routes are registered, before any request.
func (k *Kit) SetContestDesk(render ContestDesk) { k.contestDesk = render }

// RenderContestDesk draws the desk of contest e (see ContestDesk).
func (k *Kit) RenderContestDesk(c *gin.Context, e *tournament.Event, which string, f *Form, status int) error {
	return k.contestDesk(c, e, which, f, status)
}
