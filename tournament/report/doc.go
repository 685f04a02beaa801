// Package report renders what an arbiter prints and what a federation loads:
// crosstables, Swiss progress tables, standings, pairing lists, score sheets
// (бланки записи партии) and game records as A4 PDFs, and standings as CSV
// and JSON.
//
// It renders from the plain view structs defined in view.go and knows nothing
// about the store, the pairing systems or the rules engine: the service fills
// the views (places, tie-break values, final positions are computed there) and
// this package only lays them out. Labels come from a small message table in
// Russian (the default) and English; names that the domain owns in both
// languages (disciplines, tie-breaks) arrive as a Text with both spellings.
//
// Every function renders into its own document, so any number of reports may
// be rendered at once from different goroutines.
package report
