package store

import "gorm.io/gorm"

// Migration 2026112210-teams creates the tables of team events. Its row types
// are frozen copies; they refer to the initial migration's rows for their
// foreign keys.

type teamsSettings struct {
	EventID           int64        `gorm:"primaryKey;autoIncrement:false"`
	Event             initialEvent `gorm:"constraint:OnDelete:CASCADE"`
	Boards            int          `gorm:"not null"`
	MatchWin          float64      `gorm:"not null"`
	MatchDraw         float64      `gorm:"not null"`
	MatchLoss         float64      `gorm:"not null"`
	MatchBye          float64      `gorm:"not null"`
	Ranking           string       `gorm:"size:16;not null"`
	TieBreaks         string       `gorm:"size:1000;not null"`
	ColourPreferences string       `gorm:"size:16;not null"`
}

func (teamsSettings) TableName() string { return "team_settings" }

type teamsTeam struct {
	ID            int64        `gorm:"primaryKey"`
	EventID       int64        `gorm:"not null;index"`
	Event         initialEvent `gorm:"constraint:OnDelete:CASCADE"`
	StartNo       int          `gorm:"not null"`
	Name          string       `gorm:"size:200;not null"`
	Club          string       `gorm:"size:200;not null"`
	City          string       `gorm:"size:200;not null"`
	Captain       string       `gorm:"size:200;not null"`
	WithdrawnFrom int          `gorm:"not null"`
}

func (teamsTeam) TableName() string { return "teams" }

type teamsMember struct {
	ID       int64         `gorm:"primaryKey"`
	TeamID   int64         `gorm:"not null;uniqueIndex:idx_team_position"`
	Team     teamsTeam     `gorm:"constraint:OnDelete:CASCADE"`
	Position int           `gorm:"not null;uniqueIndex:idx_team_position"`
	PlayerID int64         `gorm:"not null;uniqueIndex"`
	Player   initialPlayer `gorm:"constraint:OnDelete:CASCADE"`
}

func (teamsMember) TableName() string { return "team_members" }

type teamsMatch struct {
	ID         int64        `gorm:"primaryKey"`
	RoundID    int64        `gorm:"not null;uniqueIndex:idx_match_table"`
	Round      initialRound `gorm:"constraint:OnDelete:CASCADE"`
	TableNo    int          `gorm:"not null;uniqueIndex:idx_match_table"`
	HomeTeamID int64        `gorm:"not null;index"`
	HomeTeam   teamsTeam
	AwayTeamID *int64 `gorm:"index"`
	AwayTeam   *teamsTeam
}

func (teamsMatch) TableName() string { return "matches" }

type teamsMatchBoard struct {
	ID           int64      `gorm:"primaryKey"`
	MatchID      int64      `gorm:"not null;uniqueIndex:idx_match_board"`
	Match        teamsMatch `gorm:"constraint:OnDelete:CASCADE"`
	Board        int        `gorm:"not null;uniqueIndex:idx_match_board"`
	HomePlayerID *int64
	AwayPlayerID *int64
}

func (teamsMatchBoard) TableName() string { return "match_boards" }

func migrateTeams(tx *gorm.DB) error {
	return tx.Migrator().CreateTable(&teamsSettings{}, &teamsTeam{}, &teamsMember{}, &teamsMatch{}, &teamsMatchBoard{})
}
