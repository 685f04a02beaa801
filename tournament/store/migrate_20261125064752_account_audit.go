package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125064752-account-audit creates the account audit log
// (account.AuditEntry) and counts the failures of the sign-in limits by
// kind, so that sign-ins, password changes and sign-ups are limited apart
// (account.Limits): the failures recorded before it were all sign-ins'
// or sign-ups', which the 15-minute window forgets. The rows below are
// frozen copies; the live ones are in accounts.go and limits.go.

type accountAuditRow20261125064752 struct {
	ID         int64     `gorm:"primaryKey"`
	At         time.Time `gorm:"not null"`
	ActorID    int64     `gorm:"not null"`
	ActorEmail string    `gorm:"size:254;not null"`
	Action     string    `gorm:"size:32;not null"`
	UserID     int64     `gorm:"not null;index"`
	UserEmail  string    `gorm:"size:254;not null"`
	Before     string    `gorm:"size:200;not null"`
	After      string    `gorm:"size:200;not null"`
}

func (accountAuditRow20261125064752) TableName() string { return "account_audit" }

type signInFailureRow20261125064752 struct {
	Kind    string    `gorm:"size:16;not null;default:'signin';index:idx_signin_failures_kind,priority:1"`
	Address string    `gorm:"size:64;not null;index:idx_signin_failures_kind,priority:2"`
	At      time.Time `gorm:"not null;index:idx_signin_failures_kind,priority:3"`
}

func (signInFailureRow20261125064752) TableName() string { return "signin_failures" }

func accountAuditMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	if err := m.CreateTable(&accountAuditRow20261125064752{}); err != nil {
		return err
	}
	if err := m.AddColumn(&signInFailureRow20261125064752{}, "Kind"); err != nil {
		return err
	}
	if err := m.CreateIndex(&signInFailureRow20261125064752{}, "idx_signin_failures_kind"); err != nil {
		return err
	}
	return m.DropIndex(&signInFailureRow2026112293{}, "idx_signin_failures_address")
}
