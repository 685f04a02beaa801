package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"

	"adiukh/rules"
	"adiukh/rules/games"
)

// stallAfter is how long past the longest think time a player waits for
// its stream to show anything new before it gives its game up: long
// enough that a move seen very late is still measured (and the game goes
// on), short enough that a lost one does not hold the bench for good.
const stallAfter = 30 * time.Second

func playCommand(args []string) error {
	fs := flag.NewFlagSet("livebench play", flag.ExitOnError)
	setupFile := fs.String("setup", "", "the file livebench setup wrote")
	servers := fs.String("servers", "", "the servers' base URLs, comma-separated: White plays on the first, Black on the last")
	var o playOptions
	fs.IntVar(&o.plies, "plies", 30, "plies each game plays")
	fs.DurationVar(&o.thinkMin, "think-min", 500*time.Millisecond, "the shortest time a player thinks before a move")
	fs.DurationVar(&o.thinkMax, "think-max", 2500*time.Millisecond, "the longest time a player thinks before a move (drawn uniformly between the two)")
	fs.DurationVar(&o.startIn, "start-in", 10*time.Second, "how long after the round is published its clocks start: the players open their games meanwhile, as a round's players do before its start (0: at once, the streams opening as the first moves are made)")
	fs.DurationVar(&o.grace, "grace", 5*time.Second, "how long after a game's last move its moves may still reach the opponent before those missing count as unseen")
	fs.DurationVar(&o.slow, "slow", 0, "print, by second of the play, how many moves were acknowledged and seen slower than this (0: do not)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *setupFile == "" || *servers == "" {
		return fmt.Errorf("play needs -setup and -servers")
	}
	if o.thinkMin < 0 || o.thinkMax < o.thinkMin || o.plies < 1 {
		return fmt.Errorf("play needs 0 ≤ -think-min ≤ -think-max and -plies of at least 1")
	}
	raw, err := os.ReadFile(*setupFile)
	if err != nil {
		return err
	}
	var setup benchSetup
	if err := json.Unmarshal(raw, &setup); err != nil {
		return fmt.Errorf("%s: %w", *setupFile, err)
	}
	o.servers = strings.Split(*servers, ",")
	res, err := play(context.Background(), &setup, o)
	if err != nil {
		return err
	}
	return res.report(o.slow)
}

// playOptions are play's flags.
type playOptions struct {
	servers              []string
	plies                int
	thinkMin, thinkMax   time.Duration
	startIn, grace, slow time.Duration
}

// gameView is what a client reads of a game, on its stream and from the
// list of the event's games.
type gameView struct {
	ID       int64  `json:"id"`
	Round    int    `json:"round"`
	White    int64  `json:"white"`
	Black    int64  `json:"black"`
	Status   string `json:"status"`
	ToMove   string `json:"to_move"`
	Position string `json:"position"`
	Ply      int    `json:"ply"`
	StartsAt string `json:"starts_at"`
}

// running is a game's status while its clocks may run.
const running = "running"

// game is what the two players of one game share: the moves sent, when,
// by whom, and whether the opponent has seen each.
type game struct {
	id int64
	// rules are the rules of the event's game, by which moves are chosen.
	rules    rules.Game
	startsAt time.Time
	mu       sync.Mutex
	moves    map[int]*sentMove // by the ply the move makes
}

type sentMove struct {
	at   time.Time
	by   string
	seen bool
}

// unseen counts the moves the opponent's stream has not carried.
func (g *game) unseen() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, m := range g.moves {
		if !m.seen {
			n++
		}
	}
	return n
}

// play publishes the bench's round and plays its games.
func play(ctx context.Context, setup *benchSetup, o playOptions) (*results, error) {
	arbiter := newClient()
	startsAt, err := publish(ctx, arbiter, o.servers[0], setup, o.startIn)
	if err != nil {
		return nil, err
	}
	views, err := roundGames(ctx, arbiter, o.servers[0], setup)
	if err != nil {
		return nil, err
	}
	fmt.Printf("published round %d of event %d: %d games, %d players on %d instance(s), clocks starting at %s\n",
		setup.Round, setup.Event, len(views), 2*len(views), len(o.servers), startsAt.Format(time.TimeOnly))
	variant, ok := games.Lookup(setup.Game)
	if !ok {
		return nil, fmt.Errorf("the setup's event is of no game the program knows (%q)", setup.Game)
	}
	res := &results{began: startsAt, slowAfter: o.slow, games: len(views), plies: o.plies}
	var wg sync.WaitGroup
	for _, v := range views {
		g := &game{id: v.ID, rules: variant.Rules, startsAt: startsAt, moves: map[int]*sentMove{}}
		if at, err := time.Parse(time.RFC3339, v.StartsAt); err == nil && at.After(startsAt) {
			g.startsAt = at
		}
		white := &player{g: g, side: "white", token: setup.Players[v.White], base: o.servers[0], o: &o}
		black := &player{g: g, side: "black", token: setup.Players[v.Black], base: o.servers[len(o.servers)-1], o: &o}
		if white.token == "" || black.token == "" {
			return nil, fmt.Errorf("game %d: the setup has no token of player %d or %d", v.ID, v.White, v.Black)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			playGame(ctx, g, white, black, o.grace, res)
		}()
	}
	wg.Wait()
	res.ended = time.Now()
	var usage syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &usage) == nil {
		res.cpu = time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
	}
	return res, nil
}

// playGame plays one game with its two players, then waits up to grace
// for the moves their opponents have not seen yet, and counts those still
// missing.
func playGame(ctx context.Context, g *game, white, black *player, grace time.Duration, res *results) {
	streams, closeStreams := context.WithCancel(ctx)
	defer closeStreams()
	var readers, movers sync.WaitGroup
	for _, p := range []*player{white, black} {
		movers.Add(1)
		go func() {
			defer movers.Done()
			if err := p.run(ctx, streams, &readers, res); err != nil {
				res.fail(fmt.Errorf("game %d, %s: %w", g.id, p.side, err))
			}
		}()
	}
	movers.Wait()
	for end := time.Now().Add(grace); g.unseen() > 0 && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond)
	}
	closeStreams()
	readers.Wait()
	res.addUnseen(g.unseen())
}

// player is one client: its own connections, its game's stream, and the
// newest position the stream has brought.
type player struct {
	g      *game
	side   string
	token  string
	base   string
	o      *playOptions
	client *http.Client

	mu      sync.Mutex
	latest  *gameView
	version string // the last event's ID, sent back on a reconnect
	changed chan struct{}
}

// newClient is a client with connections of its own, as each player's
// browser has.
func newClient() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = nil
	t.MaxIdleConnsPerHost = 2
	return &http.Client{Transport: t}
}

// run opens the player's stream (read until streams ends) and plays the
// player's side until the game has its plies, is over, or stalls.
func (p *player) run(ctx, streams context.Context, readers *sync.WaitGroup, res *results) error {
	p.client = newClient()
	p.changed = make(chan struct{}, 1)
	began := time.Now()
	body, err := p.open(streams)
	if err != nil {
		return err
	}
	res.addOpen(time.Since(began))
	readers.Add(1)
	go func() {
		defer readers.Done()
		p.read(streams, body, res)
	}()
	if err := sleep(ctx, time.Until(p.g.startsAt)); err != nil {
		return err
	}
	moved := -1
	stall := time.NewTimer(p.o.thinkMax + stallAfter)
	defer stall.Stop()
	for {
		if v := p.view(); v != nil {
			if v.Status != running || v.Ply >= p.o.plies {
				return nil
			}
			// moved: a position read after this player's move but sent
			// before it must not make it move twice.
			if v.ToMove == p.side && v.Ply > moved {
				moved = v.Ply
				think := p.o.thinkMin + time.Duration(rand.Int64N(int64(p.o.thinkMax-p.o.thinkMin)+1))
				if err := sleep(ctx, think); err != nil {
					return err
				}
				if err := p.move(ctx, v, res); err != nil {
					return err
				}
				stall.Reset(p.o.thinkMax + stallAfter)
				continue
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-stall.C:
			res.addStalled()
			return nil
		case <-p.changed:
			stall.Reset(p.o.thinkMax + stallAfter)
		}
	}
}

// open opens the game's stream, saying which version the player last saw
// when it has seen one.
func (p *player) open(ctx context.Context) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/v1/games/%d/stream", p.base, p.g.id), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+p.token)
	p.mu.Lock()
	if p.version != "" {
		req.Header.Set("Last-Event-ID", p.version)
	}
	p.mu.Unlock()
	resp, err := p.client.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("stream of game %d: %s", p.g.id, resp.Status)
	}
	return resp.Body, nil
}

// read reads the stream until ctx ends, opening it again (from the last
// version seen) when it breaks.
func (p *player) read(ctx context.Context, body io.ReadCloser, res *results) {
	for {
		err := p.readEvents(body, res)
		body.Close()
		if ctx.Err() != nil {
			return
		}
		res.addReconnect(err)
		for {
			if body, err = p.open(ctx); err == nil {
				break
			}
			if sleep(ctx, time.Second) != nil {
				return
			}
		}
	}
}

// readEvents reads server-sent events until the stream ends: each game
// event marks the opponent's moves it carries seen, and becomes the
// player's newest position.
func (p *player) readEvents(body io.Reader, res *results) error {
	lines := bufio.NewScanner(body)
	lines.Buffer(make([]byte, 64<<10), 1<<20)
	for lines.Scan() {
		line := lines.Bytes()
		if id, ok := bytes.CutPrefix(line, []byte("id: ")); ok {
			p.mu.Lock()
			p.version = string(id)
			p.mu.Unlock()
			continue
		}
		data, ok := bytes.CutPrefix(line, []byte("data: "))
		if !ok {
			continue
		}
		at := time.Now()
		v := &gameView{}
		if err := json.Unmarshal(data, v); err != nil {
			return err
		}
		p.g.mu.Lock()
		for ply, m := range p.g.moves {
			if ply <= v.Ply && !m.seen && m.by != p.side {
				m.seen = true
				res.addSeen(m.at, at.Sub(m.at))
			}
		}
		p.g.mu.Unlock()
		p.mu.Lock()
		p.latest = v
		p.mu.Unlock()
		select {
		case p.changed <- struct{}{}:
		default:
		}
	}
	if err := lines.Err(); err != nil {
		return err
	}
	return io.EOF
}

func (p *player) view() *gameView {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.latest
}

// move sends a random legal move on position v and measures its
// acknowledgement; the moment it is sent is noted first, for the
// opponent's stream.
func (p *player) move(ctx context.Context, v *gameView, res *results) error {
	move, err := legalMove(p.g.rules, v)
	if err != nil {
		return err
	}
	body, _ := json.Marshal(map[string]any{"move": move, "ply": v.Ply})
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", fmt.Sprintf("%s/api/v1/games/%d/moves", p.base, p.g.id), bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+p.token)
	req.Header.Set("Content-Type", "application/json")
	at := time.Now()
	p.g.mu.Lock()
	p.g.moves[v.Ply+1] = &sentMove{at: at, by: p.side}
	p.g.mu.Unlock()
	answer, err := p.client.Do(req)
	if err == nil {
		_, err = io.Copy(io.Discard, answer.Body)
		answer.Body.Close()
	}
	if err == nil && answer.StatusCode != http.StatusOK {
		err = fmt.Errorf("move %d of game %d: %s", v.Ply+1, p.g.id, answer.Status)
	}
	if err != nil {
		p.g.mu.Lock()
		delete(p.g.moves, v.Ply+1)
		p.g.mu.Unlock()
		return err
	}
	res.addAck(at, time.Since(at))
	return nil
}

// legalMove picks a random legal move of the side to move, by the rules
// of the game.
func legalMove(game rules.Game, v *gameView) (string, error) {
	side := rules.White
	if v.ToMove == "black" {
		side = rules.Black
	}
	s, err := game.ParseState(v.Position, side)
	if err != nil {
		return "", err
	}
	moves := s.Moves()
	if len(moves) == 0 {
		return "", fmt.Errorf("no legal move at ply %d", v.Ply)
	}
	return moves[rand.IntN(len(moves))].Notation, nil
}

// publish publishes the round through the server as its arbiter, its
// clocks starting startIn from now (at once when zero), and returns when
// they start.
func publish(ctx context.Context, client *http.Client, base string, setup *benchSetup, startIn time.Duration) (time.Time, error) {
	var body io.Reader
	startsAt := time.Now()
	if startIn > 0 {
		// starts_at is in whole seconds.
		startsAt = startsAt.Add(startIn).Truncate(time.Second).Add(time.Second)
		b, _ := json.Marshal(map[string]string{"starts_at": startsAt.UTC().Format(time.RFC3339)})
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, "POST", fmt.Sprintf("%s/api/v1/events/%d/rounds/%d/publish", base, setup.Event, setup.Round), body)
	if err != nil {
		return time.Time{}, err
	}
	req.Header.Set("Authorization", "Bearer "+setup.Arbiter)
	req.Header.Set("Content-Type", "application/json")
	if _, err := call(client, req, nil); err != nil {
		return time.Time{}, fmt.Errorf("publish round %d: %w", setup.Round, err)
	}
	return startsAt, nil
}

// roundGames lists the live games of the bench's round.
func roundGames(ctx context.Context, client *http.Client, base string, setup *benchSetup) ([]gameView, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/v1/events/%d/games", base, setup.Event), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+setup.Arbiter)
	var all []gameView
	if _, err := call(client, req, &all); err != nil {
		return nil, fmt.Errorf("the event's games: %w", err)
	}
	var games []gameView
	for _, g := range all {
		if g.Round == setup.Round {
			games = append(games, g)
		}
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("round %d of event %d has no live games", setup.Round, setup.Event)
	}
	return games, nil
}

// call sends req and decodes a 2xx answer into into (when not nil).
func call(client *http.Client, req *http.Request, into any) (int, error) {
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, fmt.Errorf("%s: %s", resp.Status, strings.TrimSpace(string(body)))
	}
	if into != nil {
		return resp.StatusCode, json.Unmarshal(body, into)
	}
	return resp.StatusCode, nil
}

// sleep waits d, or less when ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
