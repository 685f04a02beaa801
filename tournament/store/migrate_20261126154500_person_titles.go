package store

import (
	"encoding/json"
	"fmt"

	"gorm.io/gorm"

	"adiukh/tournament"
)

// Migration 20261126154500-person-titles keeps the register's persons'
// sports ranks and titles, each of a game with its date and awarding body
// (people.titles, JSON of tournament.PersonTitle). A rank written before
// as free text (people.rank) that the rule book reads («кмс», «1
// разряд») becomes a title of Adiukh, the game of every record made
// before events had another, and leaves the text; one it does not read
// («мастер») stays as the text, shown as unrecognised, so that nothing
// typed is lost. The row type is a frozen copy; the live one is in
// people.go.

type personTitlesRow20261126154500 struct {
	ID     int64  `gorm:"primaryKey"`
	Rank   string `gorm:"size:60;not null"`
	Titles string `gorm:"type:text;not null;default:''"`
}

// personTitle20261126154500 is a title as this migration writes it.
type personTitle20261126154500 struct {
	Game  string `json:"game"`
	Title string `json:"title"`
}

func (personTitlesRow20261126154500) TableName() string { return "people" }

func personTitlesMigration(tx *gorm.DB) error {
	if err := tx.Migrator().AddColumn(&personTitlesRow20261126154500{}, "Titles"); err != nil {
		return err
	}
	var rows []personTitlesRow20261126154500
	if err := tx.Select("id", "rank").Where("rank <> ''").Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		title, err := tournament.ParseTitle(tournament.AdiukhGame, r.Rank)
		if err != nil {
			continue
		}
		titles, err := json.Marshal([]personTitle20261126154500{{Game: string(tournament.AdiukhGame), Title: title}})
		if err != nil {
			return err
		}
		if err := tx.Model(&personTitlesRow20261126154500{}).Where("id = ?", r.ID).Updates(map[string]any{"titles": string(titles), "rank": ""}).Error; err != nil {
			return fmt.Errorf("person %d: %w", r.ID, err)
		}
	}
	return nil
}
