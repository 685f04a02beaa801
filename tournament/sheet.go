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
