package tournament

import "adiukh/rules"

// checkSheet replays a game sheet against the rules and keeps what the
// result check needs.
func checkSheet(text string) SheetReport {
	r := rules.ValidateSheet(text)
	rep := SheetReport{Valid: r.Valid, FinalReached: r.Final}
	for _, p := range r.Errors {
		rep.Errors = append(rep.Errors, SheetError{Line: p.Line, Ply: p.Ply, MoveNo: p.MoveNumber, Message: p.Message, Detail: p.Detail})
	}
	if r.Final && r.Score != nil {
		rep.FinalScore = r.Score.String()
	}
	if written := r.Sheet.Result; written != nil {
		rep.ClaimedScore = written.Score.String()
		rep.ClaimedReason = string(written.Reason)
	}
	return rep
}

// MaxSheetBytes bounds a game sheet: the longest games take a few
// kilobytes, and every sheet is replayed whenever it is checked.
const MaxSheetBytes = 64 << 10

// checkSheetSize refuses a sheet over MaxSheetBytes.
func checkSheetSize(sheet string) error {
	if len(sheet) > MaxSheetBytes {
		return Invalid("sheet", "the game sheet has %d bytes; a sheet has at most %d", len(sheet), MaxSheetBytes)
	}
	return nil
}
