package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// streamBackstop is how long a sweep waits for a stream's first event
// before it leaves and says so: core.Push sends it as it opens, so only
// a stream that never flushes waits this long.
const streamBackstop = 10 * time.Second

// serveStream serves a stream's request and leaves, as a reader closing
// the page, as soon as the stream has flushed what it has (its first
// event): the sweeps read its status and first event, and waiting for a
// timeout instead cost each open stream 200 ms of the sweep.
func serveStream(t testing.TB, h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	ctx, leave := context.WithCancel(req.Context())
	defer leave()
	backstop := time.AfterFunc(streamBackstop, leave)
	rec := &leavingRecorder{ResponseRecorder: httptest.NewRecorder(), leave: leave}
	h.ServeHTTP(rec, req.WithContext(ctx))
	if !backstop.Stop() {
		t.Errorf("GET %s: the stream flushed nothing in %s", req.URL, streamBackstop)
	}
	return rec.ResponseRecorder
}

// leavingRecorder records an answer and leaves at its first flush.
type leavingRecorder struct {
	*httptest.ResponseRecorder
	leave context.CancelFunc
}

func (r *leavingRecorder) Flush() {
	r.ResponseRecorder.Flush()
	r.leave()
}
