package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261126125500-notices keeps the accounts' inboxes on the site:
// every notice an area tells a person (an entry decided, an event
// cancelled or made private, a place freed), with or without mail. The row
// type is a frozen copy; the live one is in notices.go.

type noticeRow20261126125500 struct {
	ID        int64                    `gorm:"primaryKey"`
	UserID    int64                    `gorm:"not null;index"`
	User      noticeUser20261126125500 `gorm:"constraint:OnDelete:CASCADE"`
	EventID   int64                    `gorm:"not null"`
	Kind      string                   `gorm:"size:64;not null"`
	Args      string                   `gorm:"type:text;not null"`
	CreatedAt time.Time                `gorm:"not null"`
	Read      bool                     `gorm:"not null"`
}

func (noticeRow20261126125500) TableName() string { return "notices" }

type noticeUser20261126125500 struct {
	ID int64 `gorm:"primaryKey"`
}

func (noticeUser20261126125500) TableName() string { return "users" }

func noticesMigration(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&noticeRow20261126125500{})
}
