package store

import "gorm.io/gorm"

// Migration 20261127083000-match-games-on-site lets a game played on the
// server be one game of a knockout match (issue 68): its number in the
// match beside its board (0 for any other game). A board's games are then
// named by their board, their number in a micro-match and their number in
// a match, so the unique index of migration 20261126152300 takes the new
// column in. The row types are frozen copies; the live one is in
// correspondence.go.

type matchGameRow20261127083000 struct {
	MatchGame int `gorm:"not null;default:0"`
}

func (matchGameRow20261127083000) TableName() string { return "correspondence_games" }

type boardGameRow20261127083000 struct {
	BoardGameID int64 `gorm:"not null;default:0;uniqueIndex:idx_corr_board_match_game,priority:1"`
	MicroGame   int   `gorm:"not null;default:0;uniqueIndex:idx_corr_board_match_game,priority:2"`
	MatchGame   int   `gorm:"not null;default:0;uniqueIndex:idx_corr_board_match_game,priority:3"`
}

func (boardGameRow20261127083000) TableName() string { return "correspondence_games" }

func matchGamesOnSiteMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	if err := m.AddColumn(&matchGameRow20261127083000{}, "MatchGame"); err != nil {
		return err
	}
	if err := m.DropIndex(&boardGameRow20261126152300{}, "idx_corr_board_game"); err != nil {
		return err
	}
	return m.CreateIndex(&boardGameRow20261127083000{}, "idx_corr_board_match_game")
}
