package store

import "gorm.io/gorm"

// Migration 20261125075259-award-text adds to a composition contest the
// place of its award and the judge's report that introduces it
// (composition.Contest.AwardPlace, AwardReport), printed with the award as
// award booklets are. Awards published before have neither.

type awardTextRow20261125075259 struct {
	AwardPlace  string `gorm:"not null;default:''"`
	AwardReport string `gorm:"not null;default:''"`
}

func (awardTextRow20261125075259) TableName() string { return "composition_contests" }

func awardTextMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	if err := m.AddColumn(&awardTextRow20261125075259{}, "AwardPlace"); err != nil {
		return err
	}
	return m.AddColumn(&awardTextRow20261125075259{}, "AwardReport")
}
