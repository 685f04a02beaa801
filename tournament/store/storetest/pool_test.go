package storetest

import (
	"context"
	"os"
	"slices"
	"testing"

	"adiukh/internal/demo"
	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/engines"
	"adiukh/tournament/store"
)

// TestPooledSchemaIsEmptied fills a pooled schema with a whole event
// (accounts, persons, players, rounds, games, a rating period: tables
// whose foreign keys point to each other) and gives it back: the schema is
// emptied, not dropped, and reads as newly migrated, its IDs starting at 1.
func TestPooledSchemaIsEmptied(t *testing.T) {
	SkipWithoutPostgres(t)
	dsn := os.Getenv("ADIUKH_TEST_POSTGRES")
	schema, err := pool.create(dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := pool.drain(); err != nil {
			t.Error(err)
		}
	})
	on := withSearchPath(t, dsn, schema)
	st, err := store.Open(on)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.Fill(context.Background(), st, engines.Options(), "demo@example.org", "пароль демо"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if err := pool.release(schema); err != nil {
		t.Fatalf("give back the schema with an event in it: %v", err)
	}
	var count int64
	if err := pool.admin.Raw("SELECT count(*) FROM information_schema.schemata WHERE schema_name = ?", schema).Scan(&count).Error; err != nil || count != 1 {
		t.Fatalf("the schema was dropped, not emptied (%d, %v)", count, err)
	}
	// The test reads the emptied schema on: it takes it out of the pool and
	// gives it back, emptied again, once the store below is closed.
	pool.mu.Lock()
	pool.free = slices.DeleteFunc(pool.free, func(s string) bool { return s == schema })
	pool.mu.Unlock()
	t.Cleanup(func() {
		if err := pool.release(schema); err != nil {
			t.Error(err)
		}
	})
	st = open(t, "postgres", on)
	admin := &tournament.User{Email: "admin@example.org", Role: tournament.Admin}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(admin) }); err != nil {
		t.Fatal(err)
	}
	svc := tournament.NewService(st, engines.Options())
	ctx := tournament.NewContextWithUser(context.Background(), admin)
	events, err := svc.Events(ctx)
	if err != nil || len(events) != 0 {
		t.Fatalf("events after emptying: %d, %v", len(events), err)
	}
	e, err := svc.CreateEvent(ctx, tournament.EventInput{Name: ptr("Кубок"), Discipline: ptr("rapid"), System: ptr("swiss"), Rounds: ptr(5)})
	if err != nil {
		t.Fatal(err)
	}
	if admin.ID != 1 || e.ID != 1 {
		t.Errorf("the first account and event after emptying are %d and %d, want 1 and 1", admin.ID, e.ID)
	}
}

func ptr[T any](v T) *T { return &v }

// TestFreeSchemasOutliveTheProcess: the schemas a test process pooled are
// listed as free when it ends, and the next process takes one rather than
// migrating a new schema; the one it takes reads as newly migrated. The
// two pools list their schema under a version of their own: a process of
// the suite running beside the test would take a schema of the store's
// version, or find the list full and drop it.
func TestFreeSchemasOutliveTheProcess(t *testing.T) {
	SkipWithoutPostgres(t)
	dsn := os.Getenv("ADIUKH_TEST_POSTGRES")
	version := store.SchemaVersion() + "-" + newSchemaName()
	ended := schemaPool{version: version}
	schema, err := ended.create(dsn)
	if err != nil {
		t.Fatal(err)
	}
	if err := ended.release(schema); err != nil {
		t.Fatal(err)
	}
	if err := ended.drain(); err != nil {
		t.Fatal(err)
	}
	next := schemaPool{version: version}
	t.Cleanup(func() {
		if err := next.drain(); err != nil {
			t.Error(err)
		}
	})
	admin, err := next.connect(dsn)
	if err != nil {
		t.Fatal(err)
	}
	var listed string
	if err := admin.Raw("SELECT version FROM "+freeSchemas+" WHERE schema = ?", schema).Scan(&listed).Error; err != nil || listed != version {
		t.Fatalf("the ended process's schema is listed with version %q (%v), want %q", listed, err, version)
	}
	claimed, err := next.claim(dsn)
	if err != nil || claimed == "" {
		t.Fatalf("the next process took no free schema (%q, %v)", claimed, err)
	}
	if claimed != schema {
		t.Errorf("the next process took schema %s, want the ended process's %s", claimed, schema)
	}
	t.Cleanup(func() {
		if err := admin.Exec("DROP SCHEMA " + quoteIdent(claimed) + " CASCADE").Error; err != nil {
			t.Error(err)
		}
	})
	st := open(t, "postgres", withSearchPath(t, dsn, claimed))
	svc := tournament.NewService(st, engines.Options())
	admin2 := &tournament.User{Email: "admin@example.org", Role: tournament.Admin}
	if err := st.Accounts().Update(context.Background(), func(tx account.Tx) error { return tx.CreateUser(admin2) }); err != nil {
		t.Fatal(err)
	}
	events, err := svc.Events(tournament.NewContextWithUser(context.Background(), admin2))
	if err != nil || len(events) != 0 || admin2.ID != 1 {
		t.Fatalf("the taken schema holds %d events (%v) and gave the first account ID %d, want none and 1", len(events), err, admin2.ID)
	}
}
