package store

import "gorm.io/gorm"

// eventTimeZoneRow is the events table as this migration knows it: only the
// column it adds. Events stored before it have no zone ("") and are shown
// in tournament.DefaultTimeZone.
type eventTimeZoneRow struct {
	TimeZone string `gorm:"size:64;not null;default:''"`
}

func (eventTimeZoneRow) TableName() string { return "events" }

// eventTimeZoneMigration gives events the time zone they are played in.
func eventTimeZoneMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&eventTimeZoneRow{}, "TimeZone")
}
