package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261127051852-checkin creates the tables of the check-in
// before a round (issue 67, tournament/checkin): an event's setting, each
// round's deadline and each player's mark. The row types are frozen
// copies; the live ones are in checkin.go.

type checkinSettingRow20261127051852 struct {
	EventID int64        `gorm:"primaryKey;autoIncrement:false"`
	Event   initialEvent `gorm:"constraint:OnDelete:CASCADE"`
	Enabled bool         `gorm:"not null;default:false"`
}

func (checkinSettingRow20261127051852) TableName() string { return "checkin_settings" }

type checkinRoundRow20261127051852 struct {
	EventID  int64        `gorm:"primaryKey;autoIncrement:false"`
	Event    initialEvent `gorm:"constraint:OnDelete:CASCADE"`
	Round    int          `gorm:"primaryKey;autoIncrement:false"`
	Deadline time.Time    `gorm:"not null"`
}

func (checkinRoundRow20261127051852) TableName() string { return "checkin_rounds" }

type checkinMarkRow20261127051852 struct {
	EventID    int64         `gorm:"primaryKey;autoIncrement:false"`
	Event      initialEvent  `gorm:"constraint:OnDelete:CASCADE"`
	Round      int           `gorm:"primaryKey;autoIncrement:false"`
	PlayerID   int64         `gorm:"primaryKey;autoIncrement:false;index"`
	Player     initialPlayer `gorm:"constraint:OnDelete:CASCADE"`
	Attendance string        `gorm:"size:16;not null"`
	ByPlayer   bool          `gorm:"not null;default:false"`
	MarkedAt   time.Time     `gorm:"not null"`
}

func (checkinMarkRow20261127051852) TableName() string { return "checkin_marks" }

func checkinMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&checkinSettingRow20261127051852{}, &checkinRoundRow20261127051852{}, &checkinMarkRow20261127051852{})
}
