package store

import (
	"fmt"
	"strings"

	"gorm.io/gorm"
)

// Migration 20261125130526-person-club-key keeps each person's club folded
// for search (people.club_key: lower case, ё as е), so that the register
// is searched by club as by name. The row type is a frozen copy; the live
// one is in people.go.

type personClubKeyRow20261125130526 struct {
	ID      int64  `gorm:"primaryKey"`
	Club    string `gorm:"size:100;not null"`
	ClubKey string `gorm:"size:100;not null;default:''"`
}

func (personClubKeyRow20261125130526) TableName() string { return "people" }

func personClubKeyMigration(tx *gorm.DB) error {
	if err := tx.Migrator().AddColumn(&personClubKeyRow20261125130526{}, "ClubKey"); err != nil {
		return err
	}
	var rows []personClubKeyRow20261125130526
	if err := tx.Where("club <> ''").Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		key := strings.ReplaceAll(strings.ToLower(r.Club), "ё", "е")
		if err := tx.Model(&personClubKeyRow20261125130526{}).Where("id = ?", r.ID).Update("club_key", key).Error; err != nil {
			return fmt.Errorf("fold the club of person %d: %w", r.ID, err)
		}
	}
	return nil
}
