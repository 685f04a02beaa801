package connlimit

import (
	"bufio"
	"container/list"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// readBody answers "ok" once it has read the whole request body.
var readBody = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	if _, err := io.Copy(io.Discard, r.Body); err != nil {
		return
	}
	_, _ = io.WriteString(w, "ok")
})

// trickle opens a connection from d that sends a request whose body of
// size bytes comes one byte every pause, until stop; it reports whether
// the head was sent.
func trickle(d *net.Dialer, addr string, size int, pause time.Duration, stop <-chan struct{}) bool {
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return false
	}
	if _, err := fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: test\r\nContent-Length: %d\r\n\r\n", size); err != nil {
		_ = c.Close()
		return false
	}
	go func() {
		defer c.Close()
		tick := time.NewTicker(pause)
		defer tick.Stop()
		for range size {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			if _, err := c.Write([]byte{'x'}); err != nil {
				return
			}
		}
		<-stop
	}()
	return true
}

// 52 addresses (52 IPv6 /64s fit in one /58) each holding their cap of
// connections, each sending its body one byte every 5 s, more than the
// server's total in all: another address is still served within 2 s,
// since the connections of an address whose bodies come below the least
// rate are closed to make room for it. (The findings' full size, 52 × 300
// against 15,000: scripts/bench-connections with SLOW=1.)
func TestSlowBodiesDoNotHoldTheServer(t *testing.T) {
	t.Parallel()
	const addresses, perAddress = 52, 30
	limits := Limits{PerAddress: perAddress, Total: 1500, Idle: time.Minute,
		BodyIdle: 20 * time.Second, MinBodyRate: 1024, BodyGrace: time.Second}
	l, addr := testServer(t, limits, readBody)
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })

	var opened atomic.Int64
	var wg sync.WaitGroup
	for a := range addresses {
		d := from(fmt.Sprintf("127.0.4.%d", a+1))
		wg.Go(func() {
			for range perAddress {
				if trickle(d, addr, 1000, 5*time.Second, stop) {
					opened.Add(1)
				}
			}
		})
	}
	wg.Wait()
	waitFor(t, func() bool { return l.Stats().Receiving >= limits.Total-perAddress })
	// The bodies' rate is judged once they have come for BodyGrace, at
	// the next sweep.
	time.Sleep(limits.BodyGrace + 2*sweepEvery)

	began := time.Now()
	c, ok := ask(from("127.0.0.30"), addr)
	took := time.Since(began)
	if ok {
		_ = c.Close()
	}
	s := l.Stats()
	if !ok || took > 2*time.Second {
		t.Errorf("another address was answered %v after %v while %d slow bodies were held; want an answer within 2 s (stats %+v)", ok, took, opened.Load(), s)
	}
	if s.ClosedSlow == 0 {
		t.Errorf("stats %+v: no slow body was closed to make room", s)
	}
}

// A body that sends nothing for BodyIdle has its connection closed.
func TestAStalledBodyIsClosed(t *testing.T) {
	t.Parallel()
	l, addr := testServer(t, Limits{PerAddress: 10, Total: 10, Idle: time.Minute, BodyIdle: time.Second}, readBody)
	c, err := from("127.0.0.31").Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 10\r\n\r\nxx"); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	began := time.Now()
	n, err := c.Read(make([]byte, 1))
	if err == nil || time.Since(began) > 5*time.Second {
		t.Errorf("a body that stalled was read %d bytes, %v after %v; want its connection closed after about 1 s", n, err, time.Since(began))
	}
	if s := l.Stats(); s.ClosedSlow != 1 || s.Receiving != 0 {
		t.Errorf("stats %+v, want one stalled body closed and none receiving", s)
	}
}

// A club uploading sheets on one slow line from one address, each upload
// slower than the least rate but the line above it in all, is not slow:
// every upload gets through. The line is three times the least rate, for a
// loaded machine whose sleeps overrun (at one and a half times it, the
// club was judged slow beside the suite's other tests).
func TestAClubOnASlowLineIsNotSlow(t *testing.T) {
	t.Parallel()
	const uploads, size = 8, 600
	limits := Limits{PerAddress: 50, Total: 50, Idle: time.Minute, BodyIdle: 20 * time.Second, MinBodyRate: 512, BodyGrace: 500 * time.Millisecond}
	l, addr := testServer(t, limits, readBody)
	var answered atomic.Int64
	var wg sync.WaitGroup
	for range uploads {
		wg.Go(func() {
			c, err := from("127.0.0.32").Dial("tcp", addr)
			if err != nil {
				return
			}
			defer c.Close()
			_, _ = fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: test\r\nContent-Length: %d\r\n\r\n", size)
			// 200 bytes a second each, 1,600 in all: 3 s an upload.
			for range size / 20 {
				time.Sleep(100 * time.Millisecond)
				if _, err := io.WriteString(c, strings.Repeat("x", 20)); err != nil {
					return
				}
			}
			res, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err == nil && res.StatusCode == http.StatusOK {
				answered.Add(1)
			}
		})
	}
	waitFor(t, func() bool { return l.Stats().Receiving == uploads })
	time.Sleep(2 * time.Second)
	if s := l.Stats(); s.Slow != 0 {
		t.Errorf("stats %+v: the club's uploads were judged slow", s)
	}
	wg.Wait()
	if answered.Load() != uploads {
		t.Errorf("%d of the club's %d uploads were answered", answered.Load(), uploads)
	}
}

// A hall of 500 signed-in players behind one address, each holding a live
// game's stream and sending moves on a kept-alive connection (1,000
// connections, more than three times the address's cap), plays on: each
// connection counts by its account once signed in.
func TestAHallBehindOneAddressPlaysOn(t *testing.T) {
	t.Parallel()
	const players, moves = 500, 3
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		CountByAccount(r.Context(), r.URL.Query().Get("account"))
		if r.URL.Path == "/stream" {
			w.WriteHeader(http.StatusOK)
			_, _ = io.WriteString(w, "position\n")
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
			case <-ctx.Done():
			}
			return
		}
		_, _ = io.Copy(io.Discard, r.Body)
		_, _ = io.WriteString(w, "ok")
	})
	limits := DefaultLimits(20000, time.Minute)
	l, addr := testServer(t, limits, handler)
	d := from("127.0.0.33")

	var streams, moved atomic.Int64
	next := make(chan int)
	var wg sync.WaitGroup
	for range 32 {
		wg.Go(func() {
			for p := range next {
				if c, ok := openStream(d, addr, p); ok {
					streams.Add(1)
					t.Cleanup(func() { _ = c.Close() })
				}
				if c, n := play(d, addr, p, moves); c != nil {
					moved.Add(int64(n))
					t.Cleanup(func() { _ = c.Close() })
				}
			}
		})
	}
	for p := range players {
		next <- p + 1
	}
	close(next)
	wg.Wait()
	s := l.Stats()
	if streams.Load() != players || moved.Load() != players*moves {
		t.Errorf("%d of %d streams open, %d of %d moves answered behind one address (stats %+v)", streams.Load(), players, moved.Load(), players*moves, s)
	}
	if s.ByAccount != 2*players || s.RefusedAddress != 0 {
		t.Errorf("stats %+v, want %d connections counted by account and none refused", s, 2*players)
	}
}

// openStream opens player's stream from d and reports whether its first
// position came; the connection stays open.
func openStream(d *net.Dialer, addr string, player int) (net.Conn, bool) {
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, false
	}
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := fmt.Fprintf(c, "GET /stream?account=%d HTTP/1.1\r\nHost: test\r\n\r\n", player); err != nil {
		_ = c.Close()
		return nil, false
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		_ = c.Close()
		return nil, false
	}
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || line != "position\n" {
		_ = c.Close()
		return nil, false
	}
	_ = c.SetDeadline(time.Time{})
	return c, true
}

// play sends player's moves on one kept-alive connection from d and
// returns it with how many were answered.
func play(d *net.Dialer, addr string, player, moves int) (net.Conn, int) {
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, 0
	}
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	r := bufio.NewReader(c)
	answered := 0
	for range moves {
		if _, err := fmt.Fprintf(c, "POST /move?account=%d HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\n\r\n32-28", player); err != nil {
			break
		}
		res, err := http.ReadResponse(r, nil)
		if err != nil {
			break
		}
		_, _ = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
		if res.StatusCode == http.StatusOK {
			answered++
		}
	}
	return c, answered
}

// A server full of slow bodies leaves a newcomer's connection, waiting to
// send its request, the whole idle time: the slow bodies are the room.
func TestSlowBodiesLeaveANewcomerTime(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_000_000, 0)
	l := &Listener{limits: Limits{PerAddress: 10, Total: 10, Idle: time.Minute, MinBodyRate: 1024, BodyGrace: time.Second},
		now: func() time.Time { return now }, byAddress: map[string]int{}, byAccount: map[string]int{}, waiting: list.New(),
		receiving: map[*conn]struct{}{}, bodies: map[string]*addressBodies{}, slow: list.New()}
	for range 9 {
		c, _ := l.admit(nil, "192.0.2.1", true)
		l.ConnState(c, http.StateActive)
		l.startReceiving(c)
	}
	now = now.Add(5 * time.Second)
	l.slowBodies()
	if _, makeRoom := l.admit(nil, "192.0.2.2", true); makeRoom != nil {
		t.Fatal("a newcomer to a server with room closed a connection")
	}
	now = now.Add(time.Second)
	if got := l.overstayed(); len(got) != 0 {
		t.Errorf("%d waiting connections closed a second after they came, beside %d slow bodies", len(got), l.Stats().Slow)
	}
}
