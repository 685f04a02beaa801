// Package people is the area of the register's pages: the list and search
// of people, each person's page with their titles, ratings and photo, the
// links of accounts to persons, the duplicates and their merges, and the
// desk's page that links an event's players to the register.
package people

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/web/kit"
)

// handler serves the register's pages over the shared kit.
type handler struct {
	*kit.Kit
}

// Routes registers the register's pages: public to every reader, signedIn
// behind the sign-in gate.
func Routes(k *kit.Kit, public, signedIn gin.IRoutes) {
	h := &handler{Kit: k}
	h.peopleRoutesWeb(public, signedIn)
	h.peopleMergesRoutesWeb(signedIn)
	h.peopleClaimsRoutesWeb(signedIn)
	h.peoplePhotosRoutesWeb(public, signedIn)
	h.peopleMatchesRoutesWeb(signedIn)
}
