// Package api is the HTTP face of adiukh: the gin router, its middleware, the
// HTML pages and the /api/v1 JSON handlers (files v1*.go). It is the only
// package that knows HTTP; it translates requests into calls on the
// tournament and account services and their errors into status codes.
package api

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/account"
)

// Pinger reports whether the database answers.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Deps are what the handlers work with; cmd/adiukh builds them.
type Deps struct {
	// PublicURL is the address the site is reached at, such as
	// https://adiukh.example.org; printed pairing lists link to it. Empty
	// uses the host of each request.
	PublicURL string

	DB       Pinger
	Events   *tournament.Service
	Accounts *account.Service
	Log      *slog.Logger
}

// handler holds the dependencies every handler shares.
type handler struct {
	Deps
}

// NewRouter builds the HTTP handler of the application.
func NewRouter(d Deps) http.Handler {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	h := &handler{Deps: d}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery())
	r.GET("/healthz", func(c *gin.Context) {
		if err := d.DB.Ping(c.Request.Context()); err != nil {
			c.JSON(http.StatusServiceUnavailable, gin.H{"status": "database unavailable"})
			return
		}
		c.JSON(http.StatusOK, gin.H{"status": "ok"})
	})
	h.routesV1(r.Group("/api/v1"))
	return r
}
