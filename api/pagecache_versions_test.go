package api_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"adiukh/api/apitest"
	"adiukh/tournament"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// keepVersions keeps st's versions in memory until the test ends, as
// cmd/adiukh serve does, once it hears of every write.
func keepVersions(t testing.TB, st *store.Store) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		st.KeepVersions(ctx, func(err error) { t.Logf("the versions' feed: %v", err) })
	}()
	t.Cleanup(func() { cancel(); <-done })
	waitUntil(t, "the versions are kept", st.KeepingVersions)
}

// waitUntil polls done until it holds, failing the test after ten seconds.
func waitUntil(t testing.TB, what string, done func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !done(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after 10 s", what)
		}
	}
}

// versionsSite is two instances of one database keeping the versions in
// memory, pages of an event's first round (the standings count no round
// until both its results are in) and a person's of the register (a page
// of no event, kept by the data version), and the writes that change
// them.
type versionsSite struct {
	t         *testing.T
	s         *apitest.Server
	stores    [2]*store.Store
	instances [2]http.Handler
	event     int
	pages     []string
	board     int
	person    int
	renames   int
}

func newVersionsSite(t *testing.T, dsn string) *versionsSite {
	stores := storetest.TwoInstances(t, dsn)
	s := apitest.NewServer(t, stores[0])
	site := &versionsSite{t: t, s: s, stores: stores, instances: [2]http.Handler{s.Handler, secondInstance(stores[1])}}
	for _, st := range stores {
		keepVersions(t, st)
	}
	site.event = s.RoundRobin(4)
	players := s.Must(http.StatusOK, "", "GET", fmt.Sprintf("/api/v1/events/%d/players", site.event), nil)["players"].([]any)
	site.person = apitest.Num(s.Must(http.StatusCreated, tournament.ArbiterRole, "POST", "/api/v1/people",
		map[string]any{"surname": "Хуажев", "given_names": "Аслан"})["id"])
	site.pages = []string{
		fmt.Sprintf("/events/%d", site.event),
		fmt.Sprintf("/events/%d/players/%d", site.event, apitest.Num(players[0].(map[string]any)["id"])),
		fmt.Sprintf("/api/v1/events/%d/rounds/1", site.event), fmt.Sprintf("/people/%d", site.person),
	}
	return site
}

// read reads every page on instance i twice, the second time kept, with
// its versions taken from memory, and returns the bodies.
func (site *versionsSite) read(i int) map[string]string {
	t := site.t
	t.Helper()
	bodies := map[string]string{}
	for _, p := range site.pages {
		if rec := fetch(site.instances[i], p); rec.Code != http.StatusOK {
			t.Fatalf("instance %d, %s: %d", i+1, p, rec.Code)
		}
		kept := apitest.CacheAnswers(t, site.instances[i])["kept"]
		bodies[p] = fetch(site.instances[i], p).Body.String()
		if apitest.CacheAnswers(t, site.instances[i])["kept"] != kept+1 {
			t.Errorf("instance %d, %s: read again, not kept", i+1, p)
		}
	}
	// SQLite's poll may yet hear of the setup's writes, or of this
	// instance's own, and forget what the reads kept (a read too many,
	// never a stale page): the next read keeps them again.
	waitUntil(t, fmt.Sprintf("instance %d keeps the versions of event %d it read", i+1, site.event), func() bool {
		_, _, ok := site.stores[i].KnownEventVersions(int64(site.event))
		if !ok {
			fetch(site.instances[i], site.pages[0])
		}
		return ok
	})
	waitUntil(t, fmt.Sprintf("instance %d keeps the data version it read", i+1), func() bool {
		_, ok := site.stores[i].KnownDataVersion()
		if !ok {
			fetch(site.instances[i], site.pages[len(site.pages)-1])
		}
		return ok
	})
	return bodies
}

// write enters a result of the event and renames the person on instance
// i, and returns when it did.
func (site *versionsSite) write(i int) time.Time {
	site.s.Handler = site.instances[i]
	site.board++
	site.s.Must(http.StatusOK, tournament.ArbiterRole, "PUT", fmt.Sprintf("/api/v1/events/%d/rounds/1/games/%d/result", site.event, site.board),
		map[string]any{"score": "17:7", "end_reason": "final_position", "version": 1})
	site.renames++
	site.s.Must(http.StatusOK, tournament.Admin, "PATCH", fmt.Sprintf("/api/v1/people/%d", site.person),
		map[string]any{"given_names": fmt.Sprintf("Аслан %d", site.renames)})
	return time.Now()
}

// stale are the pages instance i still serves as they were before.
func (site *versionsSite) stale(i int, before map[string]string) []string {
	var stale []string
	for _, p := range site.pages {
		if fetch(site.instances[i], p).Body.String() == before[p] {
			stale = append(stale, p)
		}
	}
	return stale
}

// staleAfter are the pages instance i still serves as before once
// store.VersionsStaleness has passed since a write returned at wrote,
// read again until then.
func (site *versionsSite) staleAfter(i int, before map[string]string, wrote time.Time) []string {
	stale := site.stale(i, before)
	for len(stale) > 0 && time.Since(wrote) <= store.VersionsStaleness {
		time.Sleep(5 * time.Millisecond)
		stale = site.stale(i, before)
	}
	return stale
}

// Issue 65: each instance keeps the versions in memory, so that a kept
// page costs no round trip to the database; a write shows on the next
// page of the instance that made it, and on the other within
// store.VersionsStaleness (PostgreSQL's notification, SQLite's poll).
func TestKeptVersionsReachEveryInstanceWithinTheBound(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.MigratedDSNs(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			site := newVersionsSite(t, dsn)
			for on := range 2 {
				other := 1 - on
				before := [2]map[string]string{site.read(0), site.read(1)}
				wrote := site.write(on)
				if stale := site.stale(on, before[on]); len(stale) > 0 {
					t.Errorf("instance %d wrote, and its next pages %v do not show the write", on+1, stale)
				}
				if stale := site.staleAfter(other, before[other], wrote); len(stale) > 0 {
					t.Errorf("instance %d wrote; %v after, instance %d still serves %v as before the write; want every page within %v",
						on+1, time.Since(wrote), other+1, stale, store.VersionsStaleness)
				}
				t.Logf("%s: instance %d served every page fresh by %v after instance %d's write", name, other+1, time.Since(wrote), on+1)
			}
		})
	}
}

// Issue 65: when the notifications stop (the listening connection is
// cut), an instance reads the versions from the database again, so that
// another instance's write shows on its next page; when they come back,
// it keeps them again, within the bound.
func TestVersionsAreReadWhileTheFeedIsDown(t *testing.T) {
	t.Parallel()
	storetest.SkipWithoutPostgres(t)
	dsn := storetest.MigratedDSNs(t)["postgres"]
	site := newVersionsSite(t, dsn)
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	var schema string
	if err := admin.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		t.Fatal(err)
	}
	before := site.read(1)
	var cut int
	err = admin.QueryRow(ctx, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1",
		"adiukh versions "+schema).Scan(&cut)
	if err != nil || cut != 2 {
		t.Fatalf("cut the instances' feeds: %v, %d cut; want 2", err, cut)
	}
	waitUntil(t, "instance 2 hears that its feed is cut", func() bool { return !site.stores[1].KeepingVersions() })
	site.write(0)
	if stale := site.stale(1, before); len(stale) > 0 {
		t.Errorf("instance 2's feed is cut; after instance 1's write, its pages %v are as before", stale)
	}

	waitUntil(t, "instance 2 listens again", site.stores[1].KeepingVersions)
	before = site.read(1)
	wrote := site.write(0)
	if stale := site.staleAfter(1, before, wrote); len(stale) > 0 {
		t.Errorf("instance 2 listens again; %v after instance 1's write, it still serves %v as before", time.Since(wrote), stale)
	}
}
