package export

import (
	"bytes"
	"testing"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/knockout"
	"adiukh/tournament/store/storetest"
)

// The game record of a knockout match's game: the players as they had the
// colours in it, its number in the match, its moves and result; a game
// without a sheet, a number out of the match's games and a match with no
// game yet are refused with what is wrong.
func TestMatchGameRecord(t *testing.T) {
	t.Parallel()
	const whiteWins = "1. c3-b4 b6-c5 2. b4-a5 a7-b6\n24:0 (resignation)"
	for name, st := range storetest.Open(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f := docFixtureOn(t, st, storetest.Arbiter(t, st))
			e, err := f.svc.CreateEvent(f.ctx, tournament.EventInput{Name: ptr("Кубок Адыгеи"), Discipline: ptr("rapid"),
				System: ptr("knockout"), TimeControl: ptr("15+10"), StartDate: ptr("2026-05-09"), EndDate: ptr("2026-05-10"), Visibility: ptr("public"),
				Knockout: &tournament.KnockoutSettings{MatchGames: 2, TieBreaks: []tournament.KnockoutStage{{Games: 1, Tempo: "blitz"}}}})
			f.must(err)
			f.players(e.ID, 4)
			r := f.pair(e.ID)
			_, err = f.svc.PublishRound(f.ctx, e.ID, 1)
			f.must(err)
			board, other := r.Games[0], r.Games[1]
			for number := 1; number <= 2; number++ {
				_, err := f.ko.SubmitSheet(f.ctx, knockout.SheetInput{EventID: e.ID, Round: 1, Board: board.Board, Number: number, Sheet: whiteWins})
				f.must(err)
			}
			_, err = f.ko.RecordGame(f.ctx, knockout.GameInput{EventID: e.ID, Round: 1, Board: board.Board, Number: 3, Score: "24:0", EndReason: "resignation"})
			f.must(err)

			d, err := f.svc.EventData(f.ctx, e.ID)
			f.must(err)
			bk, err := f.ko.Bracket(f.ctx, e.ID)
			f.must(err)
			rec, err := MatchGameRecordView(d, bk, 1, board.Board, 2)
			f.must(err)
			white, black := d.Player(board.BlackID), d.Player(board.WhiteID)
			if !rec.Match || rec.Game != 2 || rec.TieBreak != "" || rec.White.Name != white.Name || rec.Black.Name != black.Name ||
				len(rec.Moves) != 4 || rec.EndReason != "resignation" {
				t.Errorf("game 2's record: %+v; want game 2 of the match, %s with White, its 4 moves, resigned", rec, white.Name)
			}
			for _, c := range []struct {
				board, number int
				code          string
			}{
				{board.Board, 3, tournament.ENOTFOUND}, // the tie-break game has no sheet
				{board.Board, 4, tournament.EINVALID},  // the match has three games
				{board.Board, 0, tournament.EINVALID},
				{other.Board, 1, tournament.ENOTFOUND}, // no game played yet
				{9, 1, tournament.ENOTFOUND},
			} {
				if _, err := MatchGameRecordView(d, bk, 1, c.board, c.number); tournament.ErrorCode(err) != c.code {
					t.Errorf("board %d game %d: %v, want %s", c.board, c.number, err, c.code)
				}
			}
			var pdf bytes.Buffer
			f.must(f.exporter().BoardGameRecordPDF(f.ctx, &pdf, catalog.Russian, e.ID, 1, board.Board, 1))
			if !bytes.HasPrefix(pdf.Bytes(), []byte("%PDF")) {
				t.Errorf("game 1's record is not a PDF: %.40q", pdf.Bytes())
			}
		})
	}
}
