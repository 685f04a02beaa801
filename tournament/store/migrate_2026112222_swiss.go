package store

import "gorm.io/gorm"

// Migration 2026112222-swiss adds the Swiss options of events (same-club
// pairs forbidden, Baku acceleration, black first), players' requested byes
// and the warnings of hand-edited rounds. The row types are frozen copies
// holding only the added columns.

type swissEvent struct {
	ForbidSameClub bool `gorm:"not null;default:false"`
	Baku           bool `gorm:"not null;default:false"`
	BlackFirst     bool `gorm:"not null;default:false"`
}

func (swissEvent) TableName() string { return "events" }

type swissPlayer struct {
	ByeRound int    `gorm:"not null;default:0"`
	ByeKind  string `gorm:"size:8;not null;default:''"`
}

func (swissPlayer) TableName() string { return "players" }

type swissRound struct {
	Warnings string `gorm:"type:text;not null;default:''"`
}

func (swissRound) TableName() string { return "rounds" }

// swissColumns are the added columns by row and field.
var swissColumns = []struct {
	row   any
	field string
}{
	{&swissEvent{}, "ForbidSameClub"}, {&swissEvent{}, "Baku"}, {&swissEvent{}, "BlackFirst"},
	{&swissPlayer{}, "ByeRound"}, {&swissPlayer{}, "ByeKind"}, {&swissRound{}, "Warnings"},
}

// migrateSwiss adds each column that is missing: the versions that migrated
// with AutoMigrate of the live rows created some of them in the initial
// migration already.
func migrateSwiss(tx *gorm.DB) error {
	m := tx.Migrator()
	for _, c := range swissColumns {
		if m.HasColumn(c.row, c.field) {
			continue
		}
		if err := m.AddColumn(c.row, c.field); err != nil {
			return err
		}
	}
	return nil
}
