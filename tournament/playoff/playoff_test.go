package playoff_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/engines"
	"adiukh/tournament/export"
	"adiukh/tournament/playoff"
	"adiukh/tournament/report"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/teams"
)

// TestMain pools the tests' PostgreSQL schemas (storetest.Main).
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

func ptr[T any](v T) *T { return &v }

// fixture is an arbiter's services over one store.
type fixture struct {
	t        *testing.T
	ctx      context.Context
	events   *tournament.Service
	playoffs *playoff.Service
	teams    *teams.Service
	st       *store.Store
}

func newFixture(t *testing.T, st *store.Store) *fixture {
	ctx := storetest.Arbiter(t, st)
	events := tournament.NewService(st, engines.Options())
	competitions := teams.NewService(st.Teams(), events, engines.TeamOptions())
	return &fixture{t: t, ctx: ctx, events: events, playoffs: playoff.NewService(st.Playoffs(), events, competitions, nil), teams: competitions, st: st}
}

// playRounds plays every round of event e, of players or of teams, and
// then finishes it: round pairs round n, publishes it (publish) and enters
// its results.
func (f *fixture) playRounds(e *tournament.Event, round func(n int, publish func())) {
	f.t.Helper()
	for n := 1; ; n++ {
		cur, err := f.events.Event(f.ctx, e.ID)
		if err != nil {
			f.t.Fatal(err)
		}
		if n > 1 && n > cur.Rounds {
			break
		}
		round(n, func() {
			if _, err := f.events.PublishRound(f.ctx, e.ID, n); err != nil {
				f.t.Fatal(err)
			}
		})
	}
	if _, err := f.events.UpdateEvent(f.ctx, e.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
		f.t.Fatal(err)
	}
}

// play plays event e (playRounds), each board's score from scores, keyed
// "White-Black" by the players' names.
func (f *fixture) play(e *tournament.Event, scores map[string]string) {
	f.t.Helper()
	f.playRounds(e, func(n int, publish func()) {
		r, err := f.events.PairNextRound(f.ctx, e.ID)
		if err != nil {
			f.t.Fatalf("pair round %d of %s: %v", n, e.Name, err)
		}
		publish()
		d, err := f.events.DeskData(f.ctx, e.ID)
		if err != nil {
			f.t.Fatal(err)
		}
		for _, g := range r.Games {
			if g.IsBye() {
				continue
			}
			key := d.Player(g.WhiteID).Name + "-" + d.Player(g.BlackID).Name
			score, ok := scores[key]
			if !ok {
				f.t.Fatalf("round %d of %s: no score for %s", n, e.Name, key)
			}
			if _, err := f.events.RecordResult(f.ctx, tournament.ResultInput{EventID: e.ID, Round: n, Board: g.Board, Score: score, EndReason: "final_position", Version: g.Version}); err != nil {
				f.t.Fatalf("round %d of %s, %s %s: %v", n, e.Name, key, score, err)
			}
		}
	})
}

// place is a row of final standings as the tests compare them: its place
// and name ("1 Вова"), and "+" where a play-off decided it.
func place(rank int, name string, playoff int64) string {
	s := strconv.Itoa(rank) + " " + name
	if playoff != 0 {
		s += " +"
	}
	return s
}

// order is the final standings of event id, in order (place).
func (f *fixture) order(id int64) []string {
	f.t.Helper()
	st, err := f.events.Standings(f.ctx, id, 0)
	if err != nil {
		f.t.Fatal(err)
	}
	var out []string
	for _, r := range st.Rows {
		out = append(out, place(r.Rank, r.Name, r.Playoff))
	}
	return out
}

// checkFiles reads back the standings CSV (plain and Excel's), PDF and
// JSON of event id, whose rows name their players or teams in the column
// and field side ("name" or "team"): the playoff column and field mark
// those marked, and the rows come in the order given.
func (f *fixture) checkFiles(id int64, side string, marked map[string]bool, order []string) {
	t := f.t
	t.Helper()
	x := export.New(f.events, f.teams, nil, nil, f.playoffs)
	ru := catalog.For(catalog.Russian)
	for _, c := range []struct {
		dialect          report.CSVDialect
		comma            rune
		name, playoff    string // the columns' headers
		marked, unmarked string
	}{
		{report.PlainCSV, ',', side, "playoff", "true", "false"},
		{report.ExcelCSV, ';', ru.T("report.file_col." + side), ru.T("report.file_col.playoff"), ru.T("report.file_withdrawn_yes"), ""},
	} {
		var b bytes.Buffer
		if err := x.StandingsCSV(f.ctx, &b, c.dialect, catalog.Russian, id, 0); err != nil {
			t.Fatal(err)
		}
		r := csv.NewReader(strings.NewReader(strings.TrimPrefix(b.String(), "\ufeff")))
		r.Comma = c.comma
		rows, err := r.ReadAll()
		if err != nil || len(rows) != 1+len(marked) {
			t.Fatalf("%s CSV: %d rows, %v\n%s", c.dialect, len(rows), err, b.String())
		}
		name, mark := slices.Index(rows[0], c.name), slices.Index(rows[0], c.playoff)
		if name < 0 || mark < 0 {
			t.Fatalf("%s CSV: no %q or %q column in %q", c.dialect, c.name, c.playoff, rows[0])
		}
		var got []string
		for _, row := range rows[1:] {
			got = append(got, row[name])
			want := c.unmarked
			if marked[row[name]] {
				want = c.marked
			}
			if row[mark] != want {
				t.Errorf("%s CSV: %s is marked %q, want %q", c.dialect, row[name], row[mark], want)
			}
		}
		if !slices.Equal(got, order) {
			t.Errorf("%s CSV: rows %q, want %q", c.dialect, got, order)
		}
	}
	var b bytes.Buffer
	if err := x.StandingsPDF(f.ctx, &b, catalog.Russian, id, 0); err != nil || b.Len() == 0 {
		t.Fatalf("standings PDF: %v", err)
	}
	b.Reset()
	if err := x.StandingsJSON(f.ctx, &b, id, 0); err != nil {
		t.Fatal(err)
	}
	var file struct {
		Standings []map[string]any `json:"standings"`
	}
	if err := json.Unmarshal(b.Bytes(), &file); err != nil || len(file.Standings) != len(marked) {
		t.Fatalf("JSON: %v\n%s", err, b.String())
	}
	for i, r := range file.Standings {
		name, _ := r[side].(string)
		if playoff, _ := r["playoff"].(bool); playoff != marked[name] {
			t.Errorf("JSON: %s has playoff %v, want %v", name, playoff, marked[name])
		}
		if name != order[i] || r["place"] != float64(i+1) {
			t.Errorf("JSON: place %v is %s's, want %s's", r["place"], name, order[i])
		}
	}
}

// both scores a pairing's game the same from either colour: "A-B" and
// "B-A" both map to the score with A's checkers first.
func both(scores map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range scores {
		out[k] = v
		names := strings.SplitN(k, "-", 2)
		parts := strings.SplitN(v, ":", 2)
		out[names[1]+"-"+names[0]] = parts[1] + ":" + parts[0]
	}
	return out
}

// threeTied is a round robin of four in which Аба, Буба and Вова each beat
// Гога and one another in a ring: three tied on two points, by the same
// checkers, for first place.
var threeTied = both(map[string]string{
	"Аба-Гога": "13:11", "Буба-Гога": "13:11", "Вова-Гога": "13:11",
	"Аба-Буба": "13:11", "Буба-Вова": "13:11", "Вова-Аба": "13:11",
})

// TestPlayoffOfThreeIsARoundRobinAndDecidesFirstPlace: three players tied
// for first place play a round robin of their own; once it is finished,
// the parent's final standings (and its crosstable) put them in the
// play-off's order, marked, with Гога fourth by the tie-breaks.
func TestPlayoffOfThreeIsARoundRobinAndDecidesFirstPlace(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, st)
			e, _ := storetest.Event(t, f.ctx, f.events, "round-robin", 0, "Аба", "Буба", "Вова", "Гога")
			f.play(e, threeTied)
			v, err := f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Name: "Турнир: плей-офф", TimeControl: "15+5"})
			if err != nil {
				t.Fatal(err)
			}
			child := v.Event
			if child.ParentEventID != e.ID || child.System != tournament.RoundRobin || v.Games != 1 || child.TimeControl.String() != "15+5" || len(v.Seats) != 3 {
				t.Fatalf("play-off: %+v of event %+v, want a round robin of three, one game a pair, at 15+5, of event %d", v.Playoff, child, e.ID)
			}
			page, err := f.playoffs.Read(f.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Playoffs) != 1 || page.Playoffs[0].State != playoff.Playing || len(page.Ties) != 1 || page.Ties[0].Playoff != child.ID {
				t.Errorf("while played: %+v, want the play-off playing and the tie it decides", page)
			}
			before := f.order(e.ID)
			// Вова wins the play-off, Буба is second.
			f.play(child, both(map[string]string{"Аба-Буба": "11:13", "Буба-Вова": "11:13", "Вова-Аба": "13:11"}))
			got := f.order(e.ID)
			want := []string{"1 Вова +", "2 Буба +", "3 Аба +", "4 Гога"}
			if !slices.Equal(got, want) {
				t.Errorf("final standings after the play-off %q (before it %q), want %q", got, before, want)
			}
			ct, err := f.teams.CrosstableAfter(f.ctx, e.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range ct.Rows {
				if r.Player.Name == "Вова" && r.Rank != 1 || r.Player.Name == "Аба" && r.Rank != 3 {
					t.Errorf("crosstable: %s is placed %d", r.Player.Name, r.Rank)
				}
			}
			page, err = f.playoffs.Read(f.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if page.Playoffs[0].State != playoff.Decided {
				t.Errorf("after it: %s, want decided", page.Playoffs[0].State)
			}
		})
	}
}

// twoTied: Аба and Буба draw each other and beat the rest: tied on 2½.
var twoTied = both(map[string]string{
	"Аба-Буба": "12:12", "Аба-Вова": "13:11", "Аба-Гога": "13:11",
	"Буба-Вова": "13:11", "Буба-Гога": "13:11", "Вова-Гога": "13:11",
})

// TestPlayoffOfTwoIsAMatchAndReopening: two players tied for first play a
// match of two games, colours changed; the decision shows, is kept when
// the parent is reopened while they are still tied, and is flagged, not
// applied, once a corrected result parts them.
func TestPlayoffOfTwoIsAMatchAndReopening(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, st)
			e, _ := storetest.Event(t, f.ctx, f.events, "round-robin", 0, "Аба", "Буба", "Вова", "Гога")
			f.play(e, twoTied)
			v, err := f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Name: "Матч за первое место"})
			if err != nil {
				t.Fatal(err)
			}
			child := v.Event
			if v.Games != 2 || len(v.Seats) != 2 {
				t.Fatalf("play-off %+v, want a match of two games", v.Playoff)
			}
			f.play(child, both(map[string]string{"Аба-Буба": "12:12"}))
			// Level after two draws: the play-off's own tie-breaks leave
			// them level, and so the parent's order stands, marked.
			d, err := f.events.EventData(f.ctx, child.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Rounds) != 2 || d.Rounds[0].Games[0].WhiteID != d.Rounds[1].Games[0].BlackID {
				t.Fatalf("match rounds %+v, want two games with colours changed", d.Rounds)
			}
			// The arbiter reopens the match and corrects the second game:
			// Буба won it.
			if _, err := f.events.ReopenEvent(f.ctx, child.ID, "wrong result of game 2"); err != nil {
				t.Fatal(err)
			}
			g := d.Rounds[1].Games[0]
			score := "11:13"
			if d.Player(g.WhiteID).Name == "Буба" {
				score = "13:11"
			}
			if _, err := f.events.RecordResult(f.ctx, tournament.ResultInput{EventID: child.ID, Round: 2, Board: 1, Score: score, EndReason: "final_position", Version: g.Version, Reason: "wrong result"}); err != nil {
				t.Fatal(err)
			}
			if _, err := f.events.UpdateEvent(f.ctx, child.ID, tournament.EventInput{Status: ptr("finished")}, ""); err != nil {
				t.Fatal(err)
			}
			if got, want := f.order(e.ID), []string{"1 Буба +", "2 Аба +", "3 Вова", "4 Гога"}; !slices.Equal(got, want) {
				t.Errorf("after the match %q, want %q", got, want)
			}
			// The parent reopened, a result corrected: Аба beat Буба.
			if _, err := f.events.ReopenEvent(f.ctx, e.ID, "a result was entered wrong"); err != nil {
				t.Fatal(err)
			}
			if got, want := f.order(e.ID), []string{"1 Буба +", "2 Аба +", "3 Вова", "4 Гога"}; !slices.Equal(got, want) {
				t.Errorf("reopened, still tied: %q, want %q", got, want)
			}
			pd, err := f.events.DeskData(f.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range pd.Rounds {
				for _, g := range r.Games {
					if g.IsBye() || !(pd.Player(g.WhiteID).Name == "Аба" && pd.Player(g.BlackID).Name == "Буба" || pd.Player(g.WhiteID).Name == "Буба" && pd.Player(g.BlackID).Name == "Аба") {
						continue
					}
					score := "13:11"
					if pd.Player(g.WhiteID).Name == "Буба" {
						score = "11:13"
					}
					if _, err := f.events.RecordResult(f.ctx, tournament.ResultInput{EventID: e.ID, Round: r.Number, Board: g.Board, Score: score, EndReason: "final_position", Version: g.Version, Reason: "the sheet says Аба won"}); err != nil {
						t.Fatal(err)
					}
				}
			}
			if got, want := f.order(e.ID), []string{"1 Аба", "2 Буба", "3 Вова", "4 Гога"}; !slices.Equal(got, want) {
				t.Errorf("no longer tied: %q, want %q", got, want)
			}
			st, err := f.events.Standings(f.ctx, e.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(st.StalePlayoffs, []int64{child.ID}) {
				t.Errorf("stale play-offs %v, want [%d]", st.StalePlayoffs, child.ID)
			}
			page, err := f.playoffs.Read(f.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if page.Playoffs[0].State != playoff.Stale || page.CanCreate {
				t.Errorf("no longer tied: play-off %s, may create %v; want stale, and none while the event is reopened", page.Playoffs[0].State, page.CanCreate)
			}
		})
	}
}

// TestPlayoffRefused: what cannot be decided by a play-off is refused with
// what is wrong, and nothing is created.
func TestPlayoffRefused(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, st)
			e, players := storetest.Event(t, f.ctx, f.events, "round-robin", 0, "Аба", "Буба", "Вова", "Гога")
			aba, buba, vova := players[0].ID, players[1].ID, players[2].ID
			if _, err := f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Name: "П"}); tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "finish") {
				t.Errorf("before the event is finished: %v, want ECONFLICT saying to finish it", err)
			}
			f.play(e, twoTied)
			for _, c := range []struct {
				name  string
				in    playoff.Input
				code  string
				field string
				says  string
			}{
				{"no place", playoff.Input{}, tournament.EINVALID, "places", "name the place"},
				{"place out of the table", playoff.Input{Places: []int{5}}, tournament.EINVALID, "places", "place 5 is not in the standings; its places are 1 to 4"},
				{"nobody tied", playoff.Input{Places: []int{3}}, tournament.EINVALID, "places", "nobody is tied for place 3: Вова alone scores 2"},
				{"places apart", playoff.Input{Places: []int{1, 3}}, tournament.EINVALID, "places", "3 does not follow 1"},
				{"places of two ties", playoff.Input{Places: []int{2, 3}}, tournament.EINVALID, "places", "are not one tie"},
				{"a player not tied", playoff.Input{Places: []int{1}, Players: []int64{aba, vova}}, tournament.EINVALID, "players", "Вова is not tied for place 1"},
				{"one player", playoff.Input{Places: []int{1}, Players: []int64{aba}}, tournament.EINVALID, "players", "two players or more"},
				{"a stranger", playoff.Input{Places: []int{1}, Players: []int64{aba, 999999}}, tournament.EINVALID, "players", "player 999999 does not play"},
				{"too many games", playoff.Input{Places: []int{1}, Games: 21}, tournament.EINVALID, "games", "is 1 to 20, not 21"},
			} {
				c.in.Name = "Плей-офф"
				_, err := f.playoffs.Create(f.ctx, e.ID, c.in)
				var refused *tournament.Error
				if !errors.As(err, &refused) || refused.Code != c.code || refused.Field != c.field || !strings.Contains(refused.Message, c.says) {
					t.Errorf("%s: %v, want %s at %q saying %q", c.name, err, c.code, c.field, c.says)
				}
			}
			if _, err := f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Players: []int64{buba, aba}, Name: "Матч"}); err != nil {
				t.Fatal(err)
			}
			_, err := f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Name: "Ещё"})
			if tournament.ErrorCode(err) != tournament.ECONFLICT || !strings.Contains(err.Error(), "already plays in the play-off Матч") {
				t.Errorf("a second play-off of the tie: %v, want ECONFLICT naming the first", err)
			}
			page, err := f.playoffs.Read(f.ctx, e.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Playoffs) != 1 {
				t.Errorf("%d play-offs, want the one created", len(page.Playoffs))
			}
			if _, err := f.playoffs.Create(f.ctx, page.Playoffs[0].EventID, playoff.Input{Places: []int{1}, Name: "П"}); tournament.ErrorCode(err) != tournament.EINVALID || !strings.Contains(err.Error(), "is itself a play-off") {
				t.Errorf("a play-off of a play-off: %v, want EINVALID", err)
			}
		})
	}
}

// TestPlayoffOfASwissEvent: a tie for first place of a finished Swiss
// event is decided the same way: Аба and Буба, level after two rounds,
// play a match of one game.
func TestPlayoffOfASwissEvent(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, st)
			e, _ := storetest.Event(t, f.ctx, f.events, "swiss", 2, "Аба", "Буба", "Вова", "Гога")
			f.play(e, both(map[string]string{
				"Аба-Буба": "12:12", "Аба-Вова": "13:11", "Аба-Гога": "13:11",
				"Буба-Вова": "13:11", "Буба-Гога": "13:11", "Вова-Гога": "13:11",
			}))
			v, err := f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Games: 1, Name: "Плей-офф"})
			if err != nil {
				t.Fatal(err)
			}
			f.play(v.Event, both(map[string]string{"Аба-Буба": "11:13"}))
			if got := f.order(e.ID); len(got) != 4 || got[0] != "1 Буба +" || got[1] != "2 Аба +" {
				t.Errorf("the Swiss standings after the play-off: %q, want Буба first and Аба second, both marked", got)
			}
		})
	}
}

// TestPlayoffMarkedInTheStandingsFiles: the parent's standings CSV and
// JSON mark the places the play-off decided, as its page and PDF do: the
// plain CSV's playoff column says true for the three it placed and false
// for Гога, placed by the tie-breaks; Excel's says «да» or nothing; the
// JSON's rows have playoff only where it decided.
func TestPlayoffMarkedInTheStandingsFiles(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, st)
			e, _ := storetest.Event(t, f.ctx, f.events, "round-robin", 0, "Аба", "Буба", "Вова", "Гога")
			f.play(e, threeTied)
			v, err := f.playoffs.Create(f.ctx, e.ID, playoff.Input{Places: []int{1}, Name: "Турнир: плей-офф", TimeControl: "15+5"})
			if err != nil {
				t.Fatal(err)
			}
			f.play(v.Event, both(map[string]string{"Аба-Буба": "11:13", "Буба-Вова": "11:13", "Вова-Аба": "13:11"}))
			f.checkFiles(e.ID, "name", map[string]bool{"Вова": true, "Буба": true, "Аба": true, "Гога": false}, []string{"Вова", "Буба", "Аба", "Гога"})
		})
	}
}
