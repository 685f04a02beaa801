package teams

import (
	"context"
	"slices"

	"adiukh/tournament"
)

// Crosstable is every player's games round by round, with the standings
// after the last finished round. Rows are by start number.
type Crosstable struct {
	Event     *tournament.Event
	Standings *tournament.Standings
	Rows      []CrosstableRow
}

// CrosstableRow is one player's line of the crosstable.
type CrosstableRow struct {
	Player tournament.Player
	Rank   int
	RankTo int
	Score  float64
	// Games holds one cell per published round, in round order.
	Games []CrosstableCell
}

// CrosstableCell is one round of one player, seen from that player.
type CrosstableCell struct {
	Round int
	// OpponentNo is the opponent's start number, 0 for a bye or a round the
	// player was not paired in.
	OpponentNo int
	White      bool
	// Result is nil while the game has no result; Score is from the
	// player's side as the event shows it (Event.ScoreTextFor: "7:17" for
	// an Adiukh loss with 7 points, "0:1" for a loss in a 1-½-0 event) and
	// Points in the event's scoring table.
	Result *tournament.Result
	Score  string
	Points float64
	// MicroGames are the board's two games of a micro-match as the board
	// keeps them (Game.MicroGames: in the first the board's White has
	// White), whichever side the cell is of.
	MicroGames [2]*tournament.Result
}

// CrosstableAfter builds the crosstable of an event of players as it stood
// after round afterRound: the rounds up to it and the standings after it.
// 0 means every published round with the standings after the last
// finished one. Printed tables and exported standings use it for the
// players' full details next to their places.
func (s *Service) CrosstableAfter(ctx context.Context, eventID int64, afterRound int) (*Crosstable, error) {
	var ct *Crosstable
	err := s.store.View(ctx, func(tx Tx) error {
		e, players, rounds, err := tournament.ReadPublic(ctx, tx, eventID)
		if err != nil {
			return err
		}
		ct, err = s.crosstable(tx, e, players, rounds, afterRound)
		return err
	})
	return ct, err
}

// playerTables reads the crosstable of an event of players, e, which the
// reader may see, with the standings after round afterRound it is built
// on, as CrosstableAfter does, in the caller's transaction.
func (s *Service) playerTables(tx Tx, e *tournament.Event, afterRound int) (*Crosstable, error) {
	players, err := tx.Players(e.ID)
	if err != nil {
		return nil, err
	}
	rounds, err := tx.Rounds(e.ID)
	if err != nil {
		return nil, err
	}
	// Every reader sees the published rounds alone, as the public does.
	rounds = slices.DeleteFunc(rounds, func(r tournament.Round) bool { return r.Status == tournament.Draft })
	return s.crosstable(tx, e, players, rounds, afterRound)
}

// crosstable builds the crosstable of an event's rounds up to afterRound
// (0: every one, with the standings after the last complete one).
func (s *Service) crosstable(tx tournament.Tx, e *tournament.Event, players []tournament.Player, rounds []tournament.Round, afterRound int) (*Crosstable, error) {
	st, err := s.events.StandingsOf(tx, e, players, rounds, afterRound)
	if err != nil {
		return nil, err
	}
	if afterRound > 0 {
		// Rounds are numbered from 1 without gaps, and standings
		// checked that round afterRound exists.
		rounds = rounds[:afterRound]
	}
	return buildCrosstable(e, players, rounds, st), nil
}

func buildCrosstable(e *tournament.Event, players []tournament.Player, rounds []tournament.Round, st *tournament.Standings) *Crosstable {
	ct := &Crosstable{Event: e, Standings: st}
	row := make(map[int64]*CrosstableRow, len(players))
	no := make(map[int64]int, len(players))
	ct.Rows = make([]CrosstableRow, len(players))
	for i, p := range players {
		ct.Rows[i] = CrosstableRow{Player: p, Games: make([]CrosstableCell, len(rounds))}
		row[p.ID] = &ct.Rows[i]
		no[p.ID] = p.StartNo
	}
	for _, sr := range st.Rows {
		if r := row[sr.PlayerID]; r != nil {
			r.Rank, r.RankTo, r.Score = sr.Rank, sr.RankTo, sr.Score
		}
	}
	for ri, r := range rounds {
		for _, r2 := range ct.Rows {
			r2.Games[ri].Round = r.Number
		}
		for _, g := range r.Games {
			white := CrosstableCell{Round: r.Number, OpponentNo: no[g.BlackID], White: true, Result: g.Result, MicroGames: g.MicroGames}
			black := CrosstableCell{Round: r.Number, OpponentNo: no[g.WhiteID], Result: g.Result, MicroGames: g.MicroGames}
			if g.Result != nil {
				white.Points, black.Points = e.Points(*g.Result, true), e.Points(*g.Result, false)
				white.Score = e.ScoreText(*g.Result)
				if g.Result.EndReason != tournament.Bye {
					black.Score = e.ScoreTextFor(*g.Result, false)
				}
			}
			row[g.WhiteID].Games[ri] = white
			if !g.IsBye() {
				row[g.BlackID].Games[ri] = black
			}
		}
	}
	return ct
}
