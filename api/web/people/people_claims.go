package people

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
)

// peopleClaimsRoutesWeb registers the links of accounts to persons of the
// register: a player asks on the person's page, administrators and
// arbiters decide on the requests' page.
func (h *handler) peopleClaimsRoutesWeb(m gin.IRoutes) {
	m.POST("/people/:pid/claim", h.Page(h.claimPerson))
	m.GET("/people-claims", h.Page(h.claimsPage))
	m.POST("/people-claims/:cid/confirm", h.Page(h.decidePersonClaim(true)))
	m.POST("/people-claims/:cid/decline", h.Page(h.decidePersonClaim(false)))
}

// claimPerson asks to link the reader's account to the person.
func (h *handler) claimPerson(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	if _, err := h.People.ClaimPerson(c.Request.Context(), id); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/people/%d", id))
	return nil
}

// claimsPage lists the requests to link accounts to persons, for the
// administrators and arbiters who decide them.
func (h *handler) claimsPage(c *gin.Context) error {
	claims, err := h.People.PendingClaims(c.Request.Context())
	if err != nil {
		return err
	}
	h.Render(c, http.StatusOK, "people_claims", "people.claims", claims)
	return nil
}

func (h *handler) decidePersonClaim(confirm bool) core.HandlerFunc {
	return func(c *gin.Context) error {
		id, err := core.PathInt(c, "cid")
		if err != nil {
			return err
		}
		if err := h.People.DecideClaim(c.Request.Context(), id, confirm, c.PostForm("reason")); err != nil {
			return err
		}
		c.Redirect(http.StatusSeeOther, "/people-claims")
		return nil
	}
}
