package kit

import "adiukh/tournament/submissions"

// SheetOutcomeRow is one sheet of a batch on the results page.
type SheetOutcomeRow struct {
	submissions.SheetOutcome
	Score string
	// Error is why the sheet was not stored, in the reader's language.
	Error string
}
