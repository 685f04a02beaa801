package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261126132000-event-reopened keeps when a finished event was
// last reopened and the arbiter's reason, which its public pages show: a
// final table changes only so, and in the open (issue 60). The row type is
// a frozen copy; the live one is in models.go.

type eventReopenedRow20261126132000 struct {
	ReopenedAt   *time.Time
	ReopenReason string `gorm:"type:text;not null;default:''"`
}

func (eventReopenedRow20261126132000) TableName() string { return "events" }

func eventReopenedMigration(tx *gorm.DB) error {
	for _, column := range []string{"ReopenedAt", "ReopenReason"} {
		if err := tx.Migrator().AddColumn(&eventReopenedRow20261126132000{}, column); err != nil {
			return err
		}
	}
	return nil
}
