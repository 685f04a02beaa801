package relay_test

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"adiukh/api/apitest"
	"adiukh/tournament"
)

// A reader's stream of a round's relay: the round at once, then again after
// a board is pushed, with its new move.
func TestRoundStream(t *testing.T) {
	t.Parallel()
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		const arbiter = tournament.ArbiterRole
		id, _ := publishedRound(t, s, "international")
		srv := httptest.NewServer(s.Handler)
		defer srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // generous: only a stream that never answers fails
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/v1/events/%d/rounds/1/relay/stream", srv.URL, id), nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("the stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		lines := bufio.NewScanner(resp.Body)
		lines.Buffer(make([]byte, 1<<20), 1<<20)
		next := func() string {
			t.Helper()
			for lines.Scan() {
				if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
					return data
				}
			}
			t.Fatalf("the stream ended: %v", lines.Err())
			return ""
		}
		if first := next(); !strings.Contains(first, `"status":"waiting"`) {
			t.Errorf("the first event: %s", first)
		}
		s.Must(http.StatusOK, arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/boards/1/relay", id), map[string]any{"pdn": "1. 32-28 *"})
		if second := next(); !strings.Contains(second, `"last_move":"32-28"`) {
			t.Errorf("the event after the push: %s", second)
		}
	})
}
