package store

import (
	"time"

	"gorm.io/gorm"
)

// Migration 20261125074256-people creates the federation's register of
// people (tournament.Person), the merges of duplicates, the register's
// audit log, and links event players to persons (players.person_id, 0 for
// none). The row types are frozen copies; the live ones are in people.go.

type personRow20261125074256 struct {
	ID              int64     `gorm:"primaryKey"`
	FederationID    string    `gorm:"size:20;not null;index"`
	Surname         string    `gorm:"size:60;not null"`
	GivenNames      string    `gorm:"size:80;not null"`
	LatinSurname    string    `gorm:"size:80;not null"`
	LatinGivenNames string    `gorm:"size:100;not null"`
	LatinSystem     string    `gorm:"size:8;not null"`
	NameKey         string    `gorm:"size:400;not null;index"`
	Sex             string    `gorm:"size:1;not null"`
	BirthYear       int       `gorm:"not null;index"`
	Club            string    `gorm:"size:100;not null"`
	Region          string    `gorm:"size:100;not null"`
	Rank            string    `gorm:"size:60;not null"`
	MergedInto      int64     `gorm:"not null;default:0"`
	CreatedAt       time.Time `gorm:"not null"`
}

func (personRow20261125074256) TableName() string { return "people" }

type mergeRow20261125074256 struct {
	ID       int64     `gorm:"primaryKey"`
	FromID   int64     `gorm:"not null;index"`
	IntoID   int64     `gorm:"not null;index"`
	Players  string    `gorm:"type:text;not null"`
	At       time.Time `gorm:"not null"`
	UserID   int64     `gorm:"not null"`
	UndoneAt *time.Time
}

func (mergeRow20261125074256) TableName() string { return "person_merges" }

type registerAuditRow20261125074256 struct {
	ID        int64     `gorm:"primaryKey"`
	At        time.Time `gorm:"not null"`
	UserID    int64     `gorm:"not null"`
	UserEmail string    `gorm:"size:254;not null"`
	Action    string    `gorm:"size:32;not null"`
	PersonID  int64     `gorm:"not null;index"`
	Before    string    `gorm:"type:text;not null"`
	After     string    `gorm:"type:text;not null"`
}

func (registerAuditRow20261125074256) TableName() string { return "register_audit" }

type playerPersonRow20261125074256 struct {
	PersonID int64 `gorm:"not null;default:0;index"`
}

func (playerPersonRow20261125074256) TableName() string { return "players" }

func peopleMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	if err := m.CreateTable(&personRow20261125074256{}, &mergeRow20261125074256{}, &registerAuditRow20261125074256{}); err != nil {
		return err
	}
	if err := m.AddColumn(&playerPersonRow20261125074256{}, "PersonID"); err != nil {
		return err
	}
	return m.CreateIndex(&playerPersonRow20261125074256{}, "PersonID")
}
