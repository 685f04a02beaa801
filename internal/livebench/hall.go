package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"adiukh/rules"
	"adiukh/rules/games"
	"adiukh/tournament"
	"adiukh/tournament/engines"
	registration "adiukh/tournament/players"
	"adiukh/tournament/store"
)

// The target of issue 67.3: 2,000 readers of a hall on two instances see
// a relayed move within a second of its push, at the 99th percentile.
const hallSeenP99Target = time.Second

// hallCommand is livebench hall: an event over the board of -boards
// boards of Russian draughts, round 1 published, written into -db; then
// -readers readers hold the hall's stream open, spread over -servers,
// while a bridge relays each board's game ply by ply (its PDN so far, as
// an e-board's bridge pushes it) through the servers in turn, every
// -pace. Every reader's first sight of every ply is measured from the
// push that sent it; a ply a reader never saw is counted missing.
func hallCommand(args []string) error {
	fs := flag.NewFlagSet("livebench hall", flag.ExitOnError)
	dsn := fs.String("db", "", "the database the servers serve: a SQLite file or a PostgreSQL DSN")
	servers := fs.String("servers", "", "the servers' addresses, comma-separated")
	readers := fs.Int("readers", 2000, "readers holding the hall's stream open")
	boards := fs.Int("boards", 20, "boards of the round")
	plies := fs.Int("plies", 20, "plies relayed on each board")
	pace := fs.Duration("pace", 100*time.Millisecond, "time between two pushes (of any board)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	bases := strings.Split(*servers, ",")
	if *dsn == "" || *servers == "" || *readers < 1 || *boards < 1 || *plies < 1 {
		return fmt.Errorf("hall needs -db, -servers, and -readers, -boards and -plies of at least 1")
	}
	ctx := context.Background()
	setup, names, err := hallSetUp(ctx, *dsn, *boards)
	if err != nil {
		return err
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	m := &hallMeasure{pushed: map[[2]int]time.Time{}, seen: map[[3]int]bool{}}
	// The readers open their streams first and wait until each has its
	// first hall.
	var ready, done sync.WaitGroup
	stop, cancel := context.WithCancel(ctx)
	defer cancel()
	for i := range *readers {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			m.read(stop, fmt.Sprintf("%s/api/v1/events/%d/hall/stream", bases[i%len(bases)], setup.Event), i, &ready)
		}()
	}
	ready.Wait()
	fmt.Printf("%d readers hold the hall's stream open on %d instances\n", *readers, len(bases))
	games := make([][]string, *boards)
	game := games0()
	began := time.Now()
	for ply := 1; ply <= *plies; ply++ {
		for b := range *boards {
			move, err := nextMove(game, games[b])
			if err != nil {
				return err
			}
			games[b] = append(games[b], move)
			base := bases[(ply+b)%len(bases)]
			m.push(b+1, ply)
			if err := pushBoard(ctx, client, base, setup, b+1, names[b+1], games[b]); err != nil {
				return err
			}
			time.Sleep(*pace)
		}
	}
	// The last plies have ten seconds to arrive everywhere: what is not
	// seen by then is counted missing.
	time.Sleep(10 * time.Second)
	cancel()
	done.Wait()
	return m.report(*readers, *boards**plies, time.Since(began))
}

// games0 is the rules of Russian draughts, the bench's game.
func games0() rules.Game {
	v, _ := games.Lookup("russian")
	return v.Rules
}

// nextMove is a legal move after the plies played, at random.
func nextMove(game rules.Game, plies []string) (string, error) {
	s := game.Start()
	for _, p := range plies {
		next, err := s.Play(p)
		if err != nil {
			return "", err
		}
		s = next.After
	}
	moves := s.Moves()
	if len(moves) == 0 {
		return "", fmt.Errorf("no legal move after %d plies", len(plies))
	}
	return moves[rand.IntN(len(moves))].Notation, nil
}

// hallSetUp writes the bench's event: an arbiter with an API token, 2n
// players, round 1 paired and published; it returns the board's players.
func hallSetUp(ctx context.Context, dsn string, n int) (*benchSetup, map[int][2]string, error) {
	st, err := store.Open(unsynced(dsn))
	if err != nil {
		return nil, nil, err
	}
	defer st.Close()
	users, tokens, err := addAccounts(ctx, st, []string{fmt.Sprintf("hall-arbiter-%d@bench.example.org", time.Now().UnixNano())})
	if err != nil {
		return nil, nil, err
	}
	arbiter := tournament.NewContextWithUser(ctx, users[0])
	events := tournament.NewService(st, engines.Options())
	e, err := events.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Hall bench"), Game: ptr("russian"), Discipline: ptr("rapid"), System: ptr("swiss"),
		Rounds: ptr(5), TimeControl: ptr("15+10")})
	if err != nil {
		return nil, nil, err
	}
	byID := map[int64]string{}
	for i := range 2 * n {
		name := fmt.Sprintf("Игрок %04d", i+1)
		p, err := registration.NewService(events).RegisterPlayer(arbiter, e.ID, tournament.PlayerInput{Name: &name, Rating: ptr(2400 - i)})
		if err != nil {
			return nil, nil, err
		}
		byID[p.ID] = name
	}
	r, err := events.PairNextRound(arbiter, e.ID)
	if err != nil {
		return nil, nil, err
	}
	if _, err := events.PublishRound(arbiter, e.ID, r.Number); err != nil {
		return nil, nil, err
	}
	names := map[int][2]string{}
	for _, g := range r.Games {
		names[g.Board] = [2]string{byID[g.WhiteID], byID[g.BlackID]}
	}
	return &benchSetup{Event: e.ID, Game: "russian", Round: r.Number, Arbiter: tokens[0]}, names, nil
}

// pushBoard relays a board's game so far as a bridge does.
func pushBoard(ctx context.Context, client *http.Client, base string, setup *benchSetup, board int, players [2]string, plies []string) error {
	var moves strings.Builder
	for i, p := range plies {
		if i%2 == 0 {
			fmt.Fprintf(&moves, "%d. ", i/2+1)
		}
		moves.WriteString(p + " ")
	}
	pdn := fmt.Sprintf("[White \"%s\"]\n[Black \"%s\"]\n\n%s*\n", players[0], players[1], moves.String())
	body, _ := json.Marshal(map[string]string{"pdn": pdn})
	req, err := http.NewRequestWithContext(ctx, "POST", fmt.Sprintf("%s/api/v1/events/%d/rounds/%d/boards/%d/relay", base, setup.Event, setup.Round, board), bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+setup.Arbiter)
	req.Header.Set("Content-Type", "application/json")
	_, err = call(client, req, nil)
	return err
}

// hallMeasure collects when each ply was pushed and when each reader
// first saw it.
type hallMeasure struct {
	mu     sync.Mutex
	pushed map[[2]int]time.Time // board, ply → pushed at
	seen   map[[3]int]bool      // reader, board, ply
	delays []time.Duration
	errors []error
}

func (m *hallMeasure) push(board, ply int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.pushed[[2]int{board, ply}] = time.Now()
}

// read holds one reader's stream, noting every ply it sees first.
func (m *hallMeasure) read(ctx context.Context, url string, reader int, ready *sync.WaitGroup) {
	once := sync.OnceFunc(ready.Done)
	defer once()
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	// Each reader is a phone of its own behind the proxy the servers
	// trust (scripts/bench-hall): an address of its own, under the limits
	// of a hall's streams an address may hold.
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", reader>>16&255, reader>>8&255, reader&255))
	// Each reader is a browser of its own: a connection of its own.
	resp, err := (&http.Client{Transport: &http.Transport{}}).Do(req)
	if err != nil {
		m.fail(err)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		m.fail(fmt.Errorf("reader %d: the stream answered %s", reader, resp.Status))
		return
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 4<<20)
	var event string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: ") && (event == "hall" || event == "boards"):
			// A "hall" has every board, "boards" those that changed.
			var h struct {
				Boards []struct {
					Board int `json:"board"`
					Relay *struct {
						Plies int `json:"plies"`
					} `json:"relay"`
				} `json:"boards"`
			}
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &h); err != nil {
				m.fail(err)
				return
			}
			at := time.Now()
			for _, b := range h.Boards {
				if b.Relay != nil {
					m.saw(reader, b.Board, b.Relay.Plies, at)
				}
			}
			once()
		}
	}
}

// saw notes that a reader saw a board at ply n (and so every ply before).
func (m *hallMeasure) saw(reader, board, n int, at time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for ply := n; ply >= 1; ply-- {
		key := [3]int{reader, board, ply}
		if m.seen[key] {
			break
		}
		m.seen[key] = true
		m.delays = append(m.delays, at.Sub(m.pushed[[2]int{board, ply}]))
	}
}

func (m *hallMeasure) fail(err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.errors = append(m.errors, err)
}

// report prints the figures and fails when a ply went unseen or the
// target is missed.
func (m *hallMeasure) report(readers, plies int, took time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	want := readers * plies
	missing := want - len(m.seen)
	slices.Sort(m.delays)
	fmt.Printf("%d plies relayed in %v; %d sightings of %d (%d readers × %d plies), %d missing\n", plies, took.Round(time.Millisecond), len(m.seen), want, readers, plies, missing)
	if len(m.delays) > 0 {
		fmt.Printf("seen after the push: p50 %v, p99 %v, max %v\n", pct(m.delays, 50), pct(m.delays, 99), m.delays[len(m.delays)-1])
	}
	for i, err := range m.errors {
		if i == 5 {
			fmt.Printf("… and %d more errors\n", len(m.errors)-5)
			break
		}
		fmt.Println("error:", err)
	}
	switch {
	case missing > 0 || len(m.errors) > 0:
		return fmt.Errorf("%d sightings missing, %d errors", missing, len(m.errors))
	case len(m.delays) > 0 && pct(m.delays, 99) >= hallSeenP99Target:
		return fmt.Errorf("seen p99 %v, the target is under %v", pct(m.delays, 99), hallSeenP99Target)
	}
	return nil
}
