package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125075548-ratings marks events as rated and creates the
// rating lists: each person's standing per list, the closed periods, what
// each period did to each person, and the games rated with the scores they
// were rated with (package ratings). The row types are frozen copies; the
// live ones are in ratings.go.

type ratedEventRow20261125075548 struct {
	Rated bool `gorm:"not null;default:false"`
}

func (ratedEventRow20261125075548) TableName() string { return "events" }

type ratingStateRow20261125075548 struct {
	List     string `gorm:"primaryKey;size:16"`
	PersonID int64  `gorm:"primaryKey;autoIncrement:false"`
	Rating   int    `gorm:"not null"`
	Games    int    `gorm:"not null"`
	Reached  bool   `gorm:"not null"`
}

func (ratingStateRow20261125075548) TableName() string { return "rating_states" }

type ratingPeriodRow20261125075548 struct {
	ID       int64     `gorm:"primaryKey"`
	List     string    `gorm:"size:16;not null;index"`
	Until    string    `gorm:"size:10;not null"`
	ClosedAt time.Time `gorm:"not null"`
	UserID   int64     `gorm:"not null"`
	Events   int       `gorm:"not null"`
	Games    int       `gorm:"not null"`
}

func (ratingPeriodRow20261125075548) TableName() string { return "rating_periods" }

type ratingChangeRow20261125075548 struct {
	PeriodID   int64   `gorm:"primaryKey;autoIncrement:false"`
	PersonID   int64   `gorm:"primaryKey;autoIncrement:false;index"`
	Old        int     `gorm:"not null"`
	New        int     `gorm:"not null"`
	K          int     `gorm:"not null"`
	Games      int     `gorm:"not null"`
	TotalGames int     `gorm:"not null"`
	Sum        float64 `gorm:"not null"`
	Lines      string  `gorm:"type:text;not null"`
}

func (ratingChangeRow20261125075548) TableName() string { return "rating_changes" }

type ratedGameRow20261125075548 struct {
	GameID   int64  `gorm:"primaryKey;autoIncrement:false"`
	List     string `gorm:"size:16;not null;index"`
	PeriodID int64  `gorm:"not null"`
	EventID  int64  `gorm:"not null;index"`
	A        int64  `gorm:"not null"`
	B        int64  `gorm:"not null"`
	PointsA  int    `gorm:"not null"`
	PointsB  int    `gorm:"not null"`
}

func (ratedGameRow20261125075548) TableName() string { return "rated_games" }

func ratingsMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	if err := m.AddColumn(&ratedEventRow20261125075548{}, "Rated"); err != nil {
		return err
	}
	return m.CreateTable(&ratingStateRow20261125075548{}, &ratingPeriodRow20261125075548{}, &ratingChangeRow20261125075548{}, &ratedGameRow20261125075548{})
}
