package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125080757-person-claims creates the requests of accounts
// to be linked to their person of the register (tournament.PersonClaim):
// a confirmed request is the link. The row type is a frozen copy; the live
// one is in claims.go.

type personClaimRow20261125080757 struct {
	ID        int64     `gorm:"primaryKey"`
	UserID    int64     `gorm:"not null;index"`
	PersonID  int64     `gorm:"not null;index"`
	Status    string    `gorm:"size:16;not null"`
	Reason    string    `gorm:"type:text;not null"`
	CreatedAt time.Time `gorm:"not null"`
	DecidedAt *time.Time
	DecidedBy int64 `gorm:"not null;default:0"`
}

func (personClaimRow20261125080757) TableName() string { return "person_claims" }

func personClaimsMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&personClaimRow20261125080757{})
}
