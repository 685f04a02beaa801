package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// dataVersionRow is the one row of the data version (migration 2026112291).
type dataVersionRow struct {
	ID      int `gorm:"primaryKey;autoIncrement:false"`
	Version int64
}

func (dataVersionRow) TableName() string { return "data_version" }

// DataVersion is a number that changes whenever any write transaction
// commits, on this instance or another on the same database: what was read
// at one version is still true while the version stays. It is one
// primary-key read on a reading connection, cheap enough to ask on every
// request.
// It goes to database/sql directly: every anonymous page request asks it,
// and the ORM's statement building cost as much as the query itself.
func (s *Store) DataVersion(ctx context.Context) (int64, error) {
	db, err := s.read.DB()
	if err != nil {
		return 0, fmt.Errorf("read the data version: %w", err)
	}
	var version int64
	if err := db.QueryRowContext(ctx, "SELECT version FROM data_version WHERE id = 1").Scan(&version); err != nil {
		return 0, fmt.Errorf("read the data version: %w", err)
	}
	return version, nil
}

// raiseDataVersion is the last statement of every write transaction. It is
// written in the transaction, so the new version becomes visible with the
// data it stands for and never before it; on PostgreSQL concurrent writers
// wait for each other only between this statement and their commit.
func raiseDataVersion(db *gorm.DB) error {
	err := db.Model(&dataVersionRow{}).Where("id = ?", 1).UpdateColumn("version", gorm.Expr("version + 1")).Error
	if err != nil {
		return fmt.Errorf("raise the data version: %w", err)
	}
	return nil
}
