package store_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

var updateSchema = flag.Bool("update-schema", false, "write the schema golden files testdata/schema.*.txt")

// TestSchema checks that the migrations give a fresh database exactly the
// schema that databases created by earlier versions have (testdata/schema.
// sqlite.txt and schema.postgres.txt, written from the version that still
// migrated with AutoMigrate of the live rows): the same tables, columns,
// types, defaults, indexes and foreign keys, whatever their order.
func TestSchema(t *testing.T) {
	t.Parallel()
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			got, err := store.DescribeSchema(st)
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", "schema."+name+".txt")
			if *updateSchema {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("the migrated schema differs from %s:\n%s", golden, lineDiff(string(want), got))
			}
			missing, err := store.MissingColumns(st)
			if err != nil {
				t.Fatal(err)
			}
			if len(missing) > 0 {
				t.Errorf("live rows have fields without a column (add a migration): %v", missing)
			}
		})
	}
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	w, g := in(want), in(got)
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}
