package core

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
)

// A request whose client left while the answer was being made (its context
// ended, and the store said so) is not the server's failure: no 500 and no
// error in the log. The same error while the client still waits is one.
func TestClientLeftIsNoFailure(t *testing.T) {
	releaseMode()
	var logged bytes.Buffer
	h := &Server{Deps: Deps{Log: slog.New(slog.NewTextHandler(&logged, nil))}}
	r := gin.New()
	r.GET("/api/v1/games/:gid/stream", func(c *gin.Context) {
		h.Fail(c, fmt.Errorf("read the game: %w", c.Request.Context().Err()))
	})
	r.GET("/api/v1/broken", func(c *gin.Context) {
		h.Fail(c, fmt.Errorf("read the game: %w", context.DeadlineExceeded))
	})

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/games/7/stream", nil).WithContext(ctx))
	if rec.Code != StatusClientClosedRequest || logged.Len() != 0 {
		t.Errorf("a client that left: %d, logged %q; want %d and nothing logged", rec.Code, logged.String(), StatusClientClosedRequest)
	}

	rec = httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v1/broken", nil))
	if rec.Code != http.StatusInternalServerError || !bytes.Contains(logged.Bytes(), []byte("request failed")) {
		t.Errorf("a timeout inside the server with the client waiting: %d, logged %q; want 500 and the error logged", rec.Code, logged.String())
	}
}
