package store

import "gorm.io/gorm"

// Migration 2026112298 adds to a solving-contest answer whether it waits for
// the director because the solver could not check it within its budget
// (composition.SolvingAnswer.Pending), and the director's reason when the
// director set its verdict (Ruling). Every answer that exists was checked
// by the solver: not pending, not ruled.

type answerRulingRow2026112298 struct {
	Pending bool   `gorm:"not null;default:false"`
	Ruling  string `gorm:"not null;default:''"`
}

func (answerRulingRow2026112298) TableName() string { return "solving_answers" }

func answerRulingMigration(tx *gorm.DB) error {
	for _, column := range []string{"Pending", "Ruling"} {
		if err := tx.Migrator().AddColumn(&answerRulingRow2026112298{}, column); err != nil {
			return err
		}
	}
	return nil
}
