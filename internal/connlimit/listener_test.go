package connlimit

import (
	"bufio"
	"container/list"
	"context"
	"io"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestAddressKey(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ ip, want string }{
		{"192.0.2.7", "192.0.2.7"},
		{"::ffff:192.0.2.7", "192.0.2.7"},
		{"2001:db8:1:2::1", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"},
		{"2001:db8:1:3::1", "2001:db8:1:3::/64"},
		{"fe80::1%eth0", "fe80::/64"},
		{"::1", "::/64"},
	} {
		if got := AddressKey(netip.MustParseAddr(tc.ip)); got != tc.want {
			t.Errorf("AddressKey(%s) = %q, want %q", tc.ip, got, tc.want)
		}
	}
}

// testServer serves "ok" on a loopback port through a Listener with
// limits; handler, when not nil, serves instead.
func testServer(t *testing.T, limits Limits, handler http.Handler) (*Listener, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if handler == nil {
		handler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") })
	}
	l := New(ln, limits, nil)
	srv := &http.Server{Handler: l.Handler(handler), ConnContext: ConnContext,
		ReadHeaderTimeout: 10 * time.Second, IdleTimeout: limits.Idle, ConnState: l.ConnState}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return l, ln.Addr().String()
}

// from is a dialer whose connections come from the loopback address ip:
// Linux routes all of 127.0.0.0/8 to the loopback interface, so each is
// another client address of the same machine.
func from(ip string) *net.Dialer {
	return &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
}

// clientFrom is an HTTP client whose connections come from ip, a new one
// for each request: each is accepted amid whatever else comes.
func clientFrom(ip string) *http.Client {
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: from(ip).DialContext, DisableKeepAlives: true}}
}

// ask sends one request on a connection of its own from d and reports
// whether an answer came; the connection is kept open (as a client holding
// a kept-alive connection does) when it came, closed when not.
func ask(d *net.Dialer, addr string) (net.Conn, bool) {
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, false
	}
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: test\r\n\r\n"); err != nil {
		_ = c.Close()
		return nil, false
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		_ = c.Close()
		return nil, false
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	return c, res.StatusCode == http.StatusOK
}

// One address making 2,000 connection attempts, each sending a request and
// holding its connection kept alive, holds no more than its cap, the rest
// refused at once; another address is served all the while. (The same
// with 20,000 attempts on the real server: scripts/bench-connections.)
func TestOneAddressCannotStarveAnother(t *testing.T) {
	t.Parallel()
	const attempts, workers = 2000, 8
	limits := Limits{PerAddress: 50, Total: 200, Idle: 2 * time.Minute}
	l, addr := testServer(t, limits, nil)

	var held sync.Map
	var answered atomic.Int64
	var flood sync.WaitGroup
	next := make(chan struct{})
	for range workers {
		flood.Go(func() {
			for range next {
				if c, ok := ask(from("127.0.0.2"), addr); ok {
					answered.Add(1)
					held.Store(c, true)
				}
			}
		})
	}
	t.Cleanup(func() {
		held.Range(func(c, _ any) bool { _ = c.(net.Conn).Close(); return true })
	})

	flooding, cancel := context.WithCancel(context.Background())
	var served, failed atomic.Int64
	var other sync.WaitGroup
	other.Go(func() {
		client := clientFrom("127.0.0.3")
		for flooding.Err() == nil {
			res, err := client.Get("http://" + addr + "/")
			if err != nil {
				failed.Add(1)
				t.Errorf("another address during the flood: %v", err)
				continue
			}
			_, _ = io.Copy(io.Discard, res.Body)
			_ = res.Body.Close()
			served.Add(1)
		}
	})
	for range attempts {
		next <- struct{}{}
	}
	close(next)
	flood.Wait()
	cancel()
	other.Wait()

	s := l.Stats()
	if got := answered.Load(); got != int64(limits.PerAddress) {
		t.Errorf("the flooding address was answered on %d connections, want its cap %d", got, limits.PerAddress)
	}
	if s.RefusedAddress != attempts-int64(limits.PerAddress) {
		t.Errorf("refused %d connections of the flooding address, want %d", s.RefusedAddress, attempts-limits.PerAddress)
	}
	if served.Load() == 0 || failed.Load() != 0 {
		t.Errorf("another address: %d requests served, %d failed during the flood", served.Load(), failed.Load())
	}
	t.Logf("%d attempts: %d answered, stats %+v; the other address had %d answers", attempts, answered.Load(), s, served.Load())
}

// A club of 200 connections behind one address, each holding a request
// answered and its connection kept alive, is served at the default limits.
func TestAClubBehindOneAddressIsServed(t *testing.T) {
	t.Parallel()
	const club = 200
	_, addr := testServer(t, DefaultLimits(20000, 2*time.Minute), nil)
	var answered atomic.Int64
	var wg sync.WaitGroup
	conns := make(chan net.Conn, club)
	for range club {
		wg.Go(func() {
			if c, ok := ask(from("127.0.0.4"), addr); ok {
				answered.Add(1)
				conns <- c
			}
		})
	}
	wg.Wait()
	close(conns)
	for c := range conns {
		_ = c.Close()
	}
	if answered.Load() != club {
		t.Errorf("%d of the club's %d connections were answered", answered.Load(), club)
	}
}

// A trusted proxy's connections carry many clients': they are held to the
// total alone, where any other address is held to its cap.
func TestAProxyIsHeldToTheTotalAlone(t *testing.T) {
	t.Parallel()
	limits := Limits{PerAddress: 2, Total: 6, Idle: time.Minute, Proxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.9/32")}}
	l, addr := testServer(t, limits, nil)
	answered := func(ip string, n int) (count int) {
		for range n {
			if c, ok := ask(from(ip), addr); ok {
				count++
				t.Cleanup(func() { _ = c.Close() })
			}
		}
		return count
	}
	if got := answered("127.0.0.9", 5); got != 5 {
		t.Errorf("the proxy was answered on %d of 5 connections, want all", got)
	}
	if got := answered("127.0.0.10", 3); got != 2 {
		t.Errorf("another address was answered on %d of 3 connections, want its cap 2", got)
	}
	if s := l.Stats(); s.RefusedAddress != 1 {
		t.Errorf("stats %+v, want one connection refused over an address's cap", s)
	}
}

// A server holding Total connections makes room for a new one by closing
// the one that has waited longest for a request; a connection whose
// request is being served (a live game's stream) is never closed for it,
// and with none waiting the newcomer is refused.
func TestAFullServerClosesTheLongestWaiting(t *testing.T) {
	t.Parallel()
	streaming := make(chan struct{})
	release := make(chan struct{})
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/stream" {
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			streaming <- struct{}{}
			<-release
			return
		}
		_, _ = io.WriteString(w, "ok")
	})
	l, addr := testServer(t, Limits{PerAddress: 10, Total: 2, Idle: time.Hour}, handler)
	defer close(release)

	openStream := func(ip string) net.Conn {
		t.Helper()
		c, err := from(ip).Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(c, "GET /stream HTTP/1.1\r\nHost: test\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case <-streaming:
		case <-time.After(10 * time.Second):
			t.Fatalf("the stream from %s was not served within 10 s (stats %+v)", ip, l.Stats())
		}
		return c
	}
	defer openStream("127.0.0.5").Close()
	idle, ok := ask(from("127.0.0.6"), addr)
	if !ok {
		t.Fatal("the second connection was not answered")
	}
	defer idle.Close()
	// The answered connection waits for its next request only once the
	// server has gone back to reading it, which may come after its answer
	// reached the client. The sweep may then close it before the newcomer
	// does (a full server allows no more than leastWait), which makes the
	// same room.
	waitFor(t, func() bool { s := l.Stats(); return s.Open == 2 && s.Waiting == 1 || s.ClosedIdle == 1 })

	defer openStream("127.0.0.7").Close()
	_ = idle.SetReadDeadline(time.Now().Add(5 * time.Second))
	if n, err := idle.Read(make([]byte, 1)); err == nil {
		t.Errorf("the idle connection was kept open (read %d bytes) to let a newcomer in", n)
	}
	if _, ok := ask(from("127.0.0.8"), addr); ok {
		t.Error("a newcomer was answered by a server holding its total, none of it idle")
	}
	if s := l.Stats(); s.ClosedIdle != 1 || s.RefusedTotal != 1 || s.Open > 2 {
		t.Errorf("stats %+v, want one idle connection closed, one refused over the total and at most 2 open", s)
	}
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the condition did not come within 10 s")
		}
	}
}

// A connection may wait for a request the whole idle timeout while the
// server holds up to half its total, and less in step with the room left
// above it.
func TestIdleTimeShrinksAsConnectionsGrow(t *testing.T) {
	t.Parallel()
	l := Limits{Total: 100, Idle: 100 * time.Second}
	for _, tc := range []struct {
		open int
		want time.Duration
	}{
		{0, 100 * time.Second},
		{50, 100 * time.Second},
		{75, 50 * time.Second},
		{90, 20 * time.Second},
		{100, 0},
		{101, 0},
	} {
		if got := l.idleAllowed(tc.open); got != tc.want {
			t.Errorf("with %d open: idle allowed %v, want %v", tc.open, got, tc.want)
		}
	}
}

// The sweep closes the connections that waited longer than the load
// allows, the longest waiting first, each judged by the load left once
// those before it are closed, and leaves the others.
func TestOverstayedAreTheLongestWaiting(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_000_000, 0)
	// Allowed: 100 s up to 5 open, then 20 s less for each more: 80 s at
	// 6, 60 s at 7, 40 s at 8, 20 s at 9, nothing at 10.
	l := &Listener{limits: Limits{PerAddress: 10, Total: 10, Idle: 100 * time.Second}, now: func() time.Time { return now },
		byAddress: map[string]int{}, waiting: list.New(), slow: list.New()}
	var conns []*conn
	for i := range 10 {
		c, _ := l.admit(nil, netip.AddrFrom4([4]byte{192, 0, 2, byte(i)}).String(), true)
		conns = append(conns, c)
		now = now.Add(10 * time.Second)
	}
	now = now.Add(-5 * time.Second)
	// Waiting 95, 85, 75, …, 5 s: 95 s at 10 open, 85 at 9, 75 at 8 and
	// 65 at 7 overstay; 55 s at 6 open does not.
	got := l.overstayed()
	if len(got) != 4 || got[0] != conns[0] || got[3] != conns[3] {
		t.Errorf("%d overstayed, want the 4 longest waiting", len(got))
	}
	if l.waiting.Len() != 6 || l.waiting.Front().Value != conns[4] {
		t.Errorf("%d connections still waiting, want 6 from the fifth", l.waiting.Len())
	}
	if s := l.Stats(); s.ClosedIdle != 4 {
		t.Errorf("%d counted closed idle, want 4", s.ClosedIdle)
	}
}

// A connection the listener chose to close gives its place back at once,
// before it is closed: a newcomer that comes in between finds the room
// (the sweep closes what it chose outside the lock, and under load a
// newcomer was refused in that moment).
func TestAChosenConnectionMakesRoomBeforeItCloses(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_000_000, 0)
	l := &Listener{limits: Limits{PerAddress: 10, Total: 2, Idle: time.Minute}, now: func() time.Time { return now },
		byAddress: map[string]int{}, waiting: list.New(), slow: list.New(), receiving: map[*conn]struct{}{}}
	first, _ := l.admit(nil, "192.0.2.1", true)
	l.admit(nil, "192.0.2.2", true)
	now = now.Add(2 * leastWait)
	// Full, so no wait is allowed at the first beyond the least: the sweep
	// chooses it, and leaves the second (with one open, half the total, a
	// minute is).
	chosen := l.overstayed()
	if len(chosen) != 1 || chosen[0] != first {
		t.Fatalf("%d chosen to close, want the first admitted alone", len(chosen))
	}
	if in, makeRoom := l.admit(nil, "192.0.2.3", true); in == nil || makeRoom != nil {
		t.Fatalf("a newcomer was refused (or made room by another) while the chosen was not yet closed: %+v", l.Stats())
	}
	if s := l.Stats(); s.Open != 2 || s.Waiting != 2 || s.RefusedTotal != 0 {
		t.Errorf("stats %+v, want the second and the newcomer open and waiting", s)
	}
	// Closing it now, after the server's late word that it went idle,
	// neither gives its place back twice nor puts it in line again.
	l.ConnState(first, http.StateIdle)
	first.Conn = nopConn{}
	_ = first.Close()
	if s := l.Stats(); s.Open != 2 || s.Waiting != 2 || len(l.byAddress) != 2 || l.byAddress["192.0.2.1"] != 0 {
		t.Errorf("stats %+v, addresses %v after closing the chosen, want the second's and the newcomer's", s, l.byAddress)
	}
	// A newcomer to the full server has the longest waiting chosen to make
	// room, its place given back before the caller closes it.
	in, makeRoom := l.admit(nil, "192.0.2.4", true)
	if in == nil || makeRoom == nil || makeRoom.address != "192.0.2.2" {
		t.Fatalf("the fourth: let in %v, room made by %v, want the second's connection closed for it", in != nil, makeRoom)
	}
	if s := l.Stats(); s.Open != 2 || s.Waiting != 2 || s.ClosedIdle != 2 {
		t.Errorf("stats %+v before the chosen is closed, want two open and waiting, two closed idle", s)
	}
}

// A newcomer let in at a full server, by closing the longest waiting, has
// leastWait to send its request before the sweep may close it: a full
// server allows no wait, and under load the sweep came between the accept
// and the request, and closed the newcomer for nothing.
func TestANewcomerToAFullServerHasTimeToAsk(t *testing.T) {
	t.Parallel()
	now := time.Unix(1_000_000, 0)
	l := &Listener{limits: Limits{PerAddress: 10, Total: 2, Idle: time.Minute}, now: func() time.Time { return now },
		byAddress: map[string]int{}, waiting: list.New(), slow: list.New(), receiving: map[*conn]struct{}{}}
	streaming, _ := l.admit(nil, "192.0.2.1", true)
	l.ConnState(streaming, http.StateActive)
	l.admit(nil, "192.0.2.2", true)
	now = now.Add(time.Minute)
	newcomer, makeRoom := l.admit(nil, "192.0.2.3", true)
	if newcomer == nil || makeRoom == nil {
		t.Fatalf("the newcomer: let in %v, room made by %v, want the idle one closed for it", newcomer != nil, makeRoom)
	}
	now = now.Add(sweepEvery)
	if got := l.overstayed(); len(got) != 0 {
		t.Fatalf("the sweep closed %d connections %v after the newcomer came, want none before %v", len(got), sweepEvery, leastWait)
	}
	now = now.Add(leastWait)
	if got := l.overstayed(); len(got) != 1 || got[0] != newcomer {
		t.Errorf("the sweep closed %d connections after leastWait, want the newcomer that never asked", len(got))
	}
}

// nopConn is a connection whose Close does nothing, for a listener's
// connections made without a socket.
type nopConn struct{ net.Conn }

func (nopConn) Close() error { return nil }
