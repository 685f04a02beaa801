package store

import "gorm.io/gorm"

// Migration 20261125192435-live-stopped keeps how long a live game's clocks stood
// still after its start (adjourned, or the server away), so that the
// no-show time counts only while they run. The row type is a frozen copy;
// the live one is in correspondence.go.

type liveStoppedRow20261125192435 struct {
	StoppedMs int64 `gorm:"not null;default:0"`
}

func (liveStoppedRow20261125192435) TableName() string { return "correspondence_games" }

func liveStoppedMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&liveStoppedRow20261125192435{}, "StoppedMs")
}
