package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 2026112290 adds solving contests: the window and problems of a
// composition event's solving contest, and the participants' answers with
// the solver's verdict. The rows below are frozen copies of this
// migration's tables; the live rows are in solving.go.

type solvingContestRow2026112290 struct {
	EventID  int64     `gorm:"primaryKey;autoIncrement:false"`
	Starts   time.Time `gorm:"not null"`
	Ends     time.Time `gorm:"not null"`
	Problems string    `gorm:"type:text;not null"`
}

func (solvingContestRow2026112290) TableName() string { return "solving_contests" }

type solvingAnswerRow2026112290 struct {
	EventID  int64     `gorm:"primaryKey;autoIncrement:false"`
	Problem  int       `gorm:"primaryKey;autoIncrement:false"`
	UserID   int64     `gorm:"primaryKey;autoIncrement:false;index"`
	Text     string    `gorm:"type:text;not null"`
	SentAt   time.Time `gorm:"not null"`
	KeyRight bool      `gorm:"not null"`
	Solved   bool      `gorm:"not null"`
	Fault    string    `gorm:"type:text;not null"`
	Points   int       `gorm:"not null"`
}

func (solvingAnswerRow2026112290) TableName() string { return "solving_answers" }

func solvingMigration(tx *gorm.DB) error {
	return tx.AutoMigrate(&solvingContestRow2026112290{}, &solvingAnswerRow2026112290{})
}
