package knockout

import (
	"adiukh/tournament"
)

// A knockout played on the site (live or by correspondence) has the
// server's record of each of its matches' games: the game's page, where it
// was played, and its moves, which the game keeps as its sheet once it
// ends (KeepPlayedMoves), so that the bracket, the JSON API and games.pdn
// read a game played on the site as one whose sheet the arbiter entered.

// PlayedTx reads the games the site played of an event's matches.
type PlayedTx interface {
	// PlayedMatchGames are the server's games of the event's matches,
	// finished or not, by round, board and number.
	PlayedMatchGames(eventID int64) ([]PlayedGame, error)
}

// PlayedGame names the server's game (its page's) of game Number of the
// match of Board of Round.
type PlayedGame struct {
	Round  int
	Board  int
	Number int
	GameID int64
}

// KeepPlayedMoves keeps the moves of game number of the match of board of
// round of event e, played on the site, as the game's sheet, inside the
// caller's transaction (the one RecordPlayed recorded the game's end in).
// The sheet is replayed as every sheet is; the server played its moves by
// the rules, so a sheet that does not replay is the server's fault, not a
// player's.
func KeepPlayedMoves(tx Tx, e *tournament.Event, round, board, number int, sheet string) error {
	rep := tournament.CheckSheet(e.Game, sheet)
	return tx.SaveMatchSheet(e.ID, Sheet{Round: round, Board: board, Number: number, Text: sheet, Report: &rep})
}

// withPlayed gives the bracket's games the server's games they were
// played as.
func withPlayed(v *BracketView, played []PlayedGame) {
	type key struct{ round, board, number int }
	ids := map[key]int64{}
	for _, p := range played {
		ids[key{p.Round, p.Board, p.Number}] = p.GameID
	}
	for ri := range v.Rounds {
		r := &v.Rounds[ri]
		for mi := range r.Matches {
			m := &r.Matches[mi]
			for gi := range m.Games {
				m.Games[gi].PlayedID = ids[key{r.Number, m.Board, m.Games[gi].Number}]
			}
		}
	}
}
