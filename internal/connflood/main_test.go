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
