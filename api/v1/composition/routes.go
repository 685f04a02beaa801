// Package composition is the JSON API's area of composition and solving
// contests: a contest's settings and jury, the authors' entries, the
// judges' marks, the award and the claims against it; a solving contest's
// set-up, problems, answers and rulings.
package composition

import (
	"github.com/gin-gonic/gin"

	"adiukh/api/v1/kit"
)

// handler serves the contests over the kit the JSON API's areas share.
type handler struct{ *kit.Kit }

// Routes registers the contests' endpoints: reads on read, for anyone who
// may see the event; the rest on write, for a signed-in reader.
func Routes(k *kit.Kit, read, write gin.IRoutes) {
	h := &handler{k}
	h.compositionRoutes(read, write)
	h.solvingRoutes(read, write)
}
