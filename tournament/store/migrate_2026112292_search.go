package store

import (
	"gorm.io/gorm"

	"adiukh/tournament/search"
)

// Migration 2026112292 adds the search index: every word of an event's
// name and city and of a player's name, folded as names compare, with the
// event and the player (0 for the event itself). Search reads ranges of
// words that start with what the reader typed; on PostgreSQL the words
// compare byte by byte (COLLATE "C"), as SQLite compares them, so that a
// range of the index is a range of the words. The row below is a frozen
// copy of this migration's table; the live one is in search.go.

type searchTermRow2026112292 struct {
	Term     string `gorm:"primaryKey;size:200"`
	EventID  int64  `gorm:"primaryKey;autoIncrement:false;index:idx_search_terms_owner,priority:1"`
	PlayerID int64  `gorm:"primaryKey;autoIncrement:false;index:idx_search_terms_owner,priority:2"`
}

func (searchTermRow2026112292) TableName() string { return "search_terms" }

// The rows of events and players this migration reads.
type searchEventRow2026112292 struct {
	ID   int64
	Name string
	City string
}

func (searchEventRow2026112292) TableName() string { return "events" }

type searchPlayerRow2026112292 struct {
	ID      int64
	EventID int64
	Name    string
}

func (searchPlayerRow2026112292) TableName() string { return "players" }

func searchMigration(tx *gorm.DB) error {
	if tx.Dialector.Name() == "postgres" {
		for _, stmt := range []string{
			`CREATE TABLE search_terms (term varchar(200) COLLATE "C" NOT NULL, event_id bigint NOT NULL,
				player_id bigint NOT NULL, PRIMARY KEY (term, event_id, player_id))`,
			`CREATE INDEX idx_search_terms_owner ON search_terms (event_id, player_id)`,
		} {
			if err := tx.Exec(stmt).Error; err != nil {
				return err
			}
		}
	} else if err := tx.AutoMigrate(&searchTermRow2026112292{}); err != nil {
		return err
	}
	var events []searchEventRow2026112292
	if err := tx.Find(&events).Error; err != nil {
		return err
	}
	for _, e := range events {
		if err := addTerms2026112292(tx, e.Name+" "+e.City, e.ID, 0); err != nil {
			return err
		}
	}
	var players []searchPlayerRow2026112292
	if err := tx.Find(&players).Error; err != nil {
		return err
	}
	for _, p := range players {
		if err := addTerms2026112292(tx, p.Name, p.EventID, p.ID); err != nil {
			return err
		}
	}
	return nil
}

func addTerms2026112292(tx *gorm.DB, text string, eventID, playerID int64) error {
	for _, t := range search.Terms(text) {
		if len(t) > 200 {
			continue
		}
		if err := tx.Create(&searchTermRow2026112292{Term: t, EventID: eventID, PlayerID: playerID}).Error; err != nil {
			return err
		}
	}
	return nil
}
