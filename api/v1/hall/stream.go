package hall

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/hall"
)

// streamHall answers GET /events/{id}/hall/stream[?round=n]: the hall as
// an event "hall" with the body of GET /events/{id}/hall, then after every
// change an event "boards" (DeltaView) with only the boards that changed
// since the hall the stream sent before it, each event's ID the hall's
// version, as a live game's stream sends its game (core.Push: the follow
// is registered before the hall is read). A change of the round or of the
// boards themselves is sent as a whole "hall". A client that comes back
// with the version it last saw (Last-Event-ID, as EventSource sends it, or
// ?since=) is sent the whole hall at once only when it changed meanwhile:
// the stream cannot tell which boards changed since a version it did not
// send, so nothing a reader missed is ever left out. An event "now" tells
// the server's instant as the stream opens and with every ping, which the
// round's timer counts from. A reader over the limits of open streams is
// refused with 429 and Retry-After; the page then asks for the hall every
// few seconds.
func (h *handler) streamHall(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n, err := roundParam(c)
	if err != nil {
		return err
	}
	seen, err := core.LastSeen(c)
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
	// shown is the hall this stream last sent, nil until it sends one: a
	// reader who comes back names a version, not a hall, and is sent the
	// hall whole when it changed.
	var shown *hall.Hall
	tell := func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "event: now\ndata: %q\n\n", h.Now().UTC().Format(time.RFC3339Nano))
		return err
	}
	return core.Push(c, slot, seen, core.PushChannel[*hall.Hall]{
		Subscribe: func() core.Subscription[*hall.Hall] {
			f := h.Hall.Subscribe(ctx, id, n)
			return core.Subscription[*hall.Hall]{
				Changes: f.Changes,
				Read:    f.Read,
				Next: func(version int64) (*hall.Hall, bool) {
					v := f.Next(version)
					return v, v != nil
				},
				Stop: f.Stop,
			}
		},
		Version: func(v *hall.Hall) int64 { return v.Version },
		Write: func(w io.Writer, v *hall.Hall) error {
			body, err := h.events.event(shown, v)
			if err != nil {
				return err
			}
			if _, err := w.Write(body); err != nil {
				return err
			}
			shown = v
			return nil
		},
		Hello: tell,
		Ping:  tell,
	})
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
// since the version Since, each whole but for its relayed moves: only
// those the reader of version Since lacks (RelayView's MovesFrom); and a
// team event's matches.
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
			b, err := boardDelta(from.hall.Boards[i], to.hall.Boards[i], to.view.Boards[i])
			if err != nil {
				return nil, false, err
			}
			d.Boards = append(d.Boards, b)
		}
	}
	body, err := json.Marshal(d)
	if err != nil {
		return nil, false, err
	}
	return fmt.Appendf(nil, "event: boards\nid: %d\ndata: %s\n\n", to.hall.Version, body), true, nil
}

// boardDelta is board view (the board b of the newer hall) as a delta
// from the board seen sends it: its relay's moves those from the first the
// reader of seen lacks (hall.NewPlies), not all.
func boardDelta(seen, b hall.Board, view BoardView) (json.RawMessage, error) {
	if view.Relay != nil {
		r := *view.Relay
		r.MovesFrom, r.Corrected = hall.NewPlies(seen, b)
		r.Moves = r.Moves[r.MovesFrom:]
		view.Relay = &r
	}
	return json.Marshal(view)
}
