package store

import "gorm.io/gorm"

// Migration 20261126134100-rating-list-keys widens, on PostgreSQL, the
// rating lists' keys to 32 characters: a game's lists are named by its
// prefix and the discipline, and international draughts' standard list,
// "international-standard", is longer than the 16 the first lists
// ("standard", "russian-standard") needed. SQLite does not enforce a
// column's length. No row type changes.

// ratingListColumns20261126134100 are the tables that hold a list's key,
// each in its column "list".
var ratingListColumns20261126134100 = []string{"rating_states", "rating_periods", "rated_games", "rating_options", "rating_audit"}

func ratingListKeysMigration(tx *gorm.DB) error {
	if tx.Dialector.Name() != "postgres" {
		return nil
	}
	for _, table := range ratingListColumns20261126134100 {
		if err := tx.Exec(`ALTER TABLE ` + table + ` ALTER COLUMN list TYPE varchar(32)`).Error; err != nil {
			return err
		}
	}
	return nil
}
