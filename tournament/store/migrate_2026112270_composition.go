package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 2026112270 adds composition contests: the contest of an event
// (sections, deadline, scale, award), its judges, the entries with the
// solver's findings, the judges' marks and the claims against the
// provisional award. The rows below are frozen copies of this migration's
// tables; the live rows are in composition.go.

type compContestRow2026112270 struct {
	EventID       int64     `gorm:"primaryKey;autoIncrement:false"`
	Sections      string    `gorm:"type:text;not null"`
	Deadline      time.Time `gorm:"not null"`
	Scale         float64   `gorm:"not null"`
	Aggregation   string    `gorm:"size:16;not null"`
	ClaimDays     int       `gorm:"not null"`
	Stage         string    `gorm:"size:16;not null"`
	ProvisionalAt *time.Time
	ClaimsUntil   *time.Time
	FinalAt       *time.Time
	Award         string `gorm:"type:text;not null"`
}

func (compContestRow2026112270) TableName() string { return "composition_contests" }

type compJudgeRow2026112270 struct {
	EventID int64 `gorm:"primaryKey;autoIncrement:false"`
	UserID  int64 `gorm:"primaryKey;autoIncrement:false;index"`
}

func (compJudgeRow2026112270) TableName() string { return "composition_judges" }

type compWorkRow2026112270 struct {
	ID          int64  `gorm:"primaryKey"`
	EventID     int64  `gorm:"not null;uniqueIndex:idx_comp_work_code"`
	Code        string `gorm:"size:16;not null;uniqueIndex:idx_comp_work_code"`
	Section     string `gorm:"size:100;not null"`
	AuthorID    int64  `gorm:"not null;index"`
	Position    string `gorm:"type:text;not null"`
	Side        string `gorm:"size:8;not null"`
	Stipulation string `gorm:"size:32;not null"`
	Solution    string `gorm:"type:text;not null"`
	Comment     string `gorm:"type:text;not null"`
	Findings    string `gorm:"type:text;not null"`
	SubmittedAt time.Time
	UpdatedAt   time.Time
	Withdrawn   bool   `gorm:"not null"`
	Eliminated  string `gorm:"type:text;not null"`
}

func (compWorkRow2026112270) TableName() string { return "composition_works" }

type compMarkRow2026112270 struct {
	WorkID  int64   `gorm:"primaryKey;autoIncrement:false"`
	JudgeID int64   `gorm:"primaryKey;autoIncrement:false"`
	EventID int64   `gorm:"not null;index"`
	Mark    float64 `gorm:"not null"`
	Comment string  `gorm:"type:text;not null"`
	At      time.Time
}

func (compMarkRow2026112270) TableName() string { return "composition_marks" }

type compClaimRow2026112270 struct {
	ID        int64  `gorm:"primaryKey"`
	EventID   int64  `gorm:"not null;index"`
	WorkID    int64  `gorm:"not null"`
	UserID    int64  `gorm:"not null"`
	Kind      string `gorm:"size:16;not null"`
	Evidence  string `gorm:"type:text;not null"`
	Status    string `gorm:"size:16;not null"`
	Reason    string `gorm:"type:text;not null"`
	FiledAt   time.Time
	DecidedAt *time.Time
}

func (compClaimRow2026112270) TableName() string { return "composition_claims" }

func compositionMigration(tx *gorm.DB) error {
	return tx.AutoMigrate(&compContestRow2026112270{}, &compJudgeRow2026112270{}, &compWorkRow2026112270{},
		&compMarkRow2026112270{}, &compClaimRow2026112270{})
}
