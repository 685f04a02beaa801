package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 2026112230-sessions keeps web sign-ins on the server, so that
// logging out, a new password or an administrator ends them on every
// instance, and gives API tokens a name and an expiry. Its row types are
// frozen copies for this migration only.

type sessionUser2026112230 struct {
	ID int64 `gorm:"primaryKey"`
}

func (sessionUser2026112230) TableName() string { return "users" }

type webSession2026112230 struct {
	ID        int64                 `gorm:"primaryKey"`
	Hash      string                `gorm:"size:64;not null;uniqueIndex"`
	UserID    int64                 `gorm:"not null;index"`
	User      sessionUser2026112230 `gorm:"constraint:OnDelete:CASCADE"`
	CreatedAt time.Time             `gorm:"not null"`
	ExpiresAt time.Time             `gorm:"not null;index"`
}

func (webSession2026112230) TableName() string { return "web_sessions" }

type apiToken2026112230 struct {
	Name      string `gorm:"size:100;not null;default:''"`
	ExpiresAt *time.Time
}

func (apiToken2026112230) TableName() string { return "api_tokens" }

// tokenLifeOnUpgrade is the life left to tokens made before tokens expired.
const tokenLifeOnUpgrade = 90 * 24 * time.Hour

func sessionsMigration(tx *gorm.DB) error {
	if err := tx.Migrator().CreateTable(&webSession2026112230{}); err != nil {
		return err
	}
	for _, column := range []string{"Name", "ExpiresAt"} {
		if tx.Migrator().HasColumn(&apiToken2026112230{}, column) {
			continue
		}
		if err := tx.Migrator().AddColumn(&apiToken2026112230{}, column); err != nil {
			return err
		}
	}
	return tx.Exec("UPDATE api_tokens SET expires_at = ? WHERE expires_at IS NULL", time.Now().UTC().Add(tokenLifeOnUpgrade)).Error
}
