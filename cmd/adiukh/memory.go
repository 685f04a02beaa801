package main

import "runtime/debug"

// defaultMemoryLimit is the Go runtime's soft memory limit of adiukh serve
// when GOMEMLIMIT does not set one: a safety net, not what keeps the server
// small (documents stream past their first megabyte and are made no more at
// once than the cores, the page cache holds 64 MB at most). Without it the
// runtime let the heap grow to twice what lives and kept the peak from the
// system for minutes: a server of two 4,096-player events, every page and
// document read, peaked near a gigabyte resident (issue 65.3, docs/
// benchmarks.md). GOMEMLIMIT sets another (a larger machine), or none
// (GOMEMLIMIT=off).
const defaultMemoryLimit = 480 << 20

// limitMemory sets defaultMemoryLimit unless getenv("GOMEMLIMIT") names a
// limit of its own, and tells the limit in force.
func limitMemory(getenv func(string) string) int64 {
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	return debug.SetMemoryLimit(-1)
}
