package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125223233-person-follows lets an account follow a person of the
// register across every event they play, where a follow was tied to one
// event's player. The follows of players linked to a person become
// follows of the person (the earliest time kept); the follows of players
// of no person stay as they were. The row type is a frozen copy; the live
// one is in follows.go.

type personFollowRow20261125223233 struct {
	UserID    int64     `gorm:"primaryKey;autoIncrement:false"`
	PersonID  int64     `gorm:"primaryKey;autoIncrement:false;index"`
	CreatedAt time.Time `gorm:"not null"`
}

func (personFollowRow20261125223233) TableName() string { return "person_follows" }

func personFollowsMigration(tx *gorm.DB) error {
	if err := tx.Migrator().CreateTable(&personFollowRow20261125223233{}); err != nil {
		return err
	}
	err := tx.Exec(`INSERT INTO person_follows (user_id, person_id, created_at)
		SELECT f.user_id, p.person_id, MIN(f.created_at) FROM follows f JOIN players p ON p.id = f.player_id
		WHERE f.player_id <> 0 AND p.person_id <> 0 GROUP BY f.user_id, p.person_id`).Error
	if err != nil {
		return err
	}
	return tx.Exec(`DELETE FROM follows WHERE player_id IN (SELECT id FROM players WHERE person_id <> 0)`).Error
}
