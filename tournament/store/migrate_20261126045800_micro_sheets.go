package store

import "gorm.io/gorm"

// Migration 20261126045800-micro-sheets keeps the score sheets of a
// micro-match's two games (issue 51): each as entered, with the report of
// its replay from the board's opening (its problems by key, as a board's
// sheet report keeps them) and the arbiter's reason for a result it does
// not support. Games stored before it have none. The row type is a frozen
// copy; the live one is in models.go.

type microSheetsGameRow20261126045800 struct {
	// MicroSheets is the JSON pair of the two games' sheets; "" for none.
	MicroSheets string `gorm:"type:text;not null;default:''"`
}

func (microSheetsGameRow20261126045800) TableName() string { return "games" }

func microSheetsMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&microSheetsGameRow20261126045800{}, "MicroSheets")
}
