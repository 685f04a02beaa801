package core

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"adiukh/internal/connlimit"

	"github.com/gin-gonic/gin"
)

// fixedVersion is a database whose data never changes.
type fixedVersion struct{}

func (fixedVersion) DataVersion(context.Context) (int64, error) { return 1, nil }
func (fixedVersion) EventVersions(context.Context, int64) (int64, int64, error) {
	return 1, 1, nil
}
func (fixedVersion) Ping(context.Context) error { return nil }

// A kept page leaves in one piece: the head and a body of a few KB reach
// the client together (net/http alone writes a body over 4 KB in two), and
// every answer, small, large, kept or being made, is whole: on a bare
// listener and on the connection limits' one, as `adiukh serve` listens,
// whose connections wrap the socket.
func TestKeptPageLeavesInOnePiece(t *testing.T) {
	t.Run("bare listener", func(t *testing.T) { keptPageLeavesInOnePiece(t, nil) })
	t.Run("connection limits' listener", func(t *testing.T) {
		keptPageLeavesInOnePiece(t, func(srv *httptest.Server) {
			held := connlimit.New(srv.Listener, connlimit.Limits{PerAddress: 10, Total: 100, Idle: time.Minute}, slog.New(slog.NewTextHandler(io.Discard, nil)))
			srv.Listener, srv.Config.ConnState = held, held.ConnState
		})
	})
}

// keptPageLeavesInOnePiece is TestKeptPageLeavesInOnePiece on a server
// whose listener listen sets (nil: the bare one).
func keptPageLeavesInOnePiece(t *testing.T, listen func(*httptest.Server)) {
	s := New(Deps{DB: fixedVersion{}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	r := s.Engine()
	bodies := map[string]string{}
	for _, size := range []int{100, 6 << 10, 30 << 10, 200 << 10} {
		path := "/page/" + strconv.Itoa(size)
		bodies[path] = strings.Repeat("<p>a kept page</p>\n", size/19+1)[:size]
		r.GET(path, s.Cached(), func(c *gin.Context) { c.Data(http.StatusOK, "text/html; charset=utf-8", []byte(bodies[path])) })
	}
	// Whether the answer can be corked: whether the request's context
	// holds its socket. On loopback the client's first read often takes
	// both pieces of an answer written in two, so that the read below
	// does not tell it.
	r.GET("/socket", func(c *gin.Context) {
		_, ok := c.Request.Context().Value(connKey{}).(syscall.RawConn)
		c.String(http.StatusOK, strconv.FormatBool(ok))
	})
	srv := httptest.NewUnstartedServer(r)
	srv.Config.ConnContext = ConnContext
	if listen != nil {
		listen(srv)
	}
	srv.Start()
	defer srv.Close()
	if resp, err := srv.Client().Get(srv.URL + "/socket"); err != nil {
		t.Fatal(err)
	} else {
		held, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(held) != "true" {
			t.Errorf("a request's context holds no socket to cork (%s)", held)
		}
	}
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	in := bufio.NewReaderSize(conn, 1<<20)
	for _, path := range []string{"/page/6144", "/page/100", "/page/30720", "/page/204800"} {
		for _, kind := range []string{"made", "kept"} {
			if _, err := io.WriteString(conn, "GET "+path+" HTTP/1.1\r\nHost: adiukh\r\n\r\n"); err != nil {
				t.Fatal(err)
			}
			if path == "/page/6144" && kind == "kept" {
				// The first read takes all that has come: the whole answer.
				if _, err := in.Peek(1); err != nil {
					t.Fatal(err)
				}
				head, body, _ := strings.Cut(string(peekAll(in)), "\r\n\r\n")
				if len(body) != len(bodies[path]) {
					t.Errorf("GET %s (kept): the first piece holds %d bytes of the body of %d; want all of it with the head %q",
						path, len(body), len(bodies[path]), head)
				}
			}
			resp, err := http.ReadResponse(in, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusOK || string(got) != bodies[path] {
				t.Errorf("GET %s (%s): %d, %d bytes (%v); want 200 and the page's %d", path, kind, resp.StatusCode, len(got), err, len(bodies[path]))
			}
			if resp.Header.Get("X-Content-Type-Options") != "nosniff" || resp.Header.Get("ETag") == "" {
				t.Errorf("GET %s (%s): head %v lacks nosniff or its ETag", path, kind, resp.Header)
			}
		}
	}
}

// peekAll is what r holds already, unread.
func peekAll(r *bufio.Reader) []byte {
	b, _ := r.Peek(r.Buffered())
	return b
}
