package interchange_test

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"

	"adiukh/internal/testcorpus"
	"adiukh/tournament"
	"adiukh/tournament/engines"
	"adiukh/tournament/interchange"
	"adiukh/tournament/people"
	"adiukh/tournament/store/storetest"
	"adiukh/tournament/trf"
)

// writeCounter is a store that records what each write transaction of an
// import writes, and fails the round failRound when it is written.
type writeCounter struct {
	interchange.Store
	failRound int

	mu     sync.Mutex
	writes []importWrite
}

type importWrite struct{ players, rounds, games int }

func (w *writeCounter) Update(ctx context.Context, fn func(tx interchange.Tx) error) error {
	var one importWrite
	err := w.Store.Update(ctx, func(tx interchange.Tx) error {
		one = importWrite{}
		return fn(&countingTx{Tx: tx, counts: &one, failRound: w.failRound})
	})
	w.mu.Lock()
	w.writes = append(w.writes, one)
	w.mu.Unlock()
	return err
}

type countingTx struct {
	interchange.Tx
	counts    *importWrite
	failRound int
}

func (t *countingTx) CreatePlayers(ps []tournament.Player) error {
	t.counts.players += len(ps)
	return t.Tx.CreatePlayers(ps)
}

var errInjected = errors.New("the disk is full")

func (t *countingTx) CreateRound(r *tournament.Round) error {
	if r.Number == t.failRound {
		return errInjected
	}
	t.counts.rounds++
	t.counts.games += len(r.Games)
	return t.Tx.CreateRound(r)
}

func (t *countingTx) AddGames(r *tournament.Round, games []tournament.Game) error {
	t.counts.games += len(games)
	return t.Tx.AddGames(r, games)
}

// A large TRF import never holds the database's writer for long: no
// transaction writes more than 250 players or 500 games, so other events'
// writes go in between (BenchmarkImportTRF measures how long they wait).
// An import that fails on the way leaves nothing behind.
func TestLargeImportWritesInShortTransactions(t *testing.T) {
	data := testcorpus.BigTRF(t, 2100, 3)
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			ctx := storetest.Arbiter(t, st)
			counter := &writeCounter{Store: st.Interchange()}
			events := tournament.NewService(st, engines.Options())
			e, err := interchange.NewService(counter, events, engines.InterchangeOptions()).ImportTRF(ctx, bytes.NewReader(data), "")
			if err != nil {
				t.Fatal(err)
			}
			var players, rounds, games int
			for i, w := range counter.writes {
				if w.players > 250 || w.games > 500 || (w.players > 0 && w.games > 0) {
					t.Errorf("write %d holds %d players and %d games, want at most 250 players or 500 games", i+1, w.players, w.games)
				}
				players += w.players
				rounds += w.rounds
				games += w.games
			}
			// 9 writes of players, 3 rounds of 1,050 games in 3 each.
			if players != 2100 || rounds != 3 || games != 3*1050 || len(counter.writes) < 18 {
				t.Errorf("%d writes of %d players, %d rounds and %d games, want 2,100 players and 3 rounds of 1,050 games in at least 18", len(counter.writes), players, rounds, games)
			}
			if e.Visibility != tournament.Public {
				t.Errorf("the imported event is %s, want public once imported", e.Visibility)
			}
			stored, err := events.Event(ctx, e.ID)
			if err != nil || stored.Visibility != tournament.Public {
				t.Errorf("stored event %+v (%v), want public", stored, err)
			}
			if n, err := events.Players(ctx, e.ID); err != nil || len(n) != 2100 {
				t.Errorf("%d players stored (%v), want 2,100", len(n), err)
			}

			failing := interchange.NewService(&writeCounter{Store: st.Interchange(), failRound: 3}, events, engines.InterchangeOptions())
			if _, err := failing.ImportTRF(ctx, bytes.NewReader(data), ""); !errors.Is(err, errInjected) {
				t.Fatalf("an import failing at round 3: %v, want the store's error", err)
			}
			all, err := events.Events(ctx)
			if err != nil || len(all) != 1 || all[0].ID != e.ID {
				t.Errorf("events after the failed import: %v (%v), want only the first import", all, err)
			}
		})
	}
}

// An imported player whose federation ID is a person's of the register,
// with the same surname, is that person; an ID without the surname is
// not linked (another system's ID that happens to be ours).
func TestImportLinksPeopleByFederationID(t *testing.T) {
	t.Parallel()
	st := storetest.SQLite(t)
	events := tournament.NewService(st, engines.Options())
	arbiter := storetest.Arbiter(t, st)
	murat, err := people.NewService(st.People(), people.Options{}).CreatePerson(arbiter, people.PersonInput{Surname: ptr("Берсиров"), GivenNames: ptr("Мурат"), BirthYear: ptr(1992)})
	if err != nil {
		t.Fatal(err)
	}
	file := &trf.Tournament{Info: []trf.InfoLine{{Code: "012", Text: "Импорт"}}, TotalRounds: 5, Players: []trf.Player{
		{StartNo: 1, Name: "Берсиров Мурат", Rating: 1800, FideID: murat.FederationID},
		{StartNo: 2, Name: "Smith John", Rating: 1700, FideID: murat.FederationID},
	}}
	var buf bytes.Buffer
	if err := trf.Write(&buf, file); err != nil {
		t.Fatal(err)
	}
	e, err := interchange.NewService(st.Interchange(), events, engines.InterchangeOptions()).ImportTRF(arbiter, &buf, "")
	if err != nil {
		t.Fatal(err)
	}
	players, err := events.Players(arbiter, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(players) != 2 || players[0].PersonID != murat.ID || players[1].PersonID != 0 {
		t.Errorf("imported players %+v, want the first linked to person %d and the second not", players, murat.ID)
	}
}
