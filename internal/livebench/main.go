// Command livebench measures live play under load (scripts/bench-live): the
// application serves a live blitz event of N games on a loopback port, and
// 2N clients of its own play them, each watching its game's stream and
// answering on its turn after a think time. It reports how long the server
// took to acknowledge a move (the POST's answer) and how long until the
// opponent's stream carried it, as percentiles.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"strings"
	"sync"
	"time"

	"adiukh/api"
	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/entries"
	"adiukh/tournament/people"
	"adiukh/tournament/ratings"
	"adiukh/tournament/store"
)

func main() {
	games := flag.Int("games", 500, "live games played at once (two clients each)")
	plies := flag.Int("plies", 20, "plies each game plays")
	think := flag.Duration("think", 3*time.Second, "a player's mean think time per move")
	dsn := flag.String("db", "", "database: a PostgreSQL DSN, or a SQLite file (a new temporary one by default)")
	profiles := flag.String("profile", "", "a folder to write the CPU, block and mutex profiles (go tool pprof reads them) and the execution trace (go tool trace) of the play into")
	flag.DurationVar(&slowMove, "slow", 0, "print, by second of the play, how many moves were acknowledged slower than this (0: do not)")
	flag.Parse()
	if err := run(*games, *plies, *think, *dsn, *profiles); err != nil {
		fmt.Fprintln(os.Stderr, "livebench:", err)
		os.Exit(1)
	}
}

// game is what the two clients of one game share: when each ply was sent.
type game struct {
	id   int64
	mu   sync.Mutex
	sent map[int]time.Time
}

// slowMove is the -slow flag: the acknowledgements counted as slow.
var slowMove time.Duration

// samples collects latencies from every client.
type samples struct {
	mu        sync.Mutex
	ack, seen []time.Duration
	errors    int
	// slow counts the moves acknowledged slower than slowMove by the
	// second of the play they were sent in.
	slow map[int]int
}

// addAck records a move sent at, since began, acknowledged after d.
func (s *samples) addAck(began, at time.Time, d time.Duration) {
	s.add(&s.ack, d)
	if slowMove > 0 && d > slowMove {
		s.mu.Lock()
		if s.slow == nil {
			s.slow = map[int]int{}
		}
		s.slow[int(at.Sub(began)/time.Second)]++
		s.mu.Unlock()
	}
}

func (s *samples) add(into *[]time.Duration, d time.Duration) {
	s.mu.Lock()
	*into = append(*into, d)
	s.mu.Unlock()
}

func run(n, plies int, think time.Duration, dsn, profiles string) error {
	if dsn == "" {
		dir, err := os.MkdirTemp("", "livebench")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		dsn = filepath.Join(dir, "live.db")
	}
	st, err := store.Open(dsn)
	if err != nil {
		return err
	}
	defer st.Close()
	accounts := account.NewServiceWith(st.Accounts(), account.Options{PasswordCost: account.MinPasswordCost})
	corr := correspondence.NewService(st.Correspondence(), correspondence.Options{Pairing: engines.Options().Pairing})
	opt := engines.Options()
	opt.LiveRound = corr.StartLiveRound
	events := tournament.NewService(st, opt)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	began := time.Now()
	tokens, gameIDs, err := setUp(ctx, accounts, events, corr, n)
	if err != nil {
		return err
	}
	fmt.Printf("set up %d live games, %d accounts in %v\n", len(gameIDs), len(tokens), time.Since(began).Round(time.Millisecond))

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: api.NewRouter(api.Deps{DB: st, Events: events, Accounts: accounts, Correspondence: corr,
		People: people.NewService(st.People(), people.Options{}), Ratings: ratings.NewService(st.Ratings(), ratings.Options{}),
		Entries: entries.NewService(st.Entries(), entries.Options{}),
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil))})}
	go srv.Serve(ln)
	defer srv.Close()
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				_, _ = corr.ExpireLive(ctx, time.Now())
			}
		}
	}()
	base := "http://" + ln.Addr().String()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4 * n}}

	var res samples
	var wg sync.WaitGroup
	if profiles != "" {
		stop, err := profile(profiles)
		if err != nil {
			return err
		}
		defer stop()
	}
	began = time.Now()
	for i, gid := range gameIDs {
		g := &game{id: gid, sent: map[int]time.Time{}}
		for _, token := range tokens[2*i : 2*i+2] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := play(ctx, client, base, token, g, plies, think, began, &res); err != nil {
					res.mu.Lock()
					res.errors++
					res.mu.Unlock()
					fmt.Fprintln(os.Stderr, "client:", err)
				}
			}()
		}
	}
	wg.Wait()
	elapsed := time.Since(began)
	moves := len(res.ack)
	fmt.Printf("%d games, %d clients, %d moves in %v (%.0f moves/s), %d client errors\n", n, 2*n, moves, elapsed.Round(time.Millisecond), float64(moves)/elapsed.Seconds(), res.errors)
	fmt.Printf("move acknowledged:        p50 %v  p99 %v  max %v\n", pct(res.ack, 50), pct(res.ack, 99), pct(res.ack, 100))
	fmt.Printf("opponent sees the move:   p50 %v  p99 %v  max %v\n", pct(res.seen, 50), pct(res.seen, 99), pct(res.seen, 100))
	if slowMove > 0 {
		seconds := slices.Sorted(maps.Keys(res.slow))
		fmt.Printf("moves acknowledged slower than %v, by the second of the play they were sent in:\n", slowMove)
		for _, second := range seconds {
			fmt.Printf("  %3d s: %d\n", second, res.slow[second])
		}
	}
	return nil
}

// profile starts the CPU profile, the execution trace and the block and
// mutex profiles, each written into dir by the function it returns.
func profile(dir string) (func(), error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	cpu, err := os.Create(filepath.Join(dir, "cpu.pprof"))
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(cpu); err != nil {
		cpu.Close()
		return nil, err
	}
	tr, err := os.Create(filepath.Join(dir, "trace.out"))
	if err != nil {
		return nil, err
	}
	if err := trace.Start(tr); err != nil {
		tr.Close()
		return nil, err
	}
	runtime.SetBlockProfileRate(int(time.Microsecond))
	runtime.SetMutexProfileFraction(1)
	return func() {
		trace.Stop()
		tr.Close()
		pprof.StopCPUProfile()
		cpu.Close()
		for _, name := range []string{"block", "mutex"} {
			f, err := os.Create(filepath.Join(dir, name+".pprof"))
			if err != nil {
				fmt.Fprintln(os.Stderr, "livebench:", err)
				continue
			}
			if err := pprof.Lookup(name).WriteTo(f, 0); err != nil {
				fmt.Fprintln(os.Stderr, "livebench:", err)
			}
			f.Close()
		}
	}, nil
}

// setUp makes the event: 2n players, each with an account and an API token
// linked to them, round 1 paired and published, its games started.
func setUp(ctx context.Context, accounts *account.Service, events *tournament.Service, corr *correspondence.Service, n int) ([]string, []int64, error) {
	arbiterUser, err := accounts.AddUser(ctx, account.NewUser{Email: "arbiter@example.org", Role: string(tournament.ArbiterRole), Password: "bench password 123"})
	if err != nil {
		return nil, nil, err
	}
	arbiter := tournament.NewContextWithUser(ctx, arbiterUser)
	e, err := events.CreateEvent(arbiter, tournament.EventInput{Name: ptr("Live bench"), Discipline: ptr("blitz"), System: ptr("swiss"),
		Rounds: ptr(5), TimeControl: ptr("5+3"), Online: ptr(true)})
	if err != nil {
		return nil, nil, err
	}
	var lines []tournament.PlayerLine
	for i := range 2 * n {
		lines = append(lines, tournament.PlayerLine{Line: i + 1, Input: tournament.PlayerInput{Name: ptr(fmt.Sprintf("Player %04d", i+1)), Rating: ptr(2400 - i)}})
	}
	players, err := events.RegisterPlayers(arbiter, e.ID, lines, false)
	if err != nil {
		return nil, nil, err
	}
	token := map[int64]string{}
	for _, p := range players {
		email := fmt.Sprintf("p%d@example.org", p.ID)
		if _, err := accounts.AddUser(ctx, account.NewUser{Email: email, Role: string(tournament.PlayerRole), Password: "bench password 123"}); err != nil {
			return nil, nil, err
		}
		if token[p.ID], _, err = accounts.CreateToken(ctx, account.NewToken{Email: email}); err != nil {
			return nil, nil, err
		}
		if err := events.LinkPlayer(arbiter, e.ID, p.ID, email); err != nil {
			return nil, nil, err
		}
	}
	if _, err := events.PairNextRound(arbiter, e.ID); err != nil {
		return nil, nil, err
	}
	if _, err := events.PublishRound(arbiter, e.ID, 1); err != nil {
		return nil, nil, err
	}
	live, err := corr.Games(arbiter, e.ID)
	if err != nil {
		return nil, nil, err
	}
	var tokens []string
	var ids []int64
	for _, g := range live {
		ids = append(ids, g.ID)
		tokens = append(tokens, token[g.WhiteID], token[g.BlackID])
	}
	return tokens, ids, nil
}

// gameView is what a client reads of a game.
type gameView struct {
	Status   string `json:"status"`
	ToMove   string `json:"to_move"`
	Position string `json:"position"`
	Ply      int    `json:"ply"`
	White    int64  `json:"white"`
}

// play is one client: it watches the game's stream and, on its turn, thinks
// and sends a legal move, until the game has its plies or is over.
func play(ctx context.Context, client *http.Client, base, token string, g *game, plies int, think time.Duration, began time.Time, res *samples) error {
	req, err := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/v1/games/%d/stream", base, g.id), nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("stream of game %d: %s", g.id, resp.Status)
	}
	side := ""
	// moved is the ply at which this client last moved: an event read
	// after the move but sent before it (a player showing up changes the
	// game too) must not make it move twice.
	moved := -1
	lines := bufio.NewScanner(resp.Body)
	lines.Buffer(make([]byte, 64<<10), 1<<20)
	for lines.Scan() {
		data, ok := strings.CutPrefix(lines.Text(), "data: ")
		if !ok {
			continue
		}
		seenAt := time.Now()
		var v gameView
		if err := json.Unmarshal([]byte(data), &v); err != nil {
			return err
		}
		g.mu.Lock()
		sent, mine := g.sent[v.Ply]
		g.mu.Unlock()
		if side == "" {
			if side, err = sideOf(ctx, client, base, token, g.id); err != nil {
				return err
			}
		}
		if v.Ply > 0 && mine && v.ToMove == side {
			res.add(&res.seen, seenAt.Sub(sent))
		}
		if v.Status != string(correspondence.Running) || v.Ply >= plies {
			return nil
		}
		if v.ToMove != side || v.Ply <= moved {
			continue
		}
		moved = v.Ply
		time.Sleep(time.Duration(rand.Float64() * 2 * float64(think)))
		move, err := legalMove(v)
		if err != nil {
			return err
		}
		body, _ := json.Marshal(map[string]any{"move": move, "ply": v.Ply})
		post, _ := http.NewRequestWithContext(ctx, "POST", fmt.Sprintf("%s/api/v1/games/%d/moves", base, g.id), bytes.NewReader(body))
		post.Header.Set("Authorization", "Bearer "+token)
		post.Header.Set("Content-Type", "application/json")
		at := time.Now()
		g.mu.Lock()
		g.sent[v.Ply+1] = at
		g.mu.Unlock()
		answer, err := client.Do(post)
		if err != nil {
			return err
		}
		io.Copy(io.Discard, answer.Body)
		answer.Body.Close()
		if answer.StatusCode != http.StatusOK {
			return fmt.Errorf("move %d of game %d: %s", v.Ply+1, g.id, answer.Status)
		}
		res.addAck(began, at, time.Since(at))
	}
	return lines.Err()
}

// sideOf asks the server which side the token's player has in the game.
func sideOf(ctx context.Context, client *http.Client, base, token string, gid int64) (string, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/v1/me/games", base), nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var mine []struct {
		ID   int64  `json:"id"`
		Side string `json:"side"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&mine); err != nil {
		return "", fmt.Errorf("my games: %w", err)
	}
	for _, m := range mine {
		if m.ID == gid {
			return m.Side, nil
		}
	}
	return "", fmt.Errorf("game %d is not among the player's games", gid)
}

// legalMove picks a random legal move of the side to move.
func legalMove(v gameView) (string, error) {
	pos, err := rules.ParsePosition(v.Position)
	if err != nil {
		return "", err
	}
	side := rules.White
	if v.ToMove == "black" {
		side = rules.Black
	}
	moves := pos.LegalMoves(side)
	if len(moves) == 0 {
		return "", fmt.Errorf("no legal move at ply %d", v.Ply)
	}
	return moves[rand.IntN(len(moves))].String(), nil
}

// pct is the p-th percentile of ds (100: the largest).
func pct(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := min(len(s)-1, len(s)*p/100)
	return s[i].Round(100 * time.Microsecond)
}

func ptr[T any](v T) *T { return &v }
