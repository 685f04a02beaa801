package relay

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// streamPing keeps a quiet stream's connection open through proxies.
const streamPing = 25 * time.Second

// streamKey is the number a round's stream is counted under among the
// open streams (core.OpenStream counts them by game): negative, so that
// it is no game's.
func streamKey(eventID int64, n int) int64 { return -(eventID*10000 + int64(n)) }

// streamRound is a round's relay as Server-Sent Events: the round at once
// (unless the client saw its stamp: Last-Event-ID or ?since=), then again
// after every change on any instance, each as an event "round" with the
// body of GET …/relay and the round's stamp as its ID. The watch begins
// before the round is read, so that no change falls between the two; a
// reader over the limits of open streams is refused with 429 and
// Retry-After, and reads the round every few seconds instead.
func (h *handler) streamRound(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	seen := int64(-1)
	since := c.GetHeader("Last-Event-ID")
	if since == "" {
		since = c.Query("since")
	}
	if since != "" {
		if seen, err = strconv.ParseInt(since, 10, 64); err != nil {
			return tournament.Invalid("since", "%q is not a stamp of the round's relay", since)
		}
	}
	ctx := c.Request.Context()
	changes, stop := h.Relay.Watch(ids[0], int(ids[1]))
	defer stop()
	v, err := h.Relay.Round(ctx, ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	var account int64
	if u := tournament.UserFromContext(ctx); u != nil {
		account = u.ID
	}
	slot, err := h.OpenStream(core.ClientAddress(c), account, streamKey(ids[0], int(ids[1])), false)
	if err != nil {
		return err
	}
	defer slot.Release()
	// A stream outlives the server's write timeout, meant for answers.
	_ = http.NewResponseController(c.Writer).SetWriteDeadline(time.Time{})
	c.Header("Content-Type", "text/event-stream")
	c.Header("Cache-Control", "no-store")
	c.Header("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	l := catalog.For(core.JSONLang(c))
	var last []byte
	send := func() error {
		body, err := json.Marshal(roundBody(l, v))
		if err != nil || string(body) == string(last) {
			return err
		}
		if _, err := fmt.Fprintf(c.Writer, "event: round\nid: %d\ndata: %s\n\n", v.Stamp, body); err != nil {
			return err
		}
		c.Writer.Flush()
		last = body
		return nil
	}
	if v.Stamp != seen {
		if send() != nil {
			return nil // the reader left
		}
	} else {
		c.Writer.Flush()
	}
	ping := time.NewTicker(streamPing)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-slot.Closed:
			return nil
		case <-ping.C:
			if _, err := fmt.Fprint(c.Writer, ": ping\n\n"); err != nil {
				return nil
			}
			c.Writer.Flush()
		case <-changes:
			next, err := h.Relay.Round(ctx, ids[0], int(ids[1]))
			if err != nil {
				return nil // the round went away or the reader may no longer see it
			}
			v = next
			if send() != nil {
				return nil
			}
		}
	}
}
