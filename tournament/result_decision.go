package tournament

import "adiukh/rules"

// ResultEntry is a result sent for a board, or for one game of a
// micro-match, through any door, with what is stored there: what
// DecideResult needs to say what the entry does.
type ResultEntry struct {
	// Event is the event, in whose scale a message writes the result
	// stored (Event.ScoreText: 1:0 in a 1-½-0 event); nil: in the game's
	// points.
	Event        *Event
	Round, Board int
	// Game is the game of a micro-match (1 or 2); 0 for a board's one game.
	Game int
	// Stored is the board's version now; Sent the version the sender saw.
	Stored, Sent int
	// Old is the result stored (nil: none yet); New the one sent.
	Old *Result
	New Result
	// SheetChanged: a sheet came that differs from the stored one;
	// HadSheet: one was stored before it.
	SheetChanged, HadSheet bool
	// Problem is what the sheet (stored or sent) says against New; a
	// problem of a sheet that cannot be replayed (SheetValid false, or no
	// sheet) is the sheet's, otherwise the score's.
	Problem    rules.Message
	SheetValid bool
	// Reason is the sender's reason for a correction or an override.
	Reason string
}

// ResultChange is what an entry does to what is stored.
type ResultChange int

const (
	// ResultUnchanged: the result stored, sent again with no new sheet
	// (a form sent twice, the back button, a client's retry), whatever
	// version it carries: it stands, no new version, nothing to log.
	ResultUnchanged ResultChange = iota
	// ResultFirst: the first result of the board or game.
	ResultFirst
	// ResultCorrected: another result, or another sheet, where one was;
	// it needs a reason, which the audit log keeps.
	ResultCorrected
)

// DecideResult is the one decision every door of a result (a board, a
// game of a micro-match, a team board, a player's report confirmed, a game
// adjudicated) takes in the same order: the same result again is
// unchanged; a stale version is refused (ECONFLICT) rather than lose the
// other change; a sheet against the result needs a reason to override it,
// and so does a correction (EINVALID on reason, score or sheet).
func DecideResult(in ResultEntry) (ResultChange, error) {
	if in.Old != nil && *in.Old == in.New && !in.SheetChanged {
		return ResultUnchanged, nil
	}
	if in.Stored != in.Sent {
		if in.Game != 0 {
			return 0, Conflict("version", "board %d of round %d was changed meanwhile (version %d, you sent %d); reload it and enter the result again", in.Board, in.Round, in.Stored, in.Sent)
		}
		return 0, Conflict("version", "board %d of round %d was changed after the page was opened (by another entry, or by this one sent before); reload it to see its result, and enter the result again if it is still wrong", in.Board, in.Round)
	}
	correction := in.Old != nil && (*in.Old != in.New || (in.SheetChanged && in.HadSheet))
	problem := in.Problem.Format != ""
	switch {
	case correction && problem && in.Reason == "":
		if in.Game != 0 {
			return 0, Invalid("reason", "game %d of board %d already has the result %s; say why it is corrected (and: %s)", in.Game, in.Board, in.oldScore(), in.Problem)
		}
		return 0, Invalid("reason", "the game already has the result %s; say why it is corrected (and: %s)", in.oldScore(), in.Problem)
	case problem && in.Reason == "":
		field := "score"
		if !in.SheetValid {
			field = "sheet"
		}
		if in.Game != 0 {
			return 0, Invalid(field, "game %d: %s; correct the score or the sheet, or override with a reason", in.Game, in.Problem)
		}
		return 0, Invalid(field, "%s; correct the score or the sheet, or override with a reason", in.Problem)
	case correction && in.Reason == "":
		// A correction never overwrites silently: its reason goes to the
		// audit log with the old and the new result.
		if in.Game != 0 {
			return 0, Invalid("reason", "game %d of board %d already has the result %s; say why it is corrected", in.Game, in.Board, in.oldScore())
		}
		return 0, Invalid("reason", "the game already has the result %s; say why it is corrected", in.oldScore())
	case correction:
		return ResultCorrected, nil
	}
	return ResultFirst, nil
}

// oldScore is the result stored as the event shows it.
func (in ResultEntry) oldScore() string {
	if in.Event == nil {
		return in.Old.Score()
	}
	return in.Event.ScoreText(*in.Old)
}
