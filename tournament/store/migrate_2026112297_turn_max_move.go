package store

import "gorm.io/gorm"

// Migration 2026112297 adds to a correspondence game the cap on reflection
// time that was in force when its turn began (correspondence.Game.
// TurnMaxMoveDays), so that an arbiter who lowers the cap does not cut short
// a move being thought over. Every game that exists gets its section's cap
// of today, which is what its deadline was counted from.

type turnMaxMoveRow2026112297 struct {
	TurnMaxMove int `gorm:"not null;default:0"`
}

func (turnMaxMoveRow2026112297) TableName() string { return "correspondence_games" }

func turnMaxMoveMigration(tx *gorm.DB) error {
	if err := tx.Migrator().AddColumn(&turnMaxMoveRow2026112297{}, "TurnMaxMove"); err != nil {
		return err
	}
	return tx.Exec(`UPDATE correspondence_games SET turn_max_move = COALESCE((SELECT s.max_move_days FROM correspondence_settings s
		WHERE s.event_id = correspondence_games.event_id), 0)`).Error
}
