package store

import (
	"fmt"

	"adiukh/tournament/knockout"
)

func (t *tx) PlayedMatchGames(eventID int64) ([]knockout.PlayedGame, error) {
	var rows []corrGameRow
	err := t.db.Model(&corrGameRow{}).Select("id", "round", "board", "match_game").
		Where("event_id = ? AND match_game > 0", eventID).Order("round, board, match_game").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("read the games of the knockout matches of event %d played on the site: %w", eventID, err)
	}
	out := make([]knockout.PlayedGame, len(rows))
	for i, r := range rows {
		out[i] = knockout.PlayedGame{Round: r.Round, Board: r.Board, Number: r.MatchGame, GameID: r.ID}
	}
	return out, nil
}
