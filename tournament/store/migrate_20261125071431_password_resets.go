package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125071431-password-resets creates the table of mailed
// password reset links (account.PasswordReset). The row type is a frozen
// copy; the live one is in accounts.go.

type passwordResetRow20261125071431 struct {
	ID        int64     `gorm:"primaryKey"`
	UserID    int64     `gorm:"not null;index"`
	TokenHash string    `gorm:"size:64;not null;uniqueIndex"`
	ExpiresAt time.Time `gorm:"not null"`
	CreatedAt time.Time `gorm:"not null"`
}

func (passwordResetRow20261125071431) TableName() string { return "password_resets" }

func passwordResetsMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&passwordResetRow20261125071431{})
}
