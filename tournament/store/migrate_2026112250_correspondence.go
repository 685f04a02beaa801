package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 2026112250 adds correspondence play: section settings, the
// games played on the server with their clocks, their moves, leave and the
// notification inbox. The rows below are frozen copies of this migration's
// tables; the live rows are in correspondence.go.

type corrSettingsRow2026112250 struct {
	EventID       int64  `gorm:"primaryKey;autoIncrement:false"`
	LeaveDays     int    `gorm:"not null"`
	MaxMoveDays   int    `gorm:"not null"`
	StartPosition string `gorm:"type:text;not null"`
	StartSide     int    `gorm:"not null"`
}

func (corrSettingsRow2026112250) TableName() string { return "correspondence_settings" }

type corrGameRow2026112250 struct {
	ID          int64  `gorm:"primaryKey;autoIncrement:false"`
	EventID     int64  `gorm:"not null;index"`
	Round       int    `gorm:"not null"`
	Board       int    `gorm:"not null"`
	WhiteID     int64  `gorm:"not null;index"`
	BlackID     int64  `gorm:"not null;index"`
	Status      string `gorm:"size:16;not null;index:idx_corr_due,priority:1"`
	Position    string `gorm:"type:text;not null"`
	ToMove      int    `gorm:"not null"`
	Ply         int    `gorm:"not null"`
	WhiteBankMs int64  `gorm:"not null"`
	BlackBankMs int64  `gorm:"not null"`
	TurnStart   time.Time
	DeadlineMs  int64  `gorm:"not null;index:idx_corr_due,priority:2"`
	OfferBy     int    `gorm:"not null"`
	OfferPly    int    `gorm:"not null"`
	EndReason   string `gorm:"size:32;not null"`
	WhitePoints int    `gorm:"not null"`
	BlackPoints int    `gorm:"not null"`
	Note        string `gorm:"type:text;not null"`
	WarnedPly   int    `gorm:"not null"`
	StartedAt   time.Time
	EndedAt     *time.Time
	Version     int `gorm:"not null"`
}

func (corrGameRow2026112250) TableName() string { return "correspondence_games" }

type corrMoveRow2026112250 struct {
	ID        int64  `gorm:"primaryKey"`
	GameID    int64  `gorm:"not null;uniqueIndex:idx_corr_move_ply"`
	Ply       int    `gorm:"not null;uniqueIndex:idx_corr_move_ply"`
	Notation  string `gorm:"size:100;not null"`
	Position  string `gorm:"type:text;not null"`
	PlayedAt  time.Time
	UsedMs    int64 `gorm:"not null"`
	DrawOffer bool  `gorm:"not null"`
}

func (corrMoveRow2026112250) TableName() string { return "correspondence_moves" }

type corrLeaveRow2026112250 struct {
	ID        int64  `gorm:"primaryKey"`
	EventID   int64  `gorm:"not null;index"`
	PlayerID  int64  `gorm:"not null;index"`
	FromDate  string `gorm:"size:10;not null"`
	ToDate    string `gorm:"size:10;not null"`
	ByArbiter bool   `gorm:"not null"`
	UserID    int64  `gorm:"not null"`
	Reason    string `gorm:"type:text;not null"`
	CreatedAt time.Time
}

func (corrLeaveRow2026112250) TableName() string { return "correspondence_leaves" }

type corrNotificationRow2026112250 struct {
	ID        int64  `gorm:"primaryKey"`
	UserID    int64  `gorm:"not null;index"`
	EventID   int64  `gorm:"not null"`
	GameID    int64  `gorm:"not null"`
	Kind      string `gorm:"size:32;not null"`
	Args      string `gorm:"type:text;not null"`
	CreatedAt time.Time
	Read      bool `gorm:"not null"`
	Mailed    bool `gorm:"not null;index"`
}

func (corrNotificationRow2026112250) TableName() string { return "correspondence_notifications" }

func correspondenceMigration(tx *gorm.DB) error {
	return tx.AutoMigrate(&corrSettingsRow2026112250{}, &corrGameRow2026112250{}, &corrMoveRow2026112250{},
		&corrLeaveRow2026112250{}, &corrNotificationRow2026112250{})
}
