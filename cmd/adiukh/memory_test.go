package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// adiukh serve limits its memory softly unless GOMEMLIMIT says otherwise
// (issue 65.3).
func TestServeLimitsItsMemoryUnlessGOMEMLIMITSays(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(before)
	debug.SetMemoryLimit(math.MaxInt64)
	if got := limitMemory(func(string) string { return "" }); got != defaultMemoryLimit {
		t.Errorf("without GOMEMLIMIT the limit is %d; want %d", got, defaultMemoryLimit)
	}
	debug.SetMemoryLimit(math.MaxInt64) // as the runtime reads GOMEMLIMIT=off
	if got := limitMemory(func(string) string { return "off" }); got != math.MaxInt64 {
		t.Errorf("with GOMEMLIMIT=off the limit is %d; want none", got)
	}
}
