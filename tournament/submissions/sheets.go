package submissions

import (
	"context"
	"regexp"
	"strconv"
	"strings"

	"adiukh/rules"
	"adiukh/tournament"
)

// MaxSheetsAtOnce bounds the sheets of one batch.
const MaxSheetsAtOnce = 200

// SheetOutcome is what became of one sheet of a batch.
type SheetOutcome struct {
	// Index is the sheet's place in the batch, from 1.
	Index int
	// Text is the sheet as it was cut from the batch.
	Text string
	// White and Black are the names the sheet's header gives.
	White, Black string
	// Board is the board the sheet was matched to; 0 when none.
	Board int
	// Recorded is the game with its result when the sheet was stored.
	Recorded *tournament.RecordedResult
	// Err says why the sheet was not matched or not stored.
	Err error
	// Warnings say what looks wrong with a stored sheet, such as names
	// that are not the board's players.
	Warnings []tournament.Warning
}

// sheetSeparator is a line of three or more dashes or equals signs between
// text sheets.
var sheetSeparator = regexp.MustCompile(`(?m)^[ \t]*(?:-{3,}|={3,})[ \t]*\r?$`)

// splitSheets cuts a batch into sheets: first at the lines of dashes that
// stand between text sheets and between the files chosen together (the
// handler joins them with one), then each part that is PDN into its games,
// each starting with its tag section. A file of PDN games chosen with
// others is so cut into its games, not read with the dashes as a move.
func splitSheets(text string) []string {
	var sheets []string
	for _, part := range sheetSeparator.Split(text, -1) {
		if !strings.HasPrefix(strings.TrimSpace(part), "[") {
			sheets = appendSheet(sheets, part)
			continue
		}
		var cur []string
		inMoves := false
		for _, line := range strings.Split(part, "\n") {
			tag := strings.HasPrefix(strings.TrimSpace(line), "[")
			if tag && inMoves {
				sheets, cur, inMoves = appendSheet(sheets, strings.Join(cur, "\n")), nil, false
			}
			if !tag && strings.TrimSpace(line) != "" {
				inMoves = true
			}
			cur = append(cur, line)
		}
		sheets = appendSheet(sheets, strings.Join(cur, "\n"))
	}
	return sheets
}

// appendSheet adds a sheet cut from a batch, trimmed, unless it is blank.
func appendSheet(sheets []string, sheet string) []string {
	if sheet = strings.TrimSpace(sheet); sheet != "" {
		sheets = append(sheets, sheet)
	}
	return sheets
}

// JoinSheets puts sheets together again as one batch that splitSheets
// cuts into the same sheets: PDN games one after another when all are PDN,
// otherwise with a line of dashes between them.
func JoinSheets(sheets []string) string {
	sep := "\n\n"
	for _, s := range sheets {
		if !strings.HasPrefix(s, "[") {
			sep = "\n---\n"
		}
	}
	return strings.Join(sheets, sep)
}

// RecordSheets stores a batch of score sheets of one round at once (pasted
// together or uploaded as several files): each is matched to its board by
// the board number in its header or else by the players' names, and stored
// with the score it gives, through tournament.Service.RecordResult, one by one. A sheet that
// cannot be matched or stored is reported and the others go on; a sheet
// whose names are not the board's players is stored with a warning.
func (s *Service) RecordSheets(ctx context.Context, eventID int64, round int, text string) ([]SheetOutcome, error) {
	sheets := splitSheets(text)
	switch {
	case len(sheets) == 0:
		return nil, tournament.Invalid("sheets", "paste or upload at least one score sheet")
	case len(sheets) > MaxSheetsAtOnce:
		return nil, tournament.Invalid("sheets", "%d sheets at once; send at most %d", len(sheets), MaxSheetsAtOnce)
	}
	d, err := s.events.DeskData(ctx, eventID)
	if err != nil {
		return nil, err
	}
	var r *tournament.Round
	for i := range d.Rounds {
		if d.Rounds[i].Number == round {
			r = &d.Rounds[i]
		}
	}
	if r == nil {
		return nil, tournament.NotFound("round %d of event %d not found", round, eventID)
	}
	out := make([]SheetOutcome, len(sheets))
	for i, text := range sheets {
		o := &out[i]
		o.Index, o.Text = i+1, text
		// Measured before it is read: a sheet of megabytes is refused
		// for its size, not parsed first.
		if o.Err = tournament.CheckSheetBytes(text); o.Err != nil {
			continue
		}
		sh := rules.ReadSheet(text)
		o.White, o.Black = sh.Header("White"), sh.Header("Black")
		g, err := matchSheet(d, r, sh, o.White, o.Black)
		if err != nil {
			o.Err = err
			continue
		}
		o.Board = g.Board
		o.Recorded, o.Err = s.events.RecordResult(ctx, tournament.ResultInput{EventID: eventID, Round: round, Board: g.Board, Sheet: text, Version: g.Version})
		if o.Recorded != nil {
			o.Warnings = append(o.Warnings, o.Recorded.Warnings...)
		}
	}
	return out, nil
}

// matchSheet finds the board of a sheet: by the board number of its
// header, else by its players' names. A board number whose players the
// sheet does not name is RecordResult's warning, as for a single sheet.
func matchSheet(d *tournament.EventData, r *tournament.Round, sh *rules.Sheet, white, black string) (*tournament.Game, error) {
	names := func(g *tournament.Game) (string, string) {
		w, b := d.Player(g.WhiteID), d.Player(g.BlackID)
		if w == nil || b == nil {
			return "", ""
		}
		return w.Name, b.Name
	}
	if n, err := strconv.Atoi(strings.TrimSpace(sh.Header("Board"))); err == nil {
		g := tournament.FindGame(r, n)
		if g == nil || g.IsBye() {
			return nil, tournament.Invalid("sheets", "round %d has no game on board %d, which the sheet names", r.Number, n)
		}
		return g, nil
	}
	if white == "" || black == "" {
		return nil, tournament.Invalid("sheets", "the sheet gives neither its board nor both players, so it matches no board; add a line \"Board: N\"")
	}
	// The full names first; surnames alone only when they fit one board.
	for _, same := range []func(a, b string) bool{tournament.SameFolded, tournament.NamesPlayer} {
		var fits []*tournament.Game
		for i := range r.Games {
			g := &r.Games[i]
			if w, b := names(g); !g.IsBye() && same(white, w) && same(black, b) {
				fits = append(fits, g)
			}
		}
		switch {
		case len(fits) == 1:
			return fits[0], nil
		case len(fits) > 1:
			return nil, tournament.Invalid("sheets", "%d games of round %d fit %s – %s; add a line \"Board: N\" to the sheet", len(fits), r.Number, white, black)
		}
	}
	return nil, tournament.Invalid("sheets", "no game of round %d is %s – %s; add a line \"Board: N\" to the sheet", r.Number, white, black)
}
