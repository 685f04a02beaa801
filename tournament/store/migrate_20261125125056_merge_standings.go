package store

import "gorm.io/gorm"

// Migration 20261125125056-merge-standings keeps on each merge of two
// persons their standings in the rating lists before it
// (person_merges.standings, JSON), so that undoing the merge gives each
// their ratings back. The row type is a frozen copy; the live one is in
// people.go.

type mergeStandingsRow20261125125056 struct {
	Standings string `gorm:"type:text;not null;default:''"`
}

func (mergeStandingsRow20261125125056) TableName() string { return "person_merges" }

func mergeStandingsMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&mergeStandingsRow20261125125056{}, "Standings")
}
