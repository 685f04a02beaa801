package storetest

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"adiukh/tournament/store"
)

// Main runs the tests of a package with its PostgreSQL schemas pooled and
// drops them when the tests end; call it from TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
//
// Migrating a new schema costs PostgreSQL about a second of work, most of
// the suite's time on that database: in a pool, a test takes the schema of
// one that has ended, emptied back to what the migrations left (a few
// milliseconds), and only tests running at once need schemas of their own.
// When the tests end their schemas are not dropped but listed in the
// database as free (freeSchemas), for the next test process of the same
// migrations to take: a whole suite migrates about as many schemas as tests
// run at once, not that many for every package. Without Main each test
// migrates a new schema and drops it.
func Main(m *testing.M) int {
	pool.mu.Lock()
	pool.enabled = true
	pool.mu.Unlock()
	code := m.Run()
	if err := pool.drain(); err != nil {
		fmt.Fprintf(os.Stderr, "storetest: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// pool holds the schemas of this test process that no test uses now.
var pool schemaPool

type schemaPool struct {
	mu       sync.Mutex
	learning sync.Mutex // held while the emptying block is read
	enabled  bool
	free     []string
	dsn      string   // the ADIUKH_TEST_POSTGRES they live in
	admin    *gorm.DB // one connection pool for creating, emptying and dropping them
	empty    string   // the statements that empty a schema back to its migrated state
	listed   bool     // freeSchemas is there, and other versions' old schemas dropped
	// version is the migrations' version the pool lists its schemas
	// under; "" is the store's SchemaVersion. A test of the list itself
	// sets its own, so that no process running beside it takes its schemas.
	version string
}

// schemaVersion is the version the pool's schemas are listed under.
func (p *schemaPool) schemaVersion() string {
	if p.version != "" {
		return p.version
	}
	return store.SchemaVersion()
}

// pooledSchema gives a test a migrated schema of its own and takes it back
// when the test ends, after the stores opened on it (later) are closed.
func pooledSchema(t testing.TB, dsn string) string {
	t.Helper()
	pool.mu.Lock()
	if !pool.enabled {
		pool.mu.Unlock()
		return postgresSchema(t, dsn)
	}
	var schema string
	if n := len(pool.free); n > 0 && pool.dsn == dsn {
		schema, pool.free = pool.free[n-1], pool.free[:n-1]
	}
	pool.mu.Unlock()
	if schema == "" {
		var err error
		if schema, err = pool.claim(dsn); err != nil {
			t.Fatal(err)
		}
	}
	if schema == "" {
		var err error
		if schema, err = pool.create(dsn); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		if err := pool.release(schema); err != nil {
			t.Errorf("give back schema %s: %v", schema, err)
		}
	})
	return withSearchPath(t, dsn, schema)
}

// create makes a new schema and migrates it; the first one also tells
// which rows the migrations leave, which emptying a schema puts back.
func (p *schemaPool) create(dsn string) (string, error) {
	admin, err := p.connect(dsn)
	if err != nil {
		return "", err
	}
	schema := newSchemaName()
	on, err := searchPath(dsn, schema)
	if err != nil {
		return "", err
	}
	if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
		return "", fmt.Errorf("create schema %s: %w", schema, err)
	}
	st, err := store.Open(on)
	if err != nil {
		return "", fmt.Errorf("migrate schema %s: %w", schema, err)
	}
	if err := st.Close(); err != nil {
		return "", err
	}
	return schema, p.learnEmptying(admin, schema)
}

// learnEmptying reads, from a schema as the migrations left it, the block
// that empties a schema back to that state, once per process.
func (p *schemaPool) learnEmptying(admin *gorm.DB, schema string) error {
	// The tests of a package start at once and all ask; reading the block
	// costs PostgreSQL a tenth of a second, so one reads it and the others
	// wait for it.
	p.learning.Lock()
	defer p.learning.Unlock()
	p.mu.Lock()
	known := p.empty != ""
	p.mu.Unlock()
	if known {
		return nil
	}
	empty, err := emptyingStatements(admin, schema)
	if err != nil {
		return err
	}
	p.mu.Lock()
	p.empty = empty
	p.mu.Unlock()
	return nil
}

// freeSchemas lists the schemas that test processes which have ended left
// behind, emptied back to what the migrations of their version (the
// store's SchemaVersion) made: the next process of that version takes them
// instead of migrating new ones. A schema of another version, left over an
// hour ago, is dropped by the next process to look.
const freeSchemas = "public.storetest_free_schemas"

// maxFreeSchemas bounds the free schemas of a version: about as many as
// the tests of two packages at once use (scripts/test runs -parallel 4,
// and some tests open two or three stores), beyond which an ended
// process's schemas are dropped.
const maxFreeSchemas = 16

// claim takes a free schema of this version of the migrations from the
// database's list; "" when there is none.
func (p *schemaPool) claim(dsn string) (string, error) {
	admin, err := p.connect(dsn)
	if err != nil {
		return "", err
	}
	if err := p.openList(admin); err != nil {
		return "", err
	}
	var claimed []string
	if err := admin.Raw(`DELETE FROM `+freeSchemas+` WHERE schema = (
		SELECT schema FROM `+freeSchemas+` WHERE version = ? LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING schema`,
		p.schemaVersion()).Scan(&claimed).Error; err != nil {
		return "", fmt.Errorf("take a free schema: %w", err)
	}
	if len(claimed) == 0 {
		return "", nil
	}
	return claimed[0], p.learnEmptying(admin, claimed[0])
}

// openList makes the list of free schemas when the database has none yet,
// and drops the old schemas of other versions, once per process.
func (p *schemaPool) openList(admin *gorm.DB) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.listed {
		return nil
	}
	// Processes starting together would each create the table: the lock
	// makes the first do it and the others find it there.
	err := admin.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("SELECT pg_advisory_xact_lock(hashtext(?))", freeSchemas).Error; err != nil {
			return err
		}
		return tx.Exec(`CREATE TABLE IF NOT EXISTS ` + freeSchemas + ` (schema text PRIMARY KEY,
			version text NOT NULL, freed_at timestamptz NOT NULL DEFAULT now())`).Error
	})
	if err != nil {
		return fmt.Errorf("make the list of free schemas: %w", err)
	}
	var stale []string
	if err := admin.Raw(`DELETE FROM `+freeSchemas+` WHERE version <> ? AND freed_at < now() - interval '1 hour' RETURNING schema`,
		p.schemaVersion()).Scan(&stale).Error; err != nil {
		return fmt.Errorf("read the free schemas of other versions: %w", err)
	}
	for _, schema := range stale {
		if err := admin.Exec("DROP SCHEMA IF EXISTS " + quoteIdent(schema) + " CASCADE").Error; err != nil {
			return fmt.Errorf("drop schema %s of another version: %w", schema, err)
		}
	}
	p.listed = true
	return nil
}

// connect opens the pool's connections to dsn once.
func (p *schemaPool) connect(dsn string) (*gorm.DB, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.admin == nil {
		admin, err := gorm.Open(postgres.Open(dsn), &gorm.Config{Logger: logger.Discard})
		if err != nil {
			return nil, fmt.Errorf("connect to ADIUKH_TEST_POSTGRES: %w", err)
		}
		p.admin, p.dsn = admin, dsn
	}
	return p.admin, nil
}

// emptyingStatements reads a freshly migrated schema and writes the block
// that empties it back to that state: every table but the record of
// migrations that has rows loses them, every sequence a test drew from
// starts again, and the rows the migrations put in (the data version's) are
// inserted again. A test writes to a few of the schema's tables; deleting
// from those alone costs PostgreSQL a tenth of truncating them all, which
// makes new files for every table and index. A table is emptied before the
// tables its foreign keys point to (games before players).
func emptyingStatements(admin *gorm.DB, schema string) (string, error) {
	var tables []string
	if err := admin.Raw(`SELECT table_name FROM information_schema.tables
		WHERE table_schema = ? AND table_type = 'BASE TABLE' AND table_name <> 'migrations' ORDER BY table_name`, schema).
		Scan(&tables).Error; err != nil {
		return "", fmt.Errorf("list the tables of %s: %w", schema, err)
	}
	var keys []foreignKey
	if err := admin.Raw(`SELECT DISTINCT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
		FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
		WHERE c.contype = 'f' AND n.nspname = ? AND c.conrelid <> c.confrelid`, schema).Scan(&keys).Error; err != nil {
		return "", fmt.Errorf("list the foreign keys of %s: %w", schema, err)
	}
	ordered, err := childrenFirst(tables, keys, schema)
	if err != nil {
		return "", err
	}
	var sequences []struct {
		Name  string
		Start int64
	}
	if err := admin.Raw(`SELECT sequencename AS name, start_value AS start FROM pg_sequences
		WHERE schemaname = ? ORDER BY sequencename`, schema).Scan(&sequences).Error; err != nil {
		return "", fmt.Errorf("list the sequences of %s: %w", schema, err)
	}
	// The seed rows go in after every delete, parents first.
	var block strings.Builder
	var seeds []string
	block.WriteString("DO $empty$\nDECLARE has boolean;\nBEGIN\n")
	for _, table := range ordered {
		var rows string
		if err := admin.Raw(fmt.Sprintf(`SELECT coalesce(json_agg(t), '[]')::text FROM %s.%s t`, quoteIdent(schema), quoteIdent(table))).Scan(&rows).Error; err != nil {
			return "", fmt.Errorf("read the rows of %s.%s: %w", schema, table, err)
		}
		if rows == "[]" {
			fmt.Fprintf(&block, "IF EXISTS (SELECT FROM %s) THEN DELETE FROM %[1]s; END IF;\n", quoteIdent(table))
			continue
		}
		fmt.Fprintf(&block, "DELETE FROM %s;\n", quoteIdent(table))
		seeds = append(seeds, fmt.Sprintf("INSERT INTO %s SELECT * FROM json_populate_recordset(NULL::%[1]s, %s);\n", quoteIdent(table), quoteLiteral(rows)))
	}
	slices.Reverse(seeds)
	block.WriteString(strings.Join(seeds, ""))
	for _, seq := range sequences {
		fmt.Fprintf(&block, "SELECT is_called INTO has FROM %s;\nIF has THEN PERFORM setval(%s, %d, false); END IF;\n",
			quoteIdent(seq.Name), quoteLiteral(quoteIdent(seq.Name)), seq.Start)
	}
	block.WriteString("END\n$empty$")
	return block.String(), nil
}

// foreignKey is a table whose rows point to rows of another.
type foreignKey struct{ Child, Parent string }

// childrenFirst orders tables so that each comes before every table its
// foreign keys point to; keys name tables as regclass does, quoted where
// they must be and without the schema while it is on the search path, so
// both forms are looked up.
func childrenFirst(tables []string, keys []foreignKey, schema string) ([]string, error) {
	name := func(regclass string) string {
		regclass = strings.TrimPrefix(regclass, schema+".")
		return strings.Trim(regclass, `"`)
	}
	parents := map[string][]string{}
	waiting := map[string]int{} // how many children of a table are not ordered yet
	for _, k := range keys {
		child, parent := name(k.Child), name(k.Parent)
		parents[child] = append(parents[child], parent)
		waiting[parent]++
	}
	var ordered, ready []string
	for _, t := range tables {
		if waiting[t] == 0 {
			ready = append(ready, t)
		}
	}
	for len(ready) > 0 {
		t := ready[0]
		ready = ready[1:]
		ordered = append(ordered, t)
		for _, parent := range parents[t] {
			if waiting[parent]--; waiting[parent] == 0 {
				ready = append(ready, parent)
			}
		}
	}
	if len(ordered) != len(tables) {
		return nil, fmt.Errorf("the foreign keys of %s go round in a circle: no table can be emptied first", schema)
	}
	return ordered, nil
}

// quoteIdent is name as an SQL identifier.
func quoteIdent(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// quoteLiteral is s as an SQL string literal.
func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// release empties a schema and puts it back in the pool; one that cannot
// be emptied is dropped.
func (p *schemaPool) release(schema string) error {
	p.mu.Lock()
	admin, empty := p.admin, p.empty
	p.mu.Unlock()
	err := admin.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("SET LOCAL search_path TO " + schema).Error; err != nil {
			return err
		}
		return tx.Exec(empty).Error
	})
	if err != nil {
		// A schema the block cannot empty is a fault of the block: say so,
		// rather than quietly migrate a new schema for every later test.
		return errors.Join(fmt.Errorf("empty schema %s: %w", schema, err),
			admin.Exec(fmt.Sprintf("DROP SCHEMA %s CASCADE", schema)).Error)
	}
	p.mu.Lock()
	p.free = append(p.free, schema)
	p.mu.Unlock()
	return nil
}

// drain lists the pooled schemas, emptied, as free for the next test
// process (freeSchemas).
func (p *schemaPool) drain() error {
	p.mu.Lock()
	admin, free := p.admin, p.free
	p.free, p.admin = nil, nil
	p.mu.Unlock()
	if admin == nil {
		return nil
	}
	var errs []error
	if len(free) > 0 {
		errs = append(errs, p.openList(admin))
	}
	var listed int64
	if len(free) > 0 {
		errs = append(errs, admin.Raw("SELECT count(*) FROM "+freeSchemas+" WHERE version = ?", p.schemaVersion()).Scan(&listed).Error)
	}
	for _, schema := range free {
		if listed >= maxFreeSchemas {
			if err := admin.Exec("DROP SCHEMA " + quoteIdent(schema) + " CASCADE").Error; err != nil {
				errs = append(errs, fmt.Errorf("drop schema %s: %w", schema, err))
			}
			continue
		}
		if err := admin.Exec("INSERT INTO "+freeSchemas+" (schema, version) VALUES (?, ?)", schema, p.schemaVersion()).Error; err != nil {
			errs = append(errs, fmt.Errorf("list schema %s as free: %w", schema, err))
		}
		listed++
	}
	if db, err := admin.DB(); err == nil {
		db.Close()
	}
	return errors.Join(errs...)
}
