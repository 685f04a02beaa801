package correspondence_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// statementsCounted is a store whose transactions and statements are
// counted: each transaction is two statements (its beginning and its end)
// beside those its use case runs, one for each call of the store that
// reads or writes. The watchers' poll of the watched games' versions
// (GameVersions: on SQLite every half second of real time, whatever the
// test does) is no use case's and is not counted: a test slowed by a
// loaded machine met one at random in what it counted.
type statementsCounted struct {
	correspondence.Store
	statements atomic.Int64
}

func (c *statementsCounted) Update(ctx context.Context, fn func(tx correspondence.Tx) error) error {
	c.statements.Add(2)
	return c.Store.Update(ctx, func(tx correspondence.Tx) error { return fn(&countedTx{Tx: tx, n: &c.statements}) })
}

// View counts a read's beginning and end once it has seen what the read
// did: a poll's are not counted.
func (c *statementsCounted) View(ctx context.Context, fn func(tx correspondence.Tx) error) error {
	var polled bool
	err := c.Store.View(ctx, func(tx correspondence.Tx) error {
		return fn(&countedTx{Tx: tx, n: &c.statements, polled: &polled})
	})
	if !polled {
		c.statements.Add(2)
	}
	return err
}

// countedTx counts the statements of the calls a live game's use cases
// make.
type countedTx struct {
	correspondence.Tx
	n *atomic.Int64
	// polled is set when the transaction is the watchers' poll (View's
	// alone).
	polled *bool
}

func (t *countedTx) GameVersions(ids []int64) (map[int64]int, error) {
	if t.polled != nil {
		*t.polled = true
	}
	return t.Tx.GameVersions(ids)
}

func (t *countedTx) Event(id int64) (*tournament.Event, error) {
	t.n.Add(1)
	return t.Tx.Event(id)
}

func (t *countedTx) LockEvent(id int64) error {
	t.n.Add(1)
	return t.Tx.LockEvent(id)
}

func (t *countedTx) Players(eventID int64) ([]tournament.Player, error) {
	t.n.Add(1)
	return t.Tx.Players(eventID)
}

func (t *countedTx) Rounds(eventID int64) ([]tournament.Round, error) {
	t.n.Add(1)
	return t.Tx.Rounds(eventID)
}

func (t *countedTx) Settings(eventID int64) (*correspondence.Settings, error) {
	t.n.Add(1)
	return t.Tx.Settings(eventID)
}

func (t *countedTx) AccountsOfUser(userID int64) ([]correspondence.Account, error) {
	t.n.Add(1)
	return t.Tx.AccountsOfUser(userID)
}

func (t *countedTx) Game(id int64) (*correspondence.Game, error) {
	t.n.Add(1)
	return t.Tx.Game(id)
}

func (t *countedTx) GameAt(id int64) (*correspondence.Game, int64, error) {
	t.n.Add(1)
	return t.Tx.GameAt(id)
}

func (t *countedTx) LockGame(id int64) (*correspondence.Game, error) {
	t.n.Add(1)
	return t.Tx.LockGame(id)
}

func (t *countedTx) SaveGame(g *correspondence.Game) error {
	t.n.Add(1)
	return t.Tx.SaveGame(g)
}

func (t *countedTx) SaveGames(games []*correspondence.Game) ([]error, error) {
	t.n.Add(1)
	return t.Tx.SaveGames(games)
}

func (t *countedTx) RunningLiveGamesOfPlayers(ids []int64) ([]correspondence.Game, error) {
	t.n.Add(1)
	return t.Tx.RunningLiveGamesOfPlayers(ids)
}

func (t *countedTx) AddMove(m *correspondence.Move) error {
	t.n.Add(1)
	return t.Tx.AddMove(m)
}

func (t *countedTx) AddMoves(moves []correspondence.Move) error {
	if len(moves) > 0 {
		t.n.Add(1)
	}
	return t.Tx.AddMoves(moves)
}

func (t *countedTx) Moves(gameID int64) ([]correspondence.Move, error) {
	t.n.Add(1)
	return t.Tx.Moves(gameID)
}

func (t *countedTx) Leaves(eventID int64) ([]correspondence.Leave, error) {
	t.n.Add(1)
	return t.Tx.Leaves(eventID)
}

// playFirstMoves plays the first legal move of each turn, plies times or
// until the game ends, alternately for White and Black, a second apart,
// and returns the game as the last move left it.
func playFirstMoves(t testing.TB, svc *correspondence.Service, sec *section, clk *clock, v *correspondence.View, plies int) *correspondence.View {
	t.Helper()
	for range plies {
		if v.Status != correspondence.Running {
			break
		}
		state, err := v.Kind.Rules().ParseState(v.Position, v.ToMove)
		if err != nil {
			t.Fatal(err)
		}
		mover := sec.as(v.PlayerID(v.ToMove))
		clk.Set(clk.Now().Add(time.Second))
		if v, err = svc.Move(mover, correspondence.MoveInput{GameID: v.ID, Move: state.Moves()[0].Notation, Ply: v.Ply}); err != nil {
			t.Fatal(err)
		}
	}
	return v
}

// A live move that neither ends its game nor finds it changed is a read
// transaction and its share of a write: the statements it runs are
// counted. Its read is the game with the data version (the section's
// event and settings and the player's accounts are kept while the version
// holds) and, unless the game's stream on this instance has its moves,
// its moves; its write the game and the move.
func TestLiveMoveStatements(t *testing.T) {
	t.Parallel()
	for _, watched := range []bool{false, true} {
		for name, st := range storetest.Open(t) {
			t.Run(fmt.Sprintf("watched=%t/%s", watched, name), func(t *testing.T) {
				t.Parallel()
				counted := &statementsCounted{Store: st.Correspondence()}
				clk := &clock{now: t0}
				svc := correspondence.NewService(counted, correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now})
				g := startedLiveGame(t, st, svc, clk)
				if watched {
					for _, id := range []int64{g.WhiteID, g.BlackID} {
						f := svc.Subscribe(g.ID, true)
						defer f.Stop()
						if _, err := f.Read(g.sec.as(id)); err != nil {
							t.Fatal(err)
						}
					}
				}
				// The first move of each player reads what is kept after.
				v := playFirstMoves(t, svc, g.sec, clk, g.View, 2)
				const plies = 10
				before := counted.statements.Load()
				v = playFirstMoves(t, svc, g.sec, clk, v, plies)
				if v.Ply != plies+2 {
					t.Fatalf("the game stopped at ply %d", v.Ply)
				}
				per := float64(counted.statements.Load()-before) / plies
				t.Logf("%.1f statements a live move", per)
				want := 8.0
				if watched {
					want = 7
				}
				// A loaded machine may deliver PostgreSQL's notice of a move
				// after the watchers made its version, and a watcher then
				// reads the game once more: two or three reads in the run,
				// not one a move, which is what this test is for.
				if per > want+0.3 {
					t.Errorf("%.1f statements a live move, want at most %.0f", per, want)
				}
			})
		}
	}
}

// startedView is a live game both of whose players have shown up, at its
// start, and its section.
type startedView struct {
	*correspondence.View
	sec *section
}

// startedLiveGame publishes a live blitz round of two players on st and
// shows both players up at its start.
func startedLiveGame(t *testing.T, st *store.Store, svc *correspondence.Service, clk *clock) startedView {
	t.Helper()
	sec, games := liveEvent(t, st, svc, clk, 2, "3+2", time.Time{})
	g := games[0]
	for _, id := range []int64{g.WhiteID, g.BlackID} {
		if err := svc.Present(sec.as(id), g.ID); err != nil {
			t.Fatal(err)
		}
	}
	v, err := svc.Game(sec.as(g.WhiteID), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != correspondence.Running || v.ToMove != rules.White {
		t.Fatalf("the live game at its start: %s, %s to move", v.Status, v.ToMove)
	}
	return startedView{v, sec}
}

// BenchmarkLiveMove plays live moves, each game 16 plies, both players'
// streams open on the instance as in a live round, and reports the
// statements of a move beside its time.
func BenchmarkLiveMove(b *testing.B) {
	for _, name := range []string{"sqlite", "postgres"} {
		b.Run(name, func(b *testing.B) {
			if name == "postgres" {
				storetest.SkipWithoutPostgres(b)
			}
			st := storetest.Open(b)[name] // a new store for each run
			const plies = 16
			counted := &statementsCounted{Store: st.Correspondence()}
			clk := &clock{now: t0}
			svc := correspondence.NewService(counted, correspondence.Options{Pairing: engines.Options().Pairing, Now: clk.Now})
			sec, games := liveEvent(b, st, svc, clk, 2*(b.N/plies+1), "60+0", time.Time{})
			for _, g := range games {
				for _, id := range []int64{g.WhiteID, g.BlackID} {
					f := svc.Subscribe(g.ID, true)
					defer f.Stop()
					if _, err := f.Read(sec.as(id)); err != nil {
						b.Fatal(err)
					}
				}
			}
			before := counted.statements.Load()
			b.ResetTimer()
			for i := 0; i < b.N; i += plies {
				v := &games[i/plies]
				playFirstMoves(b, svc, sec, clk, v, min(plies, b.N-i))
			}
			b.StopTimer()
			b.ReportMetric(float64(counted.statements.Load()-before)/float64(b.N), "statements/move")
		})
	}
}
