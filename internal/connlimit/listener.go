package connlimit

import (
	"container/list"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"
)

// Limits bound the connections a server holds.
type Limits struct {
	// PerAddress is how many connections one client address (AddressKey)
	// may hold at once; the next is closed as soon as it is accepted. A
	// club behind one NAT holds a page's connections and a stream per
	// player.
	PerAddress int
	// Total is how many connections the server holds in all: well under
	// its limit of open files, which the database, the files it reads and
	// the listening socket share.
	Total int
	// Proxies are the addresses of trusted reverse proxies: their
	// connections carry many clients' requests, so that they are held to
	// Total alone; the proxy bounds each client's (nginx's limit_conn).
	Proxies []netip.Prefix
	// Idle is how long a connection that waits for a request (a new one,
	// or a kept-alive one between requests) may stay while the server
	// holds at most half of Total: the server's IdleTimeout. Above half,
	// the time left shrinks in step with the room left, to nothing at
	// Total but the second (leastWait) every connection has to ask.
	Idle time.Duration
	// PerAccount is how many connections of one signed-in account
	// (CountByAccount) are counted by the account instead of by their
	// address: the players of a hall behind one NAT hold a page and a
	// stream each, far more than PerAddress in all. 0: every connection
	// counts by its address.
	PerAccount int
	// BodyIdle is how long a request body may send nothing before its
	// connection is closed (nginx's client_body_timeout). 0: never.
	BodyIdle time.Duration
	// MinBodyRate is the least rate, in bytes a second, at which the
	// bodies of one address arrive in all once they have come for
	// BodyGrace: an address below it sends its bodies slowly, and its
	// connections receiving them are closed, after the idle ones, to make
	// room for a newcomer. It is counted by address, not by connection,
	// so that a club uploading sheets on one slow line gets through as
	// fast as its line goes. 0: no rate is asked.
	MinBodyRate int64
	// BodyGrace is how long the bodies of an address arrive before their
	// rate is judged: a body's first bytes may come after a pause.
	BodyGrace time.Duration
}

// sweepEvery is how often the waiting connections are looked over; only
// above half of Total are any closed before the server's own idle timeout.
const sweepEvery = 500 * time.Millisecond

// leastWait is how long the sweep leaves any connection to send a request,
// however full the server: a full server allows no wait, and a newcomer let
// in by closing another would else be closed by the next sweep before its
// request came, making room for no one.
const leastWait = time.Second

// Listener is a net.Listener that holds to Limits: a connection from an
// address at its cap, or one that comes when the server holds Total and
// none waits idle to make room for it, is closed at once (a reset, which
// leaves nothing behind on the server), and Accept goes on to the next.
// The server's Accept therefore never meets a full table of open files
// because of its clients. It learns which connections are idle from the
// http.Server's ConnState hook (New).
type Listener struct {
	net.Listener
	limits Limits
	log    *slog.Logger
	now    func() time.Time

	mu        sync.Mutex
	total     int
	byAddress map[string]int
	// byAccount counts the connections counted by their signed-in
	// account (CountByAccount) instead of by their address.
	byAccount map[string]int
	// waiting are the connections that wait for a request, the longest
	// waiting first: those a full server closes first.
	waiting *list.List
	// receiving are the connections whose request body is arriving, and
	// bodies what each address's bodies have sent since they began.
	receiving map[*conn]struct{}
	bodies    map[string]*addressBodies
	// slow are the connections receiving the body of an address below
	// MinBodyRate, the first judged so first: those a full server closes
	// once no connection waits.
	slow  *list.List
	stats Stats

	stop     chan struct{}
	stopOnce sync.Once
}

// Stats count what the listener did.
type Stats struct {
	// Open is how many connections are held now, Waiting how many of them
	// wait for a request (idle between requests, the first to go for a
	// newcomer).
	Open, Waiting int
	// Accepted counts the connections let in.
	Accepted int64
	// RefusedAddress counts the connections closed at once because their
	// address held PerAddress already.
	RefusedAddress int64
	// RefusedTotal counts the connections closed at once because the
	// server held Total and none waited idle.
	RefusedTotal int64
	// ClosedIdle counts the waiting connections closed early: to make room
	// for a newcomer, or as the server filled up.
	ClosedIdle int64
	// Receiving is how many connections receive a request body now, Slow
	// how many of them belong to an address below MinBodyRate, and
	// ByAccount how many connections count by their signed-in account.
	Receiving, Slow, ByAccount int
	// ClosedSlow counts the connections closed while receiving a body:
	// to make room for a newcomer (an address below MinBodyRate), or
	// because the body sent nothing for BodyIdle.
	ClosedSlow int64
}

// addressBodies is what the request bodies of one address have sent since
// the address began to send them, with none arriving in between.
type addressBodies struct {
	receiving int
	since     time.Time
	bytes     int64
}

// conn is a connection the listener let in.
type conn struct {
	net.Conn
	l       *Listener
	address string
	// waitingAt is its place in l.waiting while it waits for a request;
	// nil while a request is served. Guarded by l.mu.
	waitingAt *list.Element
	// since is when it began to wait. Guarded by l.mu.
	since time.Time
	// account is the signed-in account it counts by instead of its
	// address; empty: it counts by address. Guarded by l.mu.
	account string
	// receiving tells whether its request body is arriving, lastBody
	// when it last sent some of it, and slowAt its place in l.slow once
	// its address is judged slow. Guarded by l.mu.
	receiving bool
	lastBody  time.Time
	slowAt    *list.Element
	// freed tells that its place was given back: when it closed, or when
	// the listener chose to close it, so that a newcomer never finds the
	// place of a connection on its way out still taken. Guarded by l.mu.
	freed bool
}

// Socket is the connection the listener accepted under c, when c is one
// it let in; else c itself: what a server that writes to the socket
// itself (api/core corks a kept page's answer) must use.
func Socket(c net.Conn) net.Conn {
	if held, ok := c.(*conn); ok {
		return held.Conn
	}
	return c
}

// Close closes the connection and gives its place back, unless the
// listener gave it back when it chose to close it.
func (c *conn) Close() error {
	err := c.Conn.Close()
	c.l.mu.Lock()
	defer c.l.mu.Unlock()
	c.l.free(c)
	return err
}

// New makes ln hold to limits. The http.Server that serves on it must have
// the listener's ConnState as its ConnState hook: it is how the listener
// learns which connections wait for a request, the only ones it closes
// early. It logs on log (nil: the default logger) how many connections it
// refused, once a minute at most. Closing the listener stops its sweeps.
func New(ln net.Listener, limits Limits, log *slog.Logger) *Listener {
	if log == nil {
		log = slog.Default()
	}
	l := &Listener{
		Listener: ln, limits: limits, log: log, now: time.Now,
		byAddress: map[string]int{}, byAccount: map[string]int{}, waiting: list.New(),
		receiving: map[*conn]struct{}{}, bodies: map[string]*addressBodies{}, slow: list.New(),
		stop: make(chan struct{}),
	}
	go l.sweep()
	return l
}

// Accept returns the next connection the limits let in, closing at once
// those they do not.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip, address := peer(c.RemoteAddr())
		in, makeRoom := l.admit(c, address, !l.isProxy(ip))
		if makeRoom != nil {
			_ = makeRoom.Close()
		}
		if in != nil {
			return in, nil
		}
		refuse(c)
	}
}

// Close stops taking connections and the sweeps.
func (l *Listener) Close() error {
	l.stopOnce.Do(func() { close(l.stop) })
	return l.Listener.Close()
}

// Stats are the listener's counts now.
func (l *Listener) Stats() Stats {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.stats
	s.Open, s.Waiting = l.total, l.waiting.Len()
	s.Receiving, s.Slow = len(l.receiving), l.slow.Len()
	for _, n := range l.byAccount {
		s.ByAccount += n
	}
	return s
}

// isProxy reports whether ip is one of the trusted proxies'.
func (l *Listener) isProxy(ip netip.Addr) bool {
	for _, p := range l.limits.Proxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// admit lets c in when its address (if capped) and the total have room,
// making room in the total by the connection that has waited longest, or
// with none waiting by the one receiving a slow address's body the
// longest: that one, its place given back, is the caller's to close
// (outside the lock, since closing it takes the lock).
func (l *Listener) admit(c net.Conn, address string, capped bool) (in *conn, makeRoom *conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if capped && l.byAddress[address] >= l.limits.PerAddress {
		l.stats.RefusedAddress++
		return nil, nil
	}
	if l.total >= l.limits.Total {
		if oldest := l.waiting.Front(); oldest != nil {
			makeRoom = l.stopWaiting(oldest)
			l.stats.ClosedIdle++
		} else if slowest := l.slow.Front(); slowest != nil {
			makeRoom = l.stopReceiving(slowest.Value.(*conn))
			l.stats.ClosedSlow++
		}
		if makeRoom != nil {
			l.free(makeRoom)
		} else {
			l.stats.RefusedTotal++
			return nil, nil
		}
	}
	l.total++
	l.byAddress[address]++
	l.stats.Accepted++
	in = &conn{Conn: c, l: l, address: address}
	// A new connection waits for its first request like a kept-alive one
	// for its next; http.Server tells of it only once Accept returned.
	l.startWaiting(in)
	return in, makeRoom
}

// free gives the place of c back, once. l.mu is held.
func (l *Listener) free(c *conn) {
	if c.freed {
		return
	}
	c.freed = true
	if c.waitingAt != nil {
		l.stopWaiting(c.waitingAt)
	}
	l.stopReceiving(c)
	l.total--
	if c.account != "" {
		decrement(l.byAccount, c.account)
	} else {
		decrement(l.byAddress, c.address)
	}
}

func decrement(m map[string]int, k string) {
	if m[k] <= 1 {
		delete(m, k)
		return
	}
	m[k]--
}

// ConnState is the http.Server's ConnState hook of the listener: it
// follows the connections between requests, since only those waiting for a
// request are closed early.
func (l *Listener) ConnState(nc net.Conn, state http.ConnState) {
	c, ok := nc.(*conn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch state {
	case http.StateIdle:
		if c.waitingAt == nil && !c.freed {
			l.startWaiting(c)
		}
	case http.StateActive, http.StateHijacked, http.StateClosed:
		if c.waitingAt != nil {
			l.stopWaiting(c.waitingAt)
		}
	}
}

// startWaiting puts c at the end of the waiting line. l.mu is held.
func (l *Listener) startWaiting(c *conn) {
	c.since = l.now()
	c.waitingAt = l.waiting.PushBack(c)
}

// stopWaiting takes the connection at e out of the waiting line and
// returns it. l.mu is held.
func (l *Listener) stopWaiting(e *list.Element) *conn {
	c := l.waiting.Remove(e).(*conn)
	c.waitingAt = nil
	return c
}

// idleAllowed is how long a connection may wait for a request while the
// server holds open connections: the whole Idle up to half of Total, then
// less in step with the room left.
func (l *Limits) idleAllowed(open int) time.Duration {
	half := l.Total / 2
	if open <= half {
		return l.Idle
	}
	room := max(l.Total-open, 0)
	return l.Idle * time.Duration(room) / time.Duration(l.Total-half)
}

// sweep closes, while the server holds more than half of Total, the
// connections that have waited for a request longer than idleAllowed, and
// never before leastWait.
func (l *Listener) sweep() {
	tick := time.NewTicker(sweepEvery)
	defer tick.Stop()
	var refusedBefore int64
	lastReport := l.now()
	for {
		select {
		case <-l.stop:
			return
		case <-tick.C:
		}
		for _, c := range l.overstayed() {
			_ = c.Close()
		}
		for _, c := range l.slowBodies() {
			_ = c.Close()
		}
		if now := l.now(); now.Sub(lastReport) >= time.Minute {
			lastReport = now
			s := l.Stats()
			if refused := s.RefusedAddress + s.RefusedTotal; refused > refusedBefore {
				l.log.Warn("connections refused over the limits", "refused", refused-refusedBefore,
					"open", s.Open, "per_address", l.limits.PerAddress, "total", l.limits.Total)
				refusedBefore = refused
			}
		}
	}
}

// overstayed takes out of the waiting line the connections that waited
// longer than the server's load allows, the longest waiting first, each
// judged by the load left once those before it are closed: so that the
// server sheds what brings it back to what the load allows, not every
// connection older than a moment's allowance at its fullest. The slow
// bodies are no load: a newcomer closes one of them as it would an idle
// connection, so that a server full of them leaves a newcomer's connection
// the time to send its request. Their places are given back at once; the
// caller closes them.
func (l *Listener) overstayed() []*conn {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	var out []*conn
	for open := l.total - l.slow.Len(); ; open-- {
		e := l.waiting.Front()
		if e == nil || now.Sub(e.Value.(*conn).since) <= max(l.limits.idleAllowed(open), leastWait) {
			break
		}
		c := l.stopWaiting(e)
		l.free(c)
		out = append(out, c)
	}
	l.stats.ClosedIdle += int64(len(out))
	return out
}

// peer is a connection's peer address and its AddressKey; a peer that is
// not an IP address (a Unix socket's) is counted by its name.
func peer(a net.Addr) (netip.Addr, string) {
	if tcp, ok := a.(*net.TCPAddr); ok {
		ip := tcp.AddrPort().Addr().Unmap()
		return ip, AddressKey(ip)
	}
	if ap, err := netip.ParseAddrPort(a.String()); err == nil {
		return ap.Addr().Unmap(), AddressKey(ap.Addr())
	}
	return netip.Addr{}, a.String()
}

// refuse closes a connection the limits do not let in with a reset: the
// client learns at once, and the server keeps no TIME_WAIT socket of it.
func refuse(c net.Conn) {
	if tcp, ok := c.(*net.TCPConn); ok {
		_ = tcp.SetLinger(0)
	}
	_ = c.Close()
}
