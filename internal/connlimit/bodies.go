package connlimit

import (
	"context"
	"io"
	"net"
	"net/http"
	"time"
)

// connKey holds, in the context of a connection's requests, the listener's
// connection (ConnContext).
type connKey struct{}

// ConnContext is what the http.Server's ConnContext hook must add for the
// listener to see its connections' requests: their bodies arriving
// (Handler) and their signed-in accounts (CountByAccount).
func ConnContext(ctx context.Context, nc net.Conn) context.Context {
	if c, ok := nc.(*conn); ok {
		return context.WithValue(ctx, connKey{}, c)
	}
	return ctx
}

// CountByAccount counts the connection of the request whose context is
// ctx by account, a signed-in account's key, instead of by its address,
// while the account holds fewer than Limits.PerAccount: so that the
// players of a hall behind one NAT are not held to one address's cap. A
// connection counts by the first account it is signed in as, until it
// closes.
func CountByAccount(ctx context.Context, account string) {
	c, ok := ctx.Value(connKey{}).(*conn)
	if !ok || account == "" {
		return
	}
	l := c.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if c.freed || c.account != "" || l.byAccount[account] >= l.limits.PerAccount {
		return
	}
	l.byAccount[account]++
	decrement(l.byAddress, c.address)
	c.account = account
}

// Handler wraps h, the server's handler, so that the listener sees each
// request body arrive: a body that sends nothing for BodyIdle is closed,
// and the bodies of an address below MinBodyRate are the first closed,
// after the idle connections, to make room for a newcomer. A body is
// arriving from the request's start until it ends or the handler returns;
// what of it the handler left unread the server reads then, so the
// handler's return waits for that too (net/http's Close of a body reads
// up to 256 KB of it to keep the connection).
func (l *Listener) Handler(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, ok := r.Context().Value(connKey{}).(*conn)
		if !ok || c.l != l || r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
			h.ServeHTTP(w, r)
			return
		}
		l.startReceiving(c)
		body := r.Body
		defer func() {
			_ = body.Close()
			l.mu.Lock()
			l.stopReceiving(c)
			l.mu.Unlock()
		}()
		r.Body = &countedBody{ReadCloser: body, c: c}
		h.ServeHTTP(w, r)
	})
}

// countedBody tells the listener of each part of a body that arrives.
type countedBody struct {
	io.ReadCloser
	c *conn
}

func (b *countedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.c.l.received(b.c, int64(n))
	}
	return n, err
}

// startReceiving marks c as receiving a body.
func (l *Listener) startReceiving(c *conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if c.receiving || c.freed {
		return
	}
	now := l.now()
	c.receiving, c.lastBody = true, now
	l.receiving[c] = struct{}{}
	a := l.bodies[c.address]
	if a == nil {
		a = &addressBodies{since: now}
		l.bodies[c.address] = a
	}
	a.receiving++
}

// received counts n bytes of c's body.
func (l *Listener) received(c *conn, n int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !c.receiving {
		return
	}
	c.lastBody = l.now()
	l.bodies[c.address].bytes += n
}

// stopReceiving marks c as no longer receiving a body and returns it.
// l.mu is held.
func (l *Listener) stopReceiving(c *conn) *conn {
	if !c.receiving {
		return c
	}
	c.receiving = false
	delete(l.receiving, c)
	if c.slowAt != nil {
		l.slow.Remove(c.slowAt)
		c.slowAt = nil
	}
	if a := l.bodies[c.address]; a.receiving <= 1 {
		delete(l.bodies, c.address)
	} else {
		a.receiving--
	}
	return c
}

// slowBodies marks the connections receiving the bodies of an address
// below MinBodyRate as slow, and takes out the connections whose body sent
// nothing for BodyIdle, their places given back, for the caller to close.
func (l *Listener) slowBodies() []*conn {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	var stalled []*conn
	for c := range l.receiving {
		if l.limits.BodyIdle > 0 && now.Sub(c.lastBody) > l.limits.BodyIdle {
			stalled = append(stalled, l.stopReceiving(c))
			l.free(c)
			continue
		}
		if c.slowAt == nil && l.isSlow(l.bodies[c.address], now) {
			c.slowAt = l.slow.PushBack(c)
		}
	}
	l.stats.ClosedSlow += int64(len(stalled))
	return stalled
}

// isSlow reports whether the bodies a of an address, having arrived for
// BodyGrace, came below MinBodyRate in all.
func (l *Listener) isSlow(a *addressBodies, now time.Time) bool {
	took := now.Sub(a.since)
	if l.limits.MinBodyRate <= 0 || took < l.limits.BodyGrace || took <= 0 {
		return false
	}
	return float64(a.bytes) < float64(l.limits.MinBodyRate)*took.Seconds()
}
