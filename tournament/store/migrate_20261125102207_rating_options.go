package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125102207-rating-options keeps each list's options
// (initial rating, point share) in the database, set by administrators
// with an audit log of their changes; records on each closed period the
// options it was rated with (the periods closed before were rated with the
// defaults, 1500 and win/draw/loss, which the new columns' defaults give
// them); and keeps on each rated game the period that rated it, as
// period_id moves on to the period that carries a correction. The row
// types are frozen copies; the live ones are in ratings.go.

type ratingOptionsRow20261125102207 struct {
	List       string `gorm:"primaryKey;size:16"`
	Initial    int    `gorm:"not null"`
	PointShare bool   `gorm:"not null"`
}

func (ratingOptionsRow20261125102207) TableName() string { return "rating_options" }

type ratingAuditRow20261125102207 struct {
	ID        int64     `gorm:"primaryKey"`
	At        time.Time `gorm:"not null"`
	UserID    int64     `gorm:"not null"`
	UserEmail string    `gorm:"size:254;not null"`
	List      string    `gorm:"size:16;not null;index"`
	Action    string    `gorm:"size:32;not null"`
	Before    string    `gorm:"type:text;not null"`
	After     string    `gorm:"type:text;not null"`
}

func (ratingAuditRow20261125102207) TableName() string { return "rating_audit" }

type ratingPeriodOptionsRow20261125102207 struct {
	Initial    int  `gorm:"not null;default:1500"`
	PointShare bool `gorm:"not null;default:false"`
}

func (ratingPeriodOptionsRow20261125102207) TableName() string { return "rating_periods" }

type ratedGameRatedInRow20261125102207 struct {
	RatedIn int64 `gorm:"not null;default:0"`
}

func (ratedGameRatedInRow20261125102207) TableName() string { return "rated_games" }

func ratingOptionsMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	if err := m.CreateTable(&ratingOptionsRow20261125102207{}, &ratingAuditRow20261125102207{}); err != nil {
		return err
	}
	for _, column := range []string{"Initial", "PointShare"} {
		if err := m.AddColumn(&ratingPeriodOptionsRow20261125102207{}, column); err != nil {
			return err
		}
	}
	if err := m.AddColumn(&ratedGameRatedInRow20261125102207{}, "RatedIn"); err != nil {
		return err
	}
	// The best known: a game corrected since has lost its first period.
	return tx.Exec("UPDATE rated_games SET rated_in = period_id").Error
}
