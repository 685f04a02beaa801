package store

import "gorm.io/gorm"

// Migration 20261125052207 adds to a composition entry the director's reason for
// accepting its cook (composition.Work.CookAccepted). A cooked entry is
// incorrect, as in problem practice, unless the director accepts it; no
// entry that exists has been accepted.

type cookAcceptedRow20261125052207 struct {
	CookAccepted string `gorm:"not null;default:''"`
}

func (cookAcceptedRow20261125052207) TableName() string { return "composition_works" }

func cookAcceptedMigration(tx *gorm.DB) error {
	return tx.Migrator().AddColumn(&cookAcceptedRow20261125052207{}, "CookAccepted")
}
