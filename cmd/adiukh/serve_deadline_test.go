package main

import (
	"bufio"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"adiukh/internal/connlimit"
)

// Issue 65: `adiukh serve` gives a request's head 10 s, nginx's
// client_header_timeout, and its server takes the deadline it is given.
func TestServeWaitsTenSecondsForARequestsHead(t *testing.T) {
	if serveDeadlines.Header != 10*time.Second {
		t.Errorf("serve waits %v for a request's head, want 10s", serveDeadlines.Header)
	}
	srv, _ := startServer(t, serveDeadlines)
	if srv.ReadHeaderTimeout != serveDeadlines.Header || srv.ReadTimeout != serveDeadlines.Request || srv.WriteTimeout != serveDeadlines.Answer {
		t.Errorf("the server's deadlines are %v, %v, %v; want serve's %+v", srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, serveDeadlines)
	}
}

// Issue 65: a client that sends half a request's head is cut at the
// head's deadline, and another client is served meanwhile, on a server
// built as serve builds its own.
func TestHalfAHeadIsCutAtItsDeadline(t *testing.T) {
	d := serveDeadlines
	d.Header = time.Second
	_, addr := startServer(t, d)
	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	came := time.Now()
	if _, err := io.WriteString(slow, "GET /healthz HTTP/1.1\r\nHost: adiukh.test\r\n"); err != nil {
		t.Fatal(err)
	}
	cut := make(chan time.Duration, 1)
	go func() {
		_ = slow.SetReadDeadline(time.Now().Add(serveDeadlines.Header))
		n, err := slow.Read(make([]byte, 1))
		if n != 0 || err == nil {
			cut <- -1 // answered, not cut
			return
		}
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			cut <- serveDeadlines.Header // still open at serve's own deadline
			return
		}
		cut <- time.Since(came)
	}()

	other, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_ = other.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(other, "GET /healthz HTTP/1.1\r\nHost: adiukh.test\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(other), nil)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the other client, while the slow one sends its head: %v, %v; want 200", res, err)
	}
	select {
	case <-cut:
		t.Fatal("the slow client was cut before the other was served")
	default:
	}

	// A loaded machine may close the connection late, never early.
	switch after := <-cut; {
	case after < 0:
		t.Error("the half head was answered")
	case after < d.Header-50*time.Millisecond || after > d.Header+3*time.Second:
		t.Errorf("the half head was cut after %v, want at its deadline %v", after, d.Header)
	}
}

// startServer serves, as serve does, on a listener of 127.0.0.1 under
// connlimit's default limits, until the test ends; its handler answers
// every request 200.
func startServer(t *testing.T, d deadlines) (*http.Server, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	held := connlimit.New(ln, connlimit.DefaultLimits(1024, idleTimeout), log)
	ok := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") })
	srv := newServer(ok, held, idleTimeout, d, log)
	go func() { _ = srv.Serve(held) }()
	t.Cleanup(func() { _ = srv.Close() })
	return srv, ln.Addr().String()
}
