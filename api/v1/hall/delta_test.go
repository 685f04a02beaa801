package hall

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/hall"
	"adiukh/tournament/relay"
)

// The stream's delta from one hall to the next has the boards that
// changed alone; a pairing made again, a new round or a reader who saw no
// hall the stream knows is sent the whole hall.
func TestStreamSendsTheBoardsThatChanged(t *testing.T) {
	e := &tournament.Event{ID: 7, Game: "russian"}
	seat := func(id int64) hall.Seat { return hall.Seat{PlayerID: id, Name: "P"} }
	first := &hall.Hall{Event: e, Round: 1, Rounds: []int{1}, Version: 10, Boards: []hall.Board{
		{Number: 1, White: seat(1), Black: seat(2)}, {Number: 2, White: seat(3), Black: seat(4)}, {Number: 3, White: seat(5), Black: seat(6)}}}
	second := *first
	second.Version = 11
	second.Boards = append([]hall.Board(nil), first.Boards...)
	second.Boards[1].Score = "1:0"
	second.Boards[1].Result = &tournament.Result{}
	ec := newEventCache()
	body, err := ec.event(first, &second)
	if err != nil {
		t.Fatal(err)
	}
	d := eventData[DeltaView](t, body, "boards")
	if d.Since != 10 || d.Version != 11 || len(d.Boards) != 1 || !strings.Contains(string(d.Boards[0]), `"board":2`) {
		t.Fatalf("the delta: %+v", d)
	}
	if again, _ := ec.event(first, &second); &again[0] != &body[0] {
		t.Error("the delta was made twice for the same two halls")
	}
	repaired := second
	repaired.Version = 12
	repaired.Boards = append([]hall.Board(nil), second.Boards...)
	repaired.Boards[2].Black = seat(9)
	if d := eventData[DeltaView](t, must(ec.event(&second, &repaired)), "boards"); len(d.Boards) != 1 || !strings.Contains(string(d.Boards[0]), `"id":9`) {
		t.Fatalf("a board's pairing changed: %+v", d)
	}
	fewer := repaired
	fewer.Version = 13
	fewer.Boards = repaired.Boards[:2]
	next := fewer
	next.Round, next.Version = 2, 14
	for _, c := range []struct {
		name     string
		seen, to *hall.Hall
	}{{"a board fewer", &repaired, &fewer}, {"a new round", &fewer, &next}, {"no hall seen", nil, &next}} {
		if h := eventData[HallView](t, must(ec.event(c.seen, c.to)), "hall"); h.Version != c.to.Version || len(h.Boards) != len(c.to.Boards) {
			t.Errorf("%s: %+v, want the whole hall", c.name, h)
		}
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// eventData is a server-sent event's data, which must be an event name.
func eventData[T any](t *testing.T, body []byte, name string) T {
	t.Helper()
	var out T
	lines := strings.Split(string(body), "\n")
	if lines[0] != "event: "+name || !strings.HasPrefix(lines[2], "data: ") {
		t.Fatalf("want an event %q: %s", name, body)
	}
	if err := json.Unmarshal([]byte(strings.TrimPrefix(lines[2], "data: ")), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// A relayed board's delta carries the plies its reader lacks, not all: one
// more ply of sixty is one ply from the sixtieth; a correction says so and
// carries the plies from the one it changed; a board that had no relay
// gets its moves whole.
func TestStreamSendsTheNewPlies(t *testing.T) {
	e := &tournament.Event{ID: 7, Game: "russian"}
	plies := func(n int, moved map[int]string) []relay.Ply {
		out := make([]relay.Ply, n)
		for i := range out {
			out[i].Move = fmt.Sprintf("m%d", i)
			if m, ok := moved[i]; ok {
				out[i].Move = m
			}
		}
		return out
	}
	at := func(version int64, relayed ...[]relay.Ply) *hall.Hall {
		h := &hall.Hall{Event: e, Round: 1, Rounds: []int{1}, Version: version}
		for i, p := range relayed {
			b := hall.Board{Number: i + 1, White: hall.Seat{PlayerID: int64(2*i + 1)}, Black: hall.Seat{PlayerID: int64(2*i + 2)}}
			if p != nil {
				b.Relay = &relay.BoardView{Board: i + 1, Status: relay.Playing, Plies: p}
			}
			h.Boards = append(h.Boards, b)
		}
		return h
	}
	relayOf := func(t *testing.T, d DeltaView) RelayView {
		t.Helper()
		if len(d.Boards) != 1 {
			t.Fatalf("the delta has %d boards, want the one that changed: %+v", len(d.Boards), d)
		}
		var b BoardView
		if err := json.Unmarshal(d.Boards[0], &b); err != nil || b.Relay == nil {
			t.Fatalf("the board %s: %v", d.Boards[0], err)
		}
		return *b.Relay
	}
	ec := newEventCache()
	sixty := at(20, plies(60, nil), plies(3, nil))
	more := at(21, plies(61, nil), plies(3, nil))
	r := relayOf(t, eventData[DeltaView](t, must(ec.event(sixty, more)), "boards"))
	if r.Plies != 61 || r.MovesFrom != 60 || r.Corrected || len(r.Moves) != 1 || r.Moves[0] != "m60" {
		t.Fatalf("one ply more than sixty: %+v", r)
	}
	corrected := at(22, plies(59, map[int]string{57: "x57", 58: "x58"}), plies(3, nil))
	r = relayOf(t, eventData[DeltaView](t, must(ec.event(more, corrected)), "boards"))
	if r.Plies != 59 || r.MovesFrom != 57 || !r.Corrected || strings.Join(r.Moves, " ") != "x57 x58" {
		t.Fatalf("a correction of ply 57: %+v", r)
	}
	takenBack := at(23, plies(57, nil), plies(3, nil))
	r = relayOf(t, eventData[DeltaView](t, must(ec.event(corrected, takenBack)), "boards"))
	if r.Plies != 57 || r.MovesFrom != 57 || !r.Corrected || len(r.Moves) != 0 {
		t.Fatalf("plies taken back: %+v", r)
	}
	unrelayed := at(30, plies(57, nil), nil)
	relayed := at(31, plies(57, nil), plies(2, nil))
	r = relayOf(t, eventData[DeltaView](t, must(ec.event(unrelayed, relayed)), "boards"))
	if r.MovesFrom != 0 || r.Corrected || strings.Join(r.Moves, " ") != "m0 m1" {
		t.Fatalf("a board relayed anew: %+v", r)
	}
	if h := eventData[HallView](t, must(ec.event(nil, more)), "hall"); len(h.Boards[0].Relay.Moves) != 61 || h.Boards[0].Relay.MovesFrom != 0 {
		t.Fatalf("the whole hall's board: %+v", h.Boards[0].Relay)
	}
}

// A team event's delta carries its matches with their scores, which move
// with their boards' results; an event of players' carries none.
func TestStreamDeltaCarriesTheMatches(t *testing.T) {
	e := &tournament.Event{ID: 8, Game: "russian", Discipline: tournament.RapidTeam}
	seat := func(id int64) hall.Seat { return hall.Seat{PlayerID: id, Name: "P"} }
	first := &hall.Hall{Event: e, Round: 1, Rounds: []int{1}, Version: 10,
		Boards:  []hall.Board{{Number: 1, White: seat(1), Black: seat(2)}, {Number: 2, White: seat(3), Black: seat(4)}},
		Matches: []hall.Match{{Table: 1, Home: hall.Team{ID: 1, StartNo: 1, Name: "А"}, Away: hall.Team{ID: 2, StartNo: 2, Name: "Б"}, Boards: []int{1, 2}}}}
	second := *first
	second.Version = 11
	second.Boards = append([]hall.Board(nil), first.Boards...)
	second.Boards[0].Score, second.Boards[0].Result = "2:0", &tournament.Result{White: 2}
	second.Matches = append([]hall.Match(nil), first.Matches...)
	second.Matches[0].Score.HomeGamePoints = 1
	d := eventData[DeltaView](t, must(newEventCache().event(first, &second)), "boards")
	if len(d.Boards) != 1 || len(d.Matches) != 1 || d.Matches[0].Score.HomePoints != 1 || d.Matches[0].Score.HomeMatchPoints != nil || d.Matches[0].Away.Name != "Б" {
		t.Fatalf("the delta of a team event: %+v", d)
	}
	players := *first
	players.Matches = nil
	if body := string(must(newEventCache().event(first, &players))); strings.Contains(body, `"matches"`) {
		t.Errorf("an event of players' hall: %s", body)
	}
}
