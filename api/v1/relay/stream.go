package relay

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/relay"
)

// streamKey is the number a round's stream is counted under among the
// open streams (core.OpenStream counts them by game): negative, so that
// it is no game's.
func streamKey(eventID int64, n int) int64 { return -(eventID*10000 + int64(n)) }

// streamRound is a round's relay as Server-Sent Events (core.Push): the
// round at once (unless the client saw its stamp: Last-Event-ID or
// ?since=), then again after every change on any instance, each as an
// event "round" with the body of GET …/relay and the round's stamp as its
// ID. A reader over the limits of open streams is refused with 429 and
// Retry-After, and reads the round every few seconds instead.
func (h *handler) streamRound(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	eventID, n := ids[0], int(ids[1])
	seen, err := core.LastSeen(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	var account int64
	if u := tournament.UserFromContext(ctx); u != nil {
		account = u.ID
	}
	slot, err := h.OpenStream(core.ClientAddress(c), account, streamKey(eventID, n), false)
	if err != nil {
		return err
	}
	defer slot.Release()
	l := catalog.For(core.JSONLang(c))
	return core.Push(c, slot, seen, core.PushChannel[*relay.RoundView]{
		Subscribe: func() core.Subscription[*relay.RoundView] {
			changes, stop := h.Relay.Watch(eventID, n)
			read := func(ctx context.Context) (*relay.RoundView, error) { return h.Relay.Round(ctx, eventID, n) }
			return core.Subscription[*relay.RoundView]{
				Changes: changes,
				Read:    read,
				Next: func(stamp int64) (*relay.RoundView, bool) {
					// A round that went away, or that the reader may no
					// longer see, is sent no more.
					v, err := read(ctx)
					return v, err == nil && v.Stamp != stamp
				},
				Stop: stop,
			}
		},
		Version: func(v *relay.RoundView) int64 { return v.Stamp },
		Write: func(w io.Writer, v *relay.RoundView) error {
			body, err := json.Marshal(roundBody(l, v))
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(w, "event: round\nid: %d\ndata: %s\n\n", v.Stamp, body)
			return err
		},
	})
}
