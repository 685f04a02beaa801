package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125215918-event-revisions keeps what calendars need to
// update their copy of an event: the count of its revisions and the time
// of the latest (RFC 5545 SEQUENCE and LAST-MODIFIED), the reason it was
// cancelled (the status "cancelled" needs no column of its own), and when
// a public event was made private, so that the calendars that listed it
// are told it is off. The row type is a frozen copy; the live one is in
// models.go.

type eventRevisionsRow20261125215918 struct {
	Sequence     int `gorm:"not null;default:0"`
	ModifiedAt   *time.Time
	CancelReason string `gorm:"type:text;not null;default:''"`
	HiddenAt     *time.Time
}

func (eventRevisionsRow20261125215918) TableName() string { return "events" }

func eventRevisionsMigration(tx *gorm.DB) error {
	for _, column := range []string{"Sequence", "ModifiedAt", "CancelReason", "HiddenAt"} {
		if err := tx.Migrator().AddColumn(&eventRevisionsRow20261125215918{}, column); err != nil {
			return err
		}
	}
	return nil
}
