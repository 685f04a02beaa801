package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// On SIGTERM the server stops taking requests but answers those in
// progress before runServer returns, and only then is the database closed.
func TestShutdownWaitsForRequests(t *testing.T) {
	t.Parallel()
	started, release := make(chan struct{}), make(chan struct{})
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
		io.WriteString(w, "answered")
	})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var logged bytes.Buffer
	stopped := make(chan error, 1)
	go func() {
		stopped <- runServer(ctx, srv, ln, 10*time.Second, slog.New(slog.NewTextHandler(&logged, nil)))
	}()

	answer := make(chan string, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/slow")
		if err != nil {
			answer <- err.Error()
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		answer <- string(b)
	}()
	<-started
	cancel() // SIGTERM
	select {
	case err := <-stopped:
		t.Fatalf("runServer returned (%v) while a request was in progress", err)
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if got := <-answer; got != "answered" {
		t.Errorf("the request in progress got %q, want its answer", got)
	}
	if err := <-stopped; err != nil {
		t.Errorf("runServer: %v", err)
	}
	if !strings.Contains(logged.String(), "all requests answered") {
		t.Errorf("log:\n%s", logged.String())
	}
}

func TestServeRefusesAShortSecret(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	code := run([]string{"serve", "--db", t.TempDir() + "/a.db", "--secret", "a"}, &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "--secret has 1 bytes; it needs at least 32") {
		t.Errorf("serve --secret a: exit %d, %q; want exit 2 naming the 32 bytes", code, stderr.String())
	}
}

// The server's zone for new events is a setting: a name that is no zone
// stops serve before it opens anything, naming it (issue 64).
func TestServeRefusesAnUnknownTimeZone(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	code := run([]string{"serve", "--db", t.TempDir() + "/a.db", "--time-zone", "Europe/Maikop"}, &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), `--time-zone "Europe/Maikop" is not a time zone`) {
		t.Errorf("serve --time-zone Europe/Maikop: exit %d, %q; want exit 2 naming the zone", code, stderr.String())
	}
}
