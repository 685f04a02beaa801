package hall_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"adiukh/api"
	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store/storetest"
)

// hallEvent is an event of the game of d over the board with seven players
// (one sits out each round), the first titled and of a federation, and
// round 1 published, starting in 2099: a board forfeited, a board won
// and a board still playing. It returns the event's ID and round 1's
// games.
func hallEvent(t *testing.T, s *apitest.Server, d apitest.GameData) (int, []any) {
	t.Helper()
	ev := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{
		"name": "Чемпионат, " + d.Game.Key, "game": d.Game.Key, "discipline": "standard", "system": "round-robin", "time_control": "90+30"})
	id := apitest.Num(ev["id"])
	for i := 1; i <= 7; i++ {
		body := map[string]any{"name": fmt.Sprintf("Игрок %d", i), "rating": 2100 - 10*i}
		if i == 1 {
			body["title"], body["federation"] = d.Game.Titles[0].Notation, "RUS"
		}
		s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/players", id), body)
	}
	if h := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/hall", id), nil); apitest.Num(h["round"]) != 0 || len(h["boards"].([]any)) != 0 ||
		h["timer"].(map[string]any)["state"] != "unset" {
		t.Fatalf("the hall before a round: %v", h)
	}
	round := s.Must(http.StatusCreated, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds", id), nil)
	if code, out := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/hall?round=1", id), nil); code != http.StatusNotFound {
		t.Fatalf("a draft's hall: %d %v", code, out)
	}
	s.Must(http.StatusOK, apitest.Arbiter, "POST", fmt.Sprintf("/api/v1/events/%d/rounds/1/publish", id), nil)
	s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/start", id), map[string]any{"date": "2099-12-07", "time": "15:00"})
	var played []any
	for _, g := range round["games"].([]any) {
		if g.(map[string]any)["black"] != nil {
			played = append(played, g)
		}
	}
	forfeit, won := played[0].(map[string]any), played[1].(map[string]any)
	s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, apitest.Num(forfeit["board"])),
		map[string]any{"score": "+:-", "end_reason": "forfeit", "version": apitest.Num(forfeit["version"])})
	s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, apitest.Num(won["board"])),
		map[string]any{"score": d.WonScore, "end_reason": d.WonReason, "version": apitest.Num(won["version"])})
	return id, round["games"].([]any)
}

// The hall of every game's event answers every board of the round: the
// players by name with the title and federation, the bye, a forfeit, a
// result in the event's scale and a board still playing; and the timer,
// upcoming, its instants and the server's. An event played on the site has
// none, nor has a round not published; a bad round is refused. On both
// databases, for every kind of reader.
func TestHallOfEveryGame(t *testing.T) {
	t.Parallel()
	data := apitest.EveryGame(t)
	apitest.ForEachServer(t, func(t *testing.T, s *apitest.Server) {
		for _, d := range data {
			t.Run(d.Game.Key, func(t *testing.T) {
				id, games := hallEvent(t, s, d)
				for _, reader := range []tournament.Role{"", tournament.PlayerRole, apitest.Arbiter, tournament.Admin} {
					h := s.Must(http.StatusOK, reader, "GET", fmt.Sprintf("/api/v1/events/%d/hall", id), nil)
					checkHall(t, h, d, len(games))
				}
				if code, _ := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/hall?round=2", id), nil); code != http.StatusNotFound {
					t.Errorf("round 2, not paired: %d", code)
				}
				if code, out := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/hall?round=-1", id), nil); code != http.StatusBadRequest || !strings.Contains(fmt.Sprint(out), "round") {
					t.Errorf("round -1: %d %v", code, out)
				}
			})
		}
		corr := s.Must(http.StatusCreated, apitest.Arbiter, "POST", "/api/v1/events", map[string]any{"name": "Заочный", "discipline": "correspondence", "system": "round-robin", "time_control": "10d"})
		if code, out := s.Do("", "GET", fmt.Sprintf("/api/v1/events/%d/hall", apitest.Num(corr["id"])), nil); code != http.StatusNotFound {
			t.Errorf("a correspondence section's hall: %d %v", code, out)
		}
	})
}

func checkHall(t *testing.T, h map[string]any, d apitest.GameData, boards int) {
	t.Helper()
	if apitest.Num(h["round"]) != 1 || h["game"] != d.Game.Key || fmt.Sprint(h["rounds"]) != "[1]" || h["finished"] != false {
		t.Errorf("the hall: %v", h)
	}
	timer := h["timer"].(map[string]any)
	start, _ := time.Parse(time.RFC3339, fmt.Sprint(timer["start"]))
	end, _ := time.Parse(time.RFC3339, fmt.Sprint(timer["end"]))
	now, _ := time.Parse(time.RFC3339Nano, fmt.Sprint(timer["now"]))
	if timer["state"] != "upcoming" || start.Year() != 2099 || end.Sub(start) != 2*(90*time.Minute+60*30*time.Second) || now.IsZero() ||
		apitest.Num(timer["left_seconds"]) != int(start.Sub(now)/time.Second) || apitest.Num(timer["elapsed_seconds"]) != 0 {
		t.Errorf("the timer: %v", timer)
	}
	got := h["boards"].([]any)
	if len(got) != boards {
		t.Fatalf("%d boards, want %d: %v", len(got), boards, got)
	}
	var bye, forfeit, won, playing int
	titled := false
	for _, b := range got {
		b := b.(map[string]any)
		white := b["white"].(map[string]any)
		if white["name"] == "Игрок 1" || b["black"] != nil && b["black"].(map[string]any)["name"] == "Игрок 1" {
			p := white
			if white["name"] != "Игрок 1" {
				p = b["black"].(map[string]any)
			}
			titled = p["title"] == d.Game.Titles[0].Notation && p["federation"] == "RUS"
		}
		switch r, _ := b["result"].(map[string]any); {
		case b["bye"] == true:
			if b["black"] != nil {
				t.Errorf("the bye's board has a black player: %v", b)
			}
			bye++
		case b["forfeit"] == true:
			if r == nil || r["end_reason"] != "forfeit" || r["shown"] == "" {
				t.Errorf("the forfeit: %v", b)
			}
			forfeit++
		case r != nil:
			if r["score"] != d.WonScore || r["end_reason"] != d.WonReason || r["shown"] == "" {
				t.Errorf("the result: %v, want %s by %s", r, d.WonScore, d.WonReason)
			}
			won++
		default:
			playing++
		}
	}
	if bye != 1 || forfeit != 1 || won != 1 || playing != 1 || !titled {
		t.Errorf("the boards: %d byes, %d forfeits, %d won, %d playing, titled %v: %v", bye, forfeit, won, playing, titled, got)
	}
}

// sse reads a stream's events: each name and data, as they come.
type sse struct {
	t      *testing.T
	events chan [3]string // name, id, data
	body   io.Closer
}

func openStream(t *testing.T, base, path string, header map[string]string) *sse {
	t.Helper()
	req, err := http.NewRequest("GET", base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("the stream: %s %s", resp.Status, resp.Header.Get("Content-Type"))
	}
	s := &sse{t: t, events: make(chan [3]string, 16), body: resp.Body}
	go func() {
		defer close(s.events)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		var ev [3]string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev[0] != "" {
					s.events <- ev
				}
				ev = [3]string{}
			case strings.HasPrefix(line, "event: "):
				ev[0] = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "id: "):
				ev[1] = strings.TrimPrefix(line, "id: ")
			case strings.HasPrefix(line, "data: "):
				ev[2] = strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	t.Cleanup(func() { resp.Body.Close() })
	return s
}

// next is the stream's next event, failing the test after 10 s.
func (s *sse) next() [3]string {
	s.t.Helper()
	select {
	case ev, ok := <-s.events:
		if !ok {
			s.t.Fatal("the stream ended")
		}
		return ev
	case <-time.After(10 * time.Second):
		s.t.Fatal("no event in 10 s")
	}
	return [3]string{}
}

// The hall's stream tells the server's instant and sends the hall, then
// the board a result entered on another instance of the site on the same
// database changed, alone, with a higher version as its ID; a reader that
// comes back with an older version is sent the whole hall, one that comes
// back with the version it saw is sent no hall until the next change. On
// both databases.
func TestHallStreamOnTwoInstances(t *testing.T) {
	t.Parallel()
	data := apitest.EveryGame(t)
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := apitest.NewServer(t, st)
			id, _ := hallEvent(t, s, data[0])
			other := httptest.NewServer(apitest.NewRouter(api.Deps{DB: st, Events: tournament.NewService(st, engines.Options()),
				Accounts: apitest.Accounts(st, account.Options{}), Log: slog.New(slog.DiscardHandler)}))
			// Closed after the streams (cleanups run last first): a server
			// closing waits for the streams it serves.
			t.Cleanup(other.Close)
			path := fmt.Sprintf("/api/v1/events/%d/hall/stream", id)
			stream := openStream(t, other.URL, path, nil)
			if ev := stream.next(); ev[0] != "now" {
				t.Fatalf("the first event: %v, want the server's instant", ev)
			}
			first := stream.next()
			var h map[string]any
			if err := json.Unmarshal([]byte(first[2]), &h); first[0] != "hall" || err != nil || fmt.Sprint(apitest.Num(h["version"])) != first[1] {
				t.Fatalf("the hall first: %v (%v)", first, err)
			}
			var playing map[string]any
			for _, b := range h["boards"].([]any) {
				if b := b.(map[string]any); b["bye"] == false && b["result"] == nil {
					playing = b
				}
			}
			round := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/rounds/1", id), nil)
			version := 0
			for _, g := range round["games"].([]any) {
				if g := g.(map[string]any); apitest.Num(g["board"]) == apitest.Num(playing["board"]) {
					version = apitest.Num(g["version"])
				}
			}
			s.Must(http.StatusOK, apitest.Arbiter, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", id, apitest.Num(playing["board"])),
				map[string]any{"score": data[0].WonScore, "end_reason": data[0].WonReason, "version": version})
			// The change comes as the one board that changed since the
			// hall sent first.
			next := stream.next()
			var after map[string]any
			if err := json.Unmarshal([]byte(next[2]), &after); next[0] != "boards" || err != nil || after["finished"] != true ||
				fmt.Sprint(apitest.Num(after["since"])) != first[1] || fmt.Sprint(apitest.Num(after["version"])) != next[1] ||
				next[1] <= first[1] && len(next[1]) <= len(first[1]) {
				t.Fatalf("the boards after the last result: %v (%v)", next, err)
			}
			if changed := after["boards"].([]any); len(changed) != 1 || apitest.Num(changed[0].(map[string]any)["board"]) != apitest.Num(playing["board"]) ||
				changed[0].(map[string]any)["result"] == nil {
				t.Fatalf("the boards changed: %v, want board %v with its result alone", changed, playing["board"])
			}
			// A reader who comes back with an older version than the last
			// is sent the whole hall: the stream does not know what it saw.
			behind := openStream(t, other.URL, path, map[string]string{"Last-Event-ID": first[1]})
			if ev := behind.next(); ev[0] != "now" {
				t.Fatalf("the stream opened behind: %v", ev)
			}
			if ev := behind.next(); ev[0] != "hall" || ev[1] != next[1] || !strings.Contains(ev[2], `"finished":true`) {
				t.Fatalf("the stream opened behind sent %v, want the whole hall at %s", ev, next[1])
			}
			again := openStream(t, other.URL, path, map[string]string{"Last-Event-ID": next[1]})
			if ev := again.next(); ev[0] != "now" {
				t.Fatalf("the stream opened again: %v", ev)
			}
			select {
			case ev := <-again.events:
				t.Fatalf("the hall sent again unchanged: %v", ev)
			case <-time.After(time.Second):
			}
		})
	}
}
