package store

import (
	"encoding/json"

	"gorm.io/gorm"

	"adiukh/tournament"
)

// swissMigration adds the Swiss options of events (same-club pairs, Baku,
// initial colour), players' requested byes
// and the warnings of hand-edited rounds.
func swissMigration(tx *gorm.DB) error {
	return tx.AutoMigrate(&eventRow{}, &playerRow{}, &roundRow{})
}

func swissRollback(tx *gorm.DB) error {
	m := tx.Migrator()
	for _, c := range []struct {
		row    any
		column string
	}{{&eventRow{}, "ForbidSameClub"}, {&eventRow{}, "Baku"}, {&eventRow{}, "BlackFirst"}, {&playerRow{}, "ByeRound"}, {&playerRow{}, "ByeKind"}, {&roundRow{}, "Warnings"}} {
		if err := m.DropColumn(c.row, c.column); err != nil {
			return err
		}
	}
	return nil
}

func warningsToText(ws []tournament.PairingWarning) (string, error) {
	if len(ws) == 0 {
		return "", nil
	}
	b, err := json.Marshal(ws)
	return string(b), err
}

func textToWarnings(s string) ([]tournament.PairingWarning, error) {
	if s == "" {
		return nil, nil
	}
	var ws []tournament.PairingWarning
	err := json.Unmarshal([]byte(s), &ws)
	return ws, err
}
