package core

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
)

// counter is a value followed by push channels: its version, raised by
// each write, which signals its subscribers.
type counter struct {
	mu      sync.Mutex
	version int64
	subs    map[chan struct{}]bool
	// afterRead, when set, runs once after a subscriber's first read has
	// read the version and before Push has it: a write there is one the
	// read missed.
	afterRead func()
}

func (n *counter) write() {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.version++
	for ch := range n.subs {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

func (n *counter) channel() PushChannel[int64] {
	return PushChannel[int64]{
		Subscribe: func() Subscription[int64] {
			ch := make(chan struct{}, 1)
			n.mu.Lock()
			n.subs[ch] = true
			n.mu.Unlock()
			return Subscription[int64]{
				Changes: ch,
				Read: func(context.Context) (int64, error) {
					n.mu.Lock()
					v, after := n.version, n.afterRead
					n.afterRead = nil
					n.mu.Unlock()
					if after != nil {
						after()
					}
					return v, nil
				},
				Next: func(seen int64) (int64, bool) {
					n.mu.Lock()
					defer n.mu.Unlock()
					return n.version, n.version > seen
				},
				Stop: func() {
					n.mu.Lock()
					delete(n.subs, ch)
					n.mu.Unlock()
				},
			}
		},
		Version: func(v int64) int64 { return v },
		Write: func(w io.Writer, v int64) error {
			_, err := fmt.Fprintf(w, "event: count\nid: %d\ndata: %d\n\n", v, v)
			return err
		},
	}
}

// pushServer serves the counter's push channel; closing slot replaces the
// streams.
func pushServer(t *testing.T, n *counter, slot *StreamSlot) string {
	t.Helper()
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.GET("/stream", func(c *gin.Context) {
		seen, err := LastSeen(c)
		if err != nil {
			c.String(http.StatusBadRequest, err.Error())
			return
		}
		if err := Push(c, slot, seen, n.channel()); err != nil {
			c.String(http.StatusInternalServerError, err.Error())
		}
	})
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	return srv.URL + "/stream"
}

// events reads a stream's events, "name id" each, until it has want.
func events(t *testing.T, url string, header map[string]string, want int) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("%s: %s %s", url, resp.Status, resp.Header.Get("Content-Type"))
	}
	var got []string
	name := ""
	sc := bufio.NewScanner(resp.Body)
	for len(got) < want && sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "id: "):
			got = append(got, name+" "+strings.TrimPrefix(line, "id: "))
		case line == "data: replaced":
			got = append(got, name)
		}
	}
	if len(got) < want {
		t.Fatalf("%s: the stream ended after %v (%v)", url, got, sc.Err())
	}
	return got
}

func openSlot() (*StreamSlot, func()) {
	closed := make(chan struct{})
	return &StreamSlot{Closed: closed, release: func() {}}, sync.OnceFunc(func() { close(closed) })
}

// A push channel subscribes before it reads: a write that the first read
// missed (made after it read, before the stream sent it) is signalled and
// sent next, not lost.
func TestPushSendsAWriteTheFirstReadMissed(t *testing.T) {
	n := &counter{version: 1, subs: map[chan struct{}]bool{}}
	n.afterRead = n.write
	slot, _ := openSlot()
	url := pushServer(t, n, slot)
	if got := events(t, url, nil, 2); got[0] != "count 1" || got[1] != "count 2" {
		t.Fatalf("the stream sent %v, want the version read and then the write after it", got)
	}
}

// A client that comes back with the version it last saw (Last-Event-ID or
// ?since=) is sent at once what changed since, and nothing when nothing
// did, only the next change.
func TestPushResumesFromTheVersionSeen(t *testing.T) {
	n := &counter{version: 5, subs: map[chan struct{}]bool{}}
	slot, _ := openSlot()
	url := pushServer(t, n, slot)
	if got := events(t, url, map[string]string{"Last-Event-ID": "3"}, 1); got[0] != "count 5" {
		t.Fatalf("a client that saw version 3 of 5 was sent %v", got)
	}
	if got := events(t, url+"?since=4", map[string]string{"Last-Event-ID": "5"}, 1); got[0] != "count 5" {
		t.Fatalf("?since=4 is the version seen, over Last-Event-ID: sent %v", got)
	}
	// A client that saw the newest version is sent the next one alone;
	// the write waits for its stream to subscribe.
	go func() {
		for {
			n.mu.Lock()
			subscribed := len(n.subs) > 0
			n.mu.Unlock()
			if subscribed {
				n.write()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	if got := events(t, url, map[string]string{"Last-Event-ID": "5"}, 1); got[0] != "count 6" {
		t.Fatalf("a client that saw the newest version was sent %v, want the next", got)
	}
}

// A stream whose slot is taken by a newer one (the same player's) tells
// its page it was replaced, and ends.
func TestPushTellsAReplacedStream(t *testing.T) {
	n := &counter{version: 1, subs: map[chan struct{}]bool{}}
	slot, replace := openSlot()
	url := pushServer(t, n, slot)
	n.afterRead = replace
	if got := events(t, url, nil, 2); got[0] != "count 1" || got[1] != "replaced" {
		t.Fatalf("the replaced stream sent %v", got)
	}
}

// A version seen that is not a whole number ≥ 0 is refused, naming where.
func TestLastSeenRefusesABadVersion(t *testing.T) {
	gin.SetMode(gin.TestMode)
	for _, c := range []struct{ header, query, field string }{{"x", "", "Last-Event-ID"}, {"", "-1", "since"}} {
		ctx, _ := gin.CreateTestContext(httptest.NewRecorder())
		ctx.Request = httptest.NewRequest(http.MethodGet, "/stream", nil)
		if c.header != "" {
			ctx.Request.Header.Set("Last-Event-ID", c.header)
		}
		if c.query != "" {
			ctx.Request = httptest.NewRequest(http.MethodGet, "/stream?since="+c.query, nil)
		}
		if _, err := LastSeen(ctx); err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}
