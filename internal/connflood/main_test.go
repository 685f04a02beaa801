package main

import (
	"io"
	"net"
	"net/http"
	"net/netip"
	"testing"
	"time"

	"adiukh/internal/connlimit"
)

// The flood counts what it was answered on and what the server refused,
// whether the reset came before the dial returned or after the request,
// against a server holding one address to 10 connections.
func TestFloodCountsHeldAndRefused(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := connlimit.New(ln, connlimit.Limits{PerAddress: 10, Total: 100, Idle: time.Minute}, nil)
	srv := &http.Server{ConnState: l.ConnState, ReadHeaderTimeout: 10 * time.Second,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") })}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })

	r := flood(ln.Addr().String(), "/", []netip.Addr{netip.MustParseAddr("127.0.0.20")}, 200, 8)
	for _, c := range r.held {
		_ = c.Close()
	}
	if len(r.held) != 10 || r.refused != 190 || r.dialErrors != 0 {
		t.Errorf("held %d, refused %d, failed %d; want 10, 190, 0", len(r.held), r.refused, r.dialErrors)
	}
}

// The slow flood holds its bodies coming one byte at a time from two
// addresses, past the server's total, and times another address, which a
// server closing slow bodies to make room answers throughout.
func TestSlowFloodHoldsBodiesAndTimesAnother(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := connlimit.New(ln, connlimit.Limits{PerAddress: 10, Total: 15, Idle: time.Minute,
		BodyIdle: time.Minute, MinBodyRate: 1024, BodyGrace: 500 * time.Millisecond}, nil)
	srv := &http.Server{ConnState: l.ConnState, ConnContext: connlimit.ConnContext, ReadHeaderTimeout: 10 * time.Second,
		Handler: l.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if _, err := io.Copy(io.Discard, r.Body); err == nil {
				_, _ = io.WriteString(w, "ok")
			}
		}))}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })

	sources := []netip.Addr{netip.MustParseAddr("127.0.0.21"), netip.MustParseAddr("127.0.0.22")}
	status := slowFlood(ln.Addr().String(), "/", "/", sources, "127.0.0.23", 20, 4, time.Second, 50*time.Millisecond, 1500*time.Millisecond, time.Second, 2*time.Second)
	if s := l.Stats(); status != 0 || s.ClosedSlow == 0 {
		t.Errorf("status %d, stats %+v; want 0, with slow bodies closed to make room", status, s)
	}
}
