package store

import "gorm.io/gorm"

// Migration 20261125230555-account-names keeps an account holder's name in
// parts (users.surname, given_names, patronymic) and their sex (users.sex),
// and a sign-up's name in parts likewise. The accounts made before keep
// their one name string (users.name) and get empty parts: a name is never
// split by guessing. The row types are frozen copies; the live ones are in
// models.go and signups.go.

type userNamesRow20261125230555 struct {
	ID         int64  `gorm:"primaryKey"`
	Surname    string `gorm:"size:60;not null;default:''"`
	GivenNames string `gorm:"size:80;not null;default:''"`
	Patronymic string `gorm:"size:60;not null;default:''"`
	Sex        string `gorm:"size:1;not null;default:''"`
}

func (userNamesRow20261125230555) TableName() string { return "users" }

type signUpNamesRow20261125230555 struct {
	ID         int64  `gorm:"primaryKey"`
	Surname    string `gorm:"size:60;not null;default:''"`
	GivenNames string `gorm:"size:80;not null;default:''"`
	Patronymic string `gorm:"size:60;not null;default:''"`
}

func (signUpNamesRow20261125230555) TableName() string { return "signups" }

func accountNamesMigration(tx *gorm.DB) error {
	for _, c := range []string{"Surname", "GivenNames", "Patronymic", "Sex"} {
		if err := tx.Migrator().AddColumn(&userNamesRow20261125230555{}, c); err != nil {
			return err
		}
	}
	for _, c := range []string{"Surname", "GivenNames", "Patronymic"} {
		if err := tx.Migrator().AddColumn(&signUpNamesRow20261125230555{}, c); err != nil {
			return err
		}
	}
	return nil
}
