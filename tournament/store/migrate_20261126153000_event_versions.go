package store

import "gorm.io/gorm"

// Migration 20261126153000-event-versions adds the events' own versions
// (issue 59.3): a write of one event's data raises that event's row, and a
// write of data no event owns raises row 0, so that the page cache keeps
// the pages of every other event when one event changes. A missing row is
// version 0. The row type is a frozen copy; the live one is in version.go.

type eventVersionRow20261126153000 struct {
	EventID int64 `gorm:"primaryKey;autoIncrement:false"`
	Version int64 `gorm:"not null"`
}

func (eventVersionRow20261126153000) TableName() string { return "event_versions" }

func eventVersionsMigration(tx *gorm.DB) error {
	return tx.AutoMigrate(&eventVersionRow20261126153000{})
}
