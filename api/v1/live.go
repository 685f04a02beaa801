package v1

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
)

// Live games push each change to the players and spectators watching
// them, as server-sent events: one stream per game, one-way (moves go by
// POST /games/{gid}/moves, which a retry may repeat safely), through every
// proxy that passes HTTP, and reconnected by the browser on its own
// (docs/online.md says why not WebSocket).

// streamPing is how often an idle stream says it is alive, so that
// proxies keep it open.
const streamPing = 15 * time.Second

// streamGame answers GET /games/{gid}/stream: the game at once, then again
// after every change, each as an event "game" with the body of GET
// /games/{gid}; the service signals a change made on this instance at
// once, and one made on another within its poll (correspondence.Watch). A
// player who opens it has shown up for the game.
func (h *handler) streamGame(c *gin.Context) error {
	gid, err := core.PathInt(c, "gid")
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	if err := h.Correspondence.Present(ctx, gid); err != nil {
		return err
	}
	g, err := h.Correspondence.Game(ctx, gid)
	if err != nil {
		return err
	}
	signal, stop := h.Correspondence.Watch(gid)
	defer stop()
	// A stream outlives the server's write timeout, meant for answers.
	_ = http.NewResponseController(c.Writer).SetWriteDeadline(time.Time{})
	c.Header("Content-Type", "text/event-stream")
	c.Header("Cache-Control", "no-store")
	c.Header("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	l := core.JSONLocalizer(c)
	send := func() error {
		body, err := json.Marshal(newCorrGameView(l, g))
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(c.Writer, "event: game\nid: %d\ndata: %s\n\n", g.Version, body); err != nil {
			return err
		}
		c.Writer.Flush()
		return nil
	}
	if err := send(); err != nil {
		return nil // the reader left
	}
	ping := time.NewTicker(streamPing)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-ping.C:
			if _, err := fmt.Fprint(c.Writer, ": ping\n\n"); err != nil {
				return nil
			}
			c.Writer.Flush()
			continue
		case <-signal:
		}
		// A move made through this instance comes with the game as it
		// left it; anything else is read.
		next := h.Correspondence.Latest(gid, g.Version)
		if next == nil {
			if next, err = h.Correspondence.Game(ctx, gid); err != nil {
				return nil
			}
		}
		if next.Version <= g.Version {
			continue
		}
		g = next
		if err := send(); err != nil {
			return nil
		}
	}
}
