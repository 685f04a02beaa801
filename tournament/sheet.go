package tournament

import (
	"encoding/json"
	"unicode"
	"unicode/utf8"

	"adiukh/rules"
)

// checkSheet replays a game sheet (the first game of a PDN file) against
// the rules of the game and keeps what the result check needs.
func checkSheet(game GameKind, text string) SheetReport {
	verdicts := game.Rules().ValidateGames(text)
	if len(verdicts) == 0 {
		return SheetReport{} // not valid, with nothing to point at
	}
	return SheetReportOf(verdicts[0])
}

// SheetReportOf keeps of a game's verdict what the result check needs: a
// game that ended on the board (a final position, a draw of its rules)
// reached its final position; a result the sheet writes before it stands
// as its claim.
func SheetReportOf(v rules.Verdict) SheetReport {
	rep := SheetReport{Valid: v.Valid, Errors: SheetErrors(v.Errors)}
	if v.Replayed && v.Final != nil {
		if out := v.Final.Outcome(); out.Over {
			rep.FinalReached, rep.FinalScore = true, out.Score.String()
			return rep
		}
	}
	if w := v.Written; w != nil {
		rep.ClaimedScore, rep.ClaimedReason = w.Score.String(), string(w.Reason)
	}
	return rep
}

// SheetErrors are the problems the rules found in a sheet, as a report
// lists them.
func SheetErrors(problems []rules.Problem) []SheetError {
	var errs []SheetError
	for _, p := range problems {
		errs = append(errs, SheetError{Line: p.Line, Ply: p.Ply, MoveNo: p.MoveNumber, Message: p.Message, Detail: p.Detail})
	}
	return errs
}

// MaxSheetBytes bounds a game sheet: the longest games take a few
// kilobytes, and every sheet is replayed whenever it is checked.
const MaxSheetBytes = 64 << 10

// checkSheetBytes refuses what cannot be a score sheet, whatever reason is
// typed beside it, at every door (the desk's form and file, the JSON API, a
// player's report, a batch of sheets, a micro-match game): a sheet over
// MaxSheetBytes, or one that is not text — bytes that are not UTF-8 (a
// photo or a document uploaded as the sheet) or control characters other
// than tabs and line ends — which the viewer would print as they are and
// no record could be drawn from.
func checkSheetBytes(sheet string) error {
	if len(sheet) > MaxSheetBytes {
		return Invalid("sheet", "the game sheet has %d bytes; a sheet has at most %d", len(sheet), MaxSheetBytes)
	}
	line := 1
	for rest := sheet; rest != ""; {
		r, size := utf8.DecodeRuneInString(rest)
		switch {
		case r == utf8.RuneError && size == 1:
			return Invalid("sheet", "the game sheet is not text: line %d has bytes that are not UTF-8 (is it a photo or a document?); send the sheet as a text or PDN file", line)
		case r == '\n':
			line++
		case r != '\t' && r != '\r' && unicode.IsControl(r):
			return Invalid("sheet", "the game sheet is not text: line %d has the control character U+%04X; send the sheet as a text or PDN file", line, r)
		}
		rest = rest[size:]
	}
	return nil
}

// storedSheetError is the JSON form of a SheetError in a stored report: its
// detail by key and arguments, as notes keep messages, so that the report
// reads in every language and survives rewording; Message only where there
// is no detail.
type storedSheetError struct {
	Line    int
	Ply     int
	MoveNo  int
	Message string         `json:",omitempty"`
	Detail  *storedMessage `json:",omitempty"`
}

// MarshalJSON stores the problem with its detail by key.
func (e SheetError) MarshalJSON() ([]byte, error) {
	s := storedSheetError{Line: e.Line, Ply: e.Ply, MoveNo: e.MoveNo}
	if e.Detail.Format != "" {
		d := storeMessage(e.Detail)
		s.Detail = &d
	} else {
		s.Message = e.Message
	}
	return json.Marshal(s)
}

// UnmarshalJSON reads a stored problem; its Message is the detail in
// English, or the stored words where there is no detail.
func (e *SheetError) UnmarshalJSON(b []byte) error {
	var s struct {
		Line, Ply, MoveNo int
		Message           string
		Detail            map[string]any
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*e = SheetError{Line: s.Line, Ply: s.Ply, MoveNo: s.MoveNo, Message: s.Message}
	if m, ok := readMessage(s.Detail); ok {
		e.Detail, e.Message = m, m.String()
	}
	return nil
}
