package correspondence

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
)

// sheetText writes the moves played as a game sheet (rules §7.2), with the
// start position of a thematic section in its headers as the event's game
// names it (Adiukh's Position and ToMove, Russian draughts' FEN). It is
// kept in the event's game, so that the game viewer, the game record PDF
// and the event's exports read a correspondence game like any other. It
// has no result line: the result is the game's, and an adjudicated score
// is not one a sheet can state.
func sheetText(k tournament.GameKind, st *Settings, g *Game, moves []Move) (string, error) {
	start, err := gameStart(k, st, g)
	if err != nil {
		return "", fmt.Errorf("game %d: start position: %w", g.ID, err)
	}
	var b strings.Builder
	for _, h := range k.Rules().PDNTags(start) {
		// The event names the game; the sheet its start.
		if h.Key != "GameType" && h.Key != "Variant" {
			fmt.Fprintf(&b, "%s: %s\n", h.Key, h.Value)
		}
	}
	writeMoves(&b, g, moves, false)
	return b.String(), nil
}

// writeMoves writes numbered moves, each marked = when a draw was offered
// with it, with each move's time stamp as a PDN comment when stamps is set.
func writeMoves(b *strings.Builder, g *Game, moves []Move, stamps bool) {
	first := g.FirstSide()
	for i, m := range moves {
		if i > 0 {
			b.WriteString(" ")
		}
		white := (m.Ply%2 == 1) == (first == rules.White)
		switch {
		case white:
			fmt.Fprintf(b, "%d. ", g.MoveNumber(m.Ply))
		case i == 0:
			fmt.Fprintf(b, "%d... ", g.MoveNumber(m.Ply))
		}
		notation := m.Notation
		if stamps {
			notation = strings.ReplaceAll(notation, ":", "x")
		}
		b.WriteString(notation)
		if m.DrawOffer {
			b.WriteString("=") // a draw offered with the move (rules §7.2)
		}
		switch {
		case stamps && g.Live:
			// The mover's clock after the move, as chess and draughts
			// servers write it, and the server's receipt of the move to
			// the millisecond: what an arbiter reviews in a dispute.
			fmt.Fprintf(b, " {[%%clk %s] [%%received %s]}", pdnClock(m.Left), m.PlayedAt.UTC().Format("2006-01-02T15:04:05.000Z"))
		case stamps:
			fmt.Fprintf(b, " {%s}", m.PlayedAt.UTC().Format(time.RFC3339))
		}
	}
	if len(moves) > 0 {
		b.WriteString("\n")
	}
}

// pdnClock writes a clock reading as H:MM:SS.s, the %clk comment's form.
func pdnClock(d time.Duration) string {
	tenths := int(d / (100 * time.Millisecond))
	return fmt.Sprintf("%d:%02d:%02d.%d", tenths/36000, tenths/600%60, tenths/10%60, tenths%10)
}

// syncSheet writes the moves into the event's game: a micro-match's game's
// into that game's sheet of the board (tournament.Game MicroSheets), the
// board's own sheet being no one game's. A knockout match's game keeps
// its moves as its own sheet in the match when it ends (keepMatchMoves),
// the board's sheet being no one game's there either.
func syncSheet(tx Tx, k tournament.GameKind, st *Settings, g *Game, moves []Move) error {
	if g.MatchGame != 0 {
		return nil
	}
	sheet, err := sheetText(k, st, g, moves)
	if err != nil {
		return err
	}
	return updateRoundGame(tx, g, func(tg *tournament.Game) {
		if g.MicroGame != 0 {
			tg.MicroSheets[g.MicroGame-1] = microSheet(sheet)
			return
		}
		tg.Sheet, tg.SheetReport = sheet, nil
	})
}

// microSheet is a micro-match game's sheet as the server writes it: the
// opening's position in its FEN header and the moves played after it, which
// micromatch.CheckSheet reads as a sheet of the moves after the
// opening. Like a server game's board sheet it has no report: the server
// played the moves by the rules, and a result by resignation or on time is
// no sheet's to contradict.
func microSheet(sheet string) tournament.MicroSheet {
	return tournament.MicroSheet{Sheet: sheet}
}

// pdnGame is one game for the PDN export.
type pdnGame struct {
	e            *tournament.Event
	g            *Game
	moves        []Move
	st           *Settings
	white, black string
	// opening is the drawn opening a micro-match's game started after.
	opening *tournament.DrawnOpening
}

// writePDN writes a game as PDN 3.0 in the dialect of the event's game
// (GameType and Variant tags; Adiukh's Position and ToMove, or Russian
// draughts' FEN, for a thematic start), each move followed by its time
// stamp in a comment, which PDN readers skip.
func (p *pdnGame) writePDN(w io.Writer) error {
	start, err := gameStart(p.e.Game, p.st, p.g)
	if err != nil {
		return fmt.Errorf("game %d: start position: %w", p.g.ID, err)
	}
	var b strings.Builder
	tag := func(name, value string) { fmt.Fprintf(&b, "[%s %q]\n", name, value) }
	tag("Event", p.e.Name)
	site := "correspondence"
	if p.g.Live {
		site = "online"
	}
	tag("Site", site)
	tag("Date", p.g.StartedAt.UTC().Format("2006.01.02"))
	if p.g.MicroGame != 0 {
		// The round and the game of its micro-match, as the event's
		// export numbers them.
		tag("Round", fmt.Sprintf("%d.%d", p.g.Round, p.g.MicroGame))
	} else {
		tag("Round", fmt.Sprint(p.g.Round))
	}
	tag("Board", fmt.Sprint(p.g.Board))
	tag("White", p.white)
	tag("Black", p.black)
	tags := p.e.Game.Rules().PDNTags(start)
	for _, h := range tags[:2] {
		tag(h.Key, h.Value) // GameType and Variant
	}
	tag("TimeControl", clockOf(p.e, p.g).PDN())
	for _, h := range tags[2:] {
		tag(h.Key, h.Value) // the start position
	}
	if o := p.opening; o != nil {
		tag("Opening", fmt.Sprintf("%d. %s", o.Number, o.Name))
		tag("OpeningMoves", o.MoveText())
	}
	result := "*"
	if r := p.g.Result; r != nil && r.EndReason == tournament.DoubleForfeit {
		// Neither side came: no score of the game and no winner, which
		// PDN's results (2-0, 1-1, 0-2) cannot say; "*" with the reason,
		// as the event's export writes a micro-match's double forfeit.
		tag("Termination", string(r.EndReason))
	} else if r != nil {
		switch r.Outcome() {
		case tournament.WhiteWins:
			result = "2-0"
		case tournament.BlackWins:
			result = "0-2"
		default:
			result = "1-1"
		}
		if r.EndReason == tournament.Adjudication {
			// The rules know no adjudicated score: a reader would take
			// "Score" for a final position's.
			tag("AdjudicatedScore", r.Score())
		} else {
			tag("Score", r.Score())
		}
		if r.EndReason != tournament.FinalPosition {
			tag("Termination", string(r.EndReason))
		}
	}
	tag("Result", result)
	b.WriteString("\n")
	writeMoves(&b, p.g, p.moves, true)
	b.WriteString(result + "\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// PDN writes every game of a section that has started, finished or not,
// with the time stamp of every move; gameID, when not 0, picks one game.
// Only moves already made are written.
func (s *Service) PDN(ctx context.Context, w io.Writer, eventID, gameID int64) error {
	return s.store.View(ctx, func(tx Tx) error {
		if gameID != 0 {
			g, err := tx.Game(gameID)
			if err != nil {
				return err
			}
			eventID = g.EventID
		}
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			if gameID != 0 {
				return tournament.NotFound("game %d not found", gameID)
			}
			return err
		}
		st, err := tx.Settings(eventID)
		if err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		names := map[int64]string{}
		for _, p := range players {
			names[p.ID] = p.Name
		}
		games, err := tx.Games(eventID)
		if err != nil {
			return err
		}
		var rounds []tournament.Round
		if e.MicroMatch.On() {
			if rounds, err = tx.Rounds(eventID); err != nil {
				return err
			}
		}
		first := true
		for i := range games {
			g := &games[i]
			if gameID != 0 && g.ID != gameID {
				continue
			}
			moves, err := tx.Moves(g.ID)
			if err != nil {
				return err
			}
			if !first {
				if _, err := io.WriteString(w, "\n"); err != nil {
					return err
				}
			}
			first = false
			p := pdnGame{e: e, g: g, moves: moves, st: st, white: names[g.WhiteID], black: names[g.BlackID]}
			if g.MicroGame != 0 && g.Round <= len(rounds) {
				p.opening = rounds[g.Round-1].OpeningOf(g.Board)
			}
			if err := p.writePDN(w); err != nil {
				return fmt.Errorf("write PDN: %w", err)
			}
		}
		return nil
	})
}
