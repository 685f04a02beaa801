package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261126153100-round-start keeps when a round starts at the
// boards, as its arbiter set it, so that the players' calendars show its
// games at their hour and the pairings print it (issue 60). The row type
// is a frozen copy; the live one is in models.go.

type roundStartRow20261126153100 struct {
	StartsAt *time.Time
}

func (roundStartRow20261126153100) TableName() string { return "rounds" }

func roundStartMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&roundStartRow20261126153100{}, "StartsAt")
}
