// Package api is the HTTP face of adiukh: the gin router, its middleware, the
// HTML pages and the /api/v1 JSON handlers. It is the only package that knows
// HTTP; it translates requests into calls on the tournament service.
package api

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"
)

// Pinger reports whether the database answers.
type Pinger interface {
	Ping(ctx context.Context) error
}

// NewRouter builds the HTTP handler of the application.
func NewRouter(db Pinger) http.Handler {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery())
	r.GET("/healthz", func(c *gin.Context) {
		if err := db.Ping(c.Request.Context()); err != nil {
			c.JSON(http.StatusServiceUnavailable, gin.H{"status": "database unavailable"})
			return
		}
		c.JSON(http.StatusOK, gin.H{"status": "ok"})
	})
	return r
}
