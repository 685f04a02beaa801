package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125220621-entry-withdrawals lets players manage their own
// entries: a withdrawn entry stays (state "withdrawn", with the player's
// reason and the moment), and a player whose entry was declined or
// withdrawn may enter again, as a new entry. An account still has one live
// entry per event, now by a partial unique key over the entries neither
// declined nor withdrawn, so that two entries sent at once cannot both be
// kept. The row type is a frozen copy; the live one is in entries.go.

type entryWithdrawalRow20261125220621 struct {
	ID             int64  `gorm:"primaryKey"`
	WithdrawReason string `gorm:"type:text;not null;default:''"`
	WithdrawnAt    *time.Time
}

func (entryWithdrawalRow20261125220621) TableName() string { return "entries" }

func entryWithdrawalsMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	for _, field := range []string{"WithdrawReason", "WithdrawnAt"} {
		if err := m.AddColumn(&entryWithdrawalRow20261125220621{}, field); err != nil {
			return err
		}
	}
	for _, stmt := range []string{
		"DROP INDEX idx_entries_event_user",
		"CREATE UNIQUE INDEX idx_entries_event_user_live ON entries (event_id, user_id) WHERE status NOT IN ('declined', 'withdrawn')",
		"CREATE INDEX idx_entries_event ON entries (event_id)",
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}
