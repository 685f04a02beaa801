package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125053444-signups creates the table of sign-ups waiting
// for their address to be confirmed or an administrator's approval. The
// row type is a frozen copy; the live one is in signups.go.

type signUpRow20261125053444 struct {
	ID           int64  `gorm:"primaryKey"`
	Email        string `gorm:"size:254;not null;uniqueIndex"`
	Name         string `gorm:"size:200;not null"`
	PasswordHash string `gorm:"size:200;not null"`
	Locale       string `gorm:"size:8;not null"`
	TokenHash    string `gorm:"size:64;not null;index"`
	ExpiresAt    *time.Time
	CreatedAt    time.Time
}

func (signUpRow20261125053444) TableName() string { return "signups" }

func signUpsMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&signUpRow20261125053444{})
}
