package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125052339-entries creates the tables of online entries:
// each event's terms (open, deadline, places, conditions) and the entries
// players send. An account enters an event once (the unique key), so that
// two entries sent at once cannot both be kept. The row types are frozen
// copies; the live ones are in entries.go.

type entriesSettings20261125052339 struct {
	EventID      int64        `gorm:"primaryKey;autoIncrement:false"`
	Event        initialEvent `gorm:"constraint:OnDelete:CASCADE"`
	Open         bool         `gorm:"not null"`
	Deadline     *time.Time
	Max          int    `gorm:"not null"`
	MinBirthYear int    `gorm:"not null"`
	MaxBirthYear int    `gorm:"not null"`
	Sex          string `gorm:"size:1;not null"`
	Region       string `gorm:"size:200;not null"`
	MinRating    int    `gorm:"not null"`
	MaxRating    int    `gorm:"not null"`
}

func (entriesSettings20261125052339) TableName() string { return "entry_settings" }

type entriesEntry20261125052339 struct {
	ID        int64        `gorm:"primaryKey"`
	EventID   int64        `gorm:"not null;uniqueIndex:idx_entries_event_user,priority:1"`
	Event     initialEvent `gorm:"constraint:OnDelete:CASCADE"`
	UserID    int64        `gorm:"not null;uniqueIndex:idx_entries_event_user,priority:2;index"`
	User      initialUser  `gorm:"constraint:OnDelete:CASCADE"`
	UserEmail string       `gorm:"size:254;not null"`
	Name      string       `gorm:"size:200;not null"`
	Status    string       `gorm:"size:16;not null"`
	Note      string       `gorm:"type:text;not null"`
	BirthYear int          `gorm:"not null"`
	Sex       string       `gorm:"size:1;not null"`
	Region    string       `gorm:"size:200;not null"`
	Rating    int          `gorm:"not null"`
	Reason    string       `gorm:"type:text;not null"`
	PlayerID  int64        `gorm:"not null"`
	CreatedAt time.Time
	DecidedAt *time.Time
}

func (entriesEntry20261125052339) TableName() string { return "entries" }

func entriesMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&entriesSettings20261125052339{}, &entriesEntry20261125052339{})
}
