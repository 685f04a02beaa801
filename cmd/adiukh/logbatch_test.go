package main

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer is a log's output read while the batches are written.
type lockedBuffer struct {
	mu     sync.Mutex
	b      bytes.Buffer
	writes int
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes++
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// The lines of a crowd of requests leave in batches, each whole and once,
// in the order each request wrote them; a warning leaves at once with the
// lines before it; nothing is lost at the end.
func TestLogLeavesInBatches(t *testing.T) {
	out := &lockedBuffer{}
	lines := newLogBatch(out)
	log := slog.New(lines.atOnceFrom(slog.LevelWarn, slog.NewTextHandler(lines, nil)))
	log.Info("request", "n", -1)
	log.Warn("page cache: no data version")
	if got := out.String(); !strings.Contains(got, "n=-1") || !strings.Contains(got, "no data version") {
		t.Fatalf("after a warning the log holds %q; want the warning and the line before it", got)
	}
	const writers, each = 16, 500
	var crowd sync.WaitGroup
	for w := range writers {
		crowd.Go(func() {
			for i := range each {
				log.Info("request", "writer", w, "n", i)
			}
		})
	}
	crowd.Wait()
	lines.Close()
	log.Info("after the end")
	next := map[string]int{}
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		_, fields, ok := strings.Cut(line, "writer=")
		var w, n int
		if _, err := fmt.Sscanf(fields, "%d n=%d", &w, &n); !ok || err != nil {
			continue
		}
		key := fmt.Sprint(w)
		if n != next[key] {
			t.Fatalf("writer %d: line %d after line %d", w, n, next[key]-1)
		}
		next[key]++
	}
	for w := range writers {
		if got := next[fmt.Sprint(w)]; got != each {
			t.Errorf("writer %d: %d lines of %d", w, got, each)
		}
	}
	if !strings.HasSuffix(out.String(), "msg=\"after the end\"\n") {
		t.Error("a line written after the end was not written at once")
	}
	t.Logf("%d lines in %d writes", writers*each+3, out.writes)
	if out.writes > writers*each/2 {
		t.Errorf("%d lines took %d writes; want them gathered", writers*each, out.writes)
	}
}
