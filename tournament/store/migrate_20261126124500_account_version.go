package store

import "gorm.io/gorm"

// Migration 20261126124500-account-version adds the account version (issue
// 59): a second row of data_version that the writes of the accounts' own
// records raise instead of the data version, so that a sign-in, a reset
// request or a follow neither empties the page cache nor shows in a
// public page's headers. The row type is a frozen copy; the live one is in
// version.go.

type accountVersionRow20261126124500 struct {
	ID      int   `gorm:"primaryKey;autoIncrement:false"`
	Version int64 `gorm:"not null"`
}

func (accountVersionRow20261126124500) TableName() string { return "data_version" }

func accountVersionMigration(tx *gorm.DB) error {
	return tx.Create(&accountVersionRow20261126124500{ID: 2, Version: 1}).Error
}
