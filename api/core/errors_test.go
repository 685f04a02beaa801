package core

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
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

// A database that refuses writes (a full disk) is answered 503 with a
// time to try again and the store's message, in the reader's language:
// the server cannot save now, nothing was changed.
func TestCannotSaveIsAnsweredSo(t *testing.T) {
	releaseMode()
	h := &Server{Deps: Deps{Log: slog.New(slog.DiscardHandler)}}
	r := gin.New()
	r.POST("/api/v1/events", func(c *gin.Context) {
		h.Fail(c, tournament.Unavailable(time.Minute, "the server cannot save now, nothing was changed: its database refuses writes (a full disk, or a database made read-only); try again in a few minutes"))
	})
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/v1/events", nil)
	req.Header.Set("Accept-Language", "ru")
	r.ServeHTTP(rec, req)
	var body ErrorBody
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "60" || body.Code != tournament.EUNAVAILABLE ||
		!strings.Contains(body.Message, "ничего не изменено") {
		t.Errorf("a write the database refused: %d, Retry-After %q, %+v; want 503, 60, EUNAVAILABLE saying in Russian that nothing was changed",
			rec.Code, rec.Header().Get("Retry-After"), body)
	}
}
