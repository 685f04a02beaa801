package trf_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"adiukh/tournament/engines"
	"adiukh/tournament/trf"
)

// FuzzDutchInputFromTRF converts whatever file reads without an error into
// the Dutch pairing's input. It is here, not beside engines' other tests,
// because a fuzz target's test binary is built with every package it
// imports instrumented for coverage: engines' tests import the store, and
// with it the ORM, the database drivers and SQLite's C, which fuzzing there
// built a second time (121 s of CPU on a build cache without them, 10 s
// for the fuzzing itself) for a target that reads no database.
func FuzzDutchInputFromTRF(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("testdata", "extensions.trf")); err == nil {
		f.Add(data)
	}
	f.Add([]byte("001    1      A                                 2000                             1.0    1  0000 - U\nXXR 3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		// A per-input limit: whole tournaments only slow the fuzzer down.
		if len(data) > 4<<10 {
			return
		}
		tour, err := trf.Read(strings.NewReader(string(data)))
		if err != nil {
			return
		}
		engines.DutchInputFromTRF(tour)
	})
}
