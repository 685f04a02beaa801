package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125101549-person-photos creates the table of the persons'
// photos (people.PersonPhoto), apart from the people so that reading
// the register never reads pictures. The row type is a frozen copy; the
// live one is in photos.go.

type personPhotoRow20261125101549 struct {
	PersonID  int64     `gorm:"primaryKey;autoIncrement:false"`
	Content   []byte    `gorm:"not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

func (personPhotoRow20261125101549) TableName() string { return "person_photos" }

func personPhotosMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&personPhotoRow20261125101549{})
}
