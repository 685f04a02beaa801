package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 2026112293 moves the sign-in limits into the database, so that
// every instance serving the site counts the same guesses: the failures of
// each (address, e-mail) pair, kept by a hash of the pair, and the recent
// failures of each address. The rows below are frozen copies of this
// migration's tables; the live ones are in limits.go.

type signInPairRow2026112293 struct {
	Key      string    `gorm:"primaryKey;size:64"`
	Failures int       `gorm:"not null"`
	NextAt   time.Time `gorm:"not null"`
	LastAt   time.Time `gorm:"not null;index"`
}

func (signInPairRow2026112293) TableName() string { return "signin_pairs" }

type signInFailureRow2026112293 struct {
	ID      int64     `gorm:"primaryKey"`
	Address string    `gorm:"size:64;not null;index:idx_signin_failures_address,priority:1"`
	At      time.Time `gorm:"not null;index:idx_signin_failures_address,priority:2;index"`
}

func (signInFailureRow2026112293) TableName() string { return "signin_failures" }

func signInLimitsMigration(tx *gorm.DB) error {
	return tx.AutoMigrate(&signInPairRow2026112293{}, &signInFailureRow2026112293{})
}
