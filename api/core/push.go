package core

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// The push channels (a live game's stream, an event's hall's) are
// server-sent events of a value that changes, each event's ID the value's
// version. They share one loop, Push: it subscribes to the changes before
// it reads the value, so that no change falls between the two, and sends a
// client that comes back with the version it last saw only what it
// missed.

// Subscription is a push channel's follow of a value V, as its handler
// makes it: registered for the changes, nothing read yet.
type Subscription[V any] struct {
	// Changes receives a signal after each change since the subscription
	// began.
	Changes <-chan struct{}
	// Read reads the value: once, after the subscription began.
	Read func(ctx context.Context) (V, error)
	// Next is the newest value, when it is newer than version; not ok
	// otherwise (a signal of a change already sent).
	Next func(version int64) (V, bool)
	// Stop ends the subscription.
	Stop func()
}

// PushChannel is what differs between push channels: what they subscribe
// to, the version of what they read, and the events they write.
type PushChannel[V any] struct {
	// Subscribe registers for the changes of the value followed; Push
	// calls it before it reads the value.
	Subscribe func() Subscription[V]
	// Version is a value's version, the ID of its event.
	Version func(V) int64
	// Write writes the event that brings the client to v from the value
	// this stream wrote before it (none for the first).
	Write func(w io.Writer, v V) error
	// Hello, when not nil, is written as the stream opens, before the
	// value; Ping, when not nil, is an idle stream's sign of life, else a
	// comment.
	Hello, Ping func(w io.Writer) error
}

// StreamPing is how often an idle push channel says it is alive, so that
// proxies keep it open.
const StreamPing = 15 * time.Second

// Push answers a push channel's request: it subscribes, reads the value
// and writes it, unless its version is seen (the version the client last
// saw, -1: none; LastSeen), then writes the value again after every
// change, until the client leaves or the slot closes (a newer stream of
// the same player and game took its place: the page is told "replaced",
// not to come back). An error of the first read, before the stream opens,
// is returned, to answer the request with.
func Push[V any](c *gin.Context, slot *StreamSlot, seen int64, ch PushChannel[V]) error {
	ctx := c.Request.Context()
	sub := ch.Subscribe()
	defer sub.Stop()
	first, err := sub.Read(ctx)
	if err != nil {
		return err
	}
	// A stream outlives the server's write timeout, meant for answers.
	_ = http.NewResponseController(c.Writer).SetWriteDeadline(time.Time{})
	c.Header("Content-Type", "text/event-stream")
	c.Header("Cache-Control", "no-store")
	c.Header("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	sent := seen
	send := func(v V) error {
		if err := ch.Write(c.Writer, v); err != nil {
			return err
		}
		c.Writer.Flush()
		sent = ch.Version(v)
		return nil
	}
	ping := ch.Ping
	if ping == nil {
		ping = func(w io.Writer) error {
			_, err := fmt.Fprint(w, ": ping\n\n")
			return err
		}
	}
	if ch.Hello != nil {
		if ch.Hello(c.Writer) != nil {
			return nil // the reader left
		}
	}
	if ch.Version(first) != seen {
		if send(first) != nil {
			return nil
		}
	}
	c.Writer.Flush() // the client knows it is connected
	tick := time.NewTicker(StreamPing)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-slot.Closed:
			_, _ = fmt.Fprint(c.Writer, "event: replaced\ndata: replaced\n\n")
			c.Writer.Flush()
			return nil
		case <-tick.C:
			if ping(c.Writer) != nil {
				return nil
			}
			c.Writer.Flush()
		case <-sub.Changes:
			select {
			case <-slot.Closed:
				// Replaced meanwhile: the newer stream's connection is
				// its own to send, not this one's.
				continue
			default:
			}
			if next, ok := sub.Next(sent); ok {
				if send(next) != nil {
					return nil
				}
			}
		}
	}
}

// LastSeen is the version of what a push channel sends that its client
// last saw: the Last-Event-ID an EventSource sends when it reconnects, or
// ?since=; -1 when it saw none.
func LastSeen(c *gin.Context) (int64, error) {
	raw := c.GetHeader("Last-Event-ID")
	field := "Last-Event-ID"
	if q, ok := c.GetQuery("since"); ok {
		raw, field = q, "since"
	}
	if raw == "" {
		return -1, nil
	}
	v, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || v < 0 {
		return 0, tournament.Invalid(field, "the version last seen must be a whole number ≥ 0; got %q", raw)
	}
	return v, nil
}
