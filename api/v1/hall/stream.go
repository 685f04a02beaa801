package hall

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/hall"
)

// streamPing is how often an idle stream says it is alive, so that
// proxies keep it open; each ping tells the server's instant too.
const streamPing = 15 * time.Second

// streamHall answers GET /events/{id}/hall/stream[?round=n]: the hall,
// then again after every change, each as an event "hall" with the body of
// GET /events/{id}/hall and the hall's version as its ID, as a live game's
// stream sends its game (api/v1/correspondence). A client that comes back
// with the version it last saw (Last-Event-ID, as EventSource sends it, or
// ?since=) is sent the hall at once only when it changed meanwhile. The
// follow is registered before the hall is read (hall.Service Follow), so
// that no change falls between the two. An event "now" tells the server's
// instant as the stream opens and with every ping, which the round's timer
// counts from. A reader over the limits of open streams is refused with
// 429 and Retry-After; the page then asks for the hall every few seconds.
func (h *handler) streamHall(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n, err := roundParam(c)
	if err != nil {
		return err
	}
	seen, err := lastSeen(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	var account int64
	if u := tournament.UserFromContext(ctx); u != nil {
		account = u.ID
	}
	slot, err := h.OpenHallStream(core.ClientAddress(c), account, id)
	if err != nil {
		return err
	}
	defer slot.Release()
	f, err := h.Hall.Follow(ctx, id, n)
	if err != nil {
		return err
	}
	defer f.Stop()
	// A stream outlives the server's write timeout, meant for answers.
	_ = http.NewResponseController(c.Writer).SetWriteDeadline(time.Time{})
	c.Header("Content-Type", "text/event-stream")
	c.Header("Cache-Control", "no-store")
	c.Header("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	sent := seen
	send := func(v *hall.Hall) error {
		body, err := h.events.event(v)
		if err != nil {
			return err
		}
		if _, err := c.Writer.Write(body); err != nil {
			return err
		}
		c.Writer.Flush()
		sent = v.Version
		return nil
	}
	tell := func() error {
		_, err := fmt.Fprintf(c.Writer, "event: now\ndata: %q\n\n", h.Now().UTC().Format(time.RFC3339Nano))
		c.Writer.Flush()
		return err
	}
	if err := tell(); err != nil {
		return nil // the reader left
	}
	if f.First.Version != seen {
		if err := send(f.First); err != nil {
			return nil
		}
	}
	ping := time.NewTicker(streamPing)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-ping.C:
			if tell() != nil {
				return nil
			}
		case <-f.Changes:
			if next := f.Next(sent); next != nil {
				if err := send(next); err != nil {
					return nil
				}
			}
		}
	}
}

// lastSeen is the version of the hall the client last saw: the
// Last-Event-ID an EventSource sends when it reconnects, or ?since=; -1
// when it saw none.
func lastSeen(c *gin.Context) (int64, error) {
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

// eventCache keeps the newest event of each followed hall: its two
// thousand readers are sent the bytes made once. The hall's JSON has no
// words of a language, so one event serves every reader.
type eventCache struct {
	mu    sync.Mutex
	halls map[*hall.Hall][]byte
	// newest is the hall kept for each event and round.
	newest map[[2]int64]*hall.Hall
}

func newEventCache() *eventCache {
	return &eventCache{halls: map[*hall.Hall][]byte{}, newest: map[[2]int64]*hall.Hall{}}
}

// event is the server-sent event of a hall: made once for the newest
// version of each event's round, for its stream alone otherwise (a
// stream's own first read of an older one).
func (ec *eventCache) event(v *hall.Hall) ([]byte, error) {
	key := [2]int64{v.Event.ID, int64(v.Round)}
	ec.mu.Lock()
	defer ec.mu.Unlock()
	if b, ok := ec.halls[v]; ok {
		return b, nil
	}
	b, err := hallEvent(v)
	if err != nil {
		return nil, err
	}
	if old := ec.newest[key]; old == nil || old.Version < v.Version {
		delete(ec.halls, old)
		ec.newest[key], ec.halls[v] = v, b
	}
	return b, nil
}

// hallEvent is a hall as a server-sent event "hall" whose ID is its
// version.
func hallEvent(v *hall.Hall) ([]byte, error) {
	body, err := json.Marshal(NewHallView(v))
	if err != nil {
		return nil, err
	}
	return fmt.Appendf(nil, "event: hall\nid: %d\ndata: %s\n\n", v.Version, body), nil
}
