package hall

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
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

// streamHall answers GET /events/{id}/hall/stream[?round=n]: the hall as
// an event "hall" with the body of GET /events/{id}/hall, then after every
// change an event "boards" (DeltaView) with only the boards that changed
// since the hall the stream sent before it, each event's ID the hall's
// version, as a live game's stream sends its game
// (api/v1/correspondence). A change of the round or of the boards
// themselves is sent as a whole "hall". A client that comes back with the
// version it last saw (Last-Event-ID, as EventSource sends it, or ?since=)
// is sent the whole hall at once only when it changed meanwhile: the
// stream cannot tell which boards changed since a version it did not
// send, so nothing a reader missed is ever left out. The
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
	// shown is the hall this stream last sent, nil until it sends one: a
	// reader who comes back names a version, not a hall, and is sent the
	// hall whole when it changed.
	sent := seen
	var shown *hall.Hall
	send := func(v *hall.Hall) error {
		body, err := h.events.event(shown, v)
		if err != nil {
			return err
		}
		if _, err := c.Writer.Write(body); err != nil {
			return err
		}
		c.Writer.Flush()
		sent, shown = v.Version, v
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

// eventCache keeps the events of the newest halls of each followed event
// and round: its two thousand readers are sent the bytes made once, the
// whole hall's or, from the version most of them saw, the boards that
// changed since. The hall's JSON has no words of a language, so one event
// serves every reader.
type eventCache struct {
	mu sync.Mutex
	// kept are the newest halls of each event and round, newest last.
	kept map[[2]int64][]*madeHall
}

// keptHalls is how many of an event's round's newest halls are kept: a
// stream a change or two behind the newest (its reader slow to take
// them) is still sent a delta made once.
const keptHalls = 4

// madeHall is a hall's event and its boards' JSON, each board's apart.
type madeHall struct {
	hall   *hall.Hall
	view   HallView
	full   []byte
	boards [][]byte
	// deltas are the events "boards" to this hall from the older one
	// named by its version.
	deltas map[int64][]byte
}

func newEventCache() *eventCache {
	return &eventCache{kept: map[[2]int64][]*madeHall{}}
}

// made is the kept hall v, made now when it is the newest of its event's
// round or kept for its stream alone (a stream's own first read of an
// older one); the caller holds the lock.
func (ec *eventCache) made(v *hall.Hall) (*madeHall, error) {
	key := [2]int64{v.Event.ID, int64(v.Round)}
	kept := ec.kept[key]
	for _, m := range kept {
		if m.hall == v {
			return m, nil
		}
	}
	m, err := makeHall(v)
	if err != nil {
		return nil, err
	}
	if n := len(kept); n == 0 || kept[n-1].hall.Version < v.Version {
		kept = append(kept, m)
		if len(kept) > keptHalls {
			kept = slices.Delete(kept, 0, len(kept)-keptHalls)
		}
		ec.kept[key] = kept
	}
	return m, nil
}

// makeHall makes a hall's event "hall" and its boards' JSON.
func makeHall(v *hall.Hall) (*madeHall, error) {
	m := &madeHall{hall: v, view: NewHallView(v), deltas: map[int64][]byte{}}
	m.boards = make([][]byte, len(m.view.Boards))
	for i := range m.view.Boards {
		b, err := json.Marshal(m.view.Boards[i])
		if err != nil {
			return nil, err
		}
		m.boards[i] = b
	}
	body, err := json.Marshal(m.view)
	if err != nil {
		return nil, err
	}
	m.full = fmt.Appendf(nil, "event: hall\nid: %d\ndata: %s\n\n", v.Version, body)
	return m, nil
}

// event is the server-sent event that brings a reader who saw the hall
// seen (nil: none, or one the stream does not know) to the hall v: the
// boards that changed between the two (an event "boards") when both are
// halls of the same round with the same boards, else the whole hall (an
// event "hall").
func (ec *eventCache) event(seen, v *hall.Hall) ([]byte, error) {
	ec.mu.Lock()
	defer ec.mu.Unlock()
	to, err := ec.made(v)
	if err != nil {
		return nil, err
	}
	if seen == nil || seen.Event.ID != v.Event.ID || seen.Round != v.Round || seen.Version >= v.Version {
		return to.full, nil
	}
	if b, ok := to.deltas[seen.Version]; ok {
		return b, nil
	}
	from, err := ec.made(seen)
	if err != nil {
		return nil, err
	}
	b, ok, err := delta(from, to)
	if err != nil || !ok {
		return to.full, err
	}
	to.deltas[seen.Version] = b
	return b, nil
}

// DeltaView is an event "boards" of the stream: the hall at Version as
// HallView has it but for its boards, of which only those that changed
// since the version Since, whole, and a team event's matches.
type DeltaView struct {
	EventID  int64             `json:"event_id"`
	Game     string            `json:"game"`
	Round    int               `json:"round"`
	Rounds   []int             `json:"rounds"`
	Finished bool              `json:"finished"`
	Since    int64             `json:"since"`
	Version  int64             `json:"version"`
	Timer    TimerView         `json:"timer"`
	Boards   []json.RawMessage `json:"boards"`
	// Matches are a team event's matches whole: their scores move with
	// their boards' results.
	Matches []MatchView `json:"matches,omitempty"`
}

// delta is the event "boards" from the hall from to the hall to; not ok
// when their boards are not the same boards (a pairing made again), which
// a reader is sent whole.
func delta(from, to *madeHall) ([]byte, bool, error) {
	if len(from.boards) != len(to.boards) {
		return nil, false, nil
	}
	d := DeltaView{EventID: to.view.EventID, Game: to.view.Game, Round: to.view.Round, Rounds: to.view.Rounds, Finished: to.view.Finished,
		Since: from.hall.Version, Version: to.hall.Version, Timer: to.view.Timer, Boards: []json.RawMessage{}, Matches: to.view.Matches}
	for i := range to.boards {
		if from.view.Boards[i].Board != to.view.Boards[i].Board {
			return nil, false, nil
		}
		if !bytes.Equal(from.boards[i], to.boards[i]) {
			d.Boards = append(d.Boards, to.boards[i])
		}
	}
	body, err := json.Marshal(d)
	if err != nil {
		return nil, false, err
	}
	return fmt.Appendf(nil, "event: boards\nid: %d\ndata: %s\n\n", to.hall.Version, body), true, nil
}
