package store

import "gorm.io/gorm"

// Migration 2026112291 adds the data version: one counter that every write
// transaction raises, so that a page made from the data can be kept until
// the data changes (api's page cache, on every instance that shares the
// database). The row below is a frozen copy of this migration's table; the
// live one is in version.go.

type dataVersionRow2026112291 struct {
	ID      int   `gorm:"primaryKey;autoIncrement:false"`
	Version int64 `gorm:"not null"`
}

func (dataVersionRow2026112291) TableName() string { return "data_version" }

func dataVersionMigration(tx *gorm.DB) error {
	if err := tx.AutoMigrate(&dataVersionRow2026112291{}); err != nil {
		return err
	}
	return tx.Create(&dataVersionRow2026112291{ID: 1, Version: 1}).Error
}
