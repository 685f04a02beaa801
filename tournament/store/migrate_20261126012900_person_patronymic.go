package store

import "gorm.io/gorm"

// Migration 20261126012900-person-patronymic keeps a person's patronymic
// apart from the given names (people.patronymic; empty for the persons
// stored before, whose given names keep what was typed), and on
// PostgreSQL widens the folded names searched by (people.name_key) to hold
// it too. SQLite does not enforce a column's length. The row type is a
// frozen copy; the live one is in people.go.

type personPatronymicRow20261126012900 struct {
	Patronymic string `gorm:"size:60;not null;default:''"`
}

func (personPatronymicRow20261126012900) TableName() string { return "people" }

func personPatronymicMigration(tx *gorm.DB) error {
	if err := tx.Migrator().AddColumn(&personPatronymicRow20261126012900{}, "Patronymic"); err != nil {
		return err
	}
	if tx.Dialector.Name() == "postgres" {
		return tx.Exec(`ALTER TABLE people ALTER COLUMN name_key TYPE varchar(480)`).Error
	}
	return nil
}
