package store

import "gorm.io/gorm"

// Migration 20261126204000-federations keeps the federation a player or a
// person of the register plays for, by its three letters (players.federation,
// people.federation: «RUS», «NED»), and an event's player's sex and full
// birth date as an imported TRF gives them (players.sex: "m" or "f";
// players.birth_date: YYYY-MM-DD). Rows stored before have none: "". The
// row types are frozen copies; the live ones are in models.go and people.go.

type playerFederationRow20261126204000 struct {
	Federation string `gorm:"size:3;not null;default:''"`
	Sex        string `gorm:"size:1;not null;default:''"`
	BirthDate  string `gorm:"size:10;not null;default:''"`
}

func (playerFederationRow20261126204000) TableName() string { return "players" }

type personFederationRow20261126204000 struct {
	Federation string `gorm:"size:3;not null;default:''"`
}

func (personFederationRow20261126204000) TableName() string { return "people" }

func federationsMigration(tx *gorm.DB) error {
	for _, column := range []string{"Federation", "Sex", "BirthDate"} {
		if err := tx.Migrator().AddColumn(&playerFederationRow20261126204000{}, column); err != nil {
			return err
		}
	}
	return tx.Migrator().AddColumn(&personFederationRow20261126204000{}, "Federation")
}
