package store

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"

	"gorm.io/gorm/clause"
)

// secretRow keeps a server secret, such as the key that signs sign-in
// cookies, so that every instance on the same database uses the same one.
type secretRow struct {
	Name  string `gorm:"primaryKey;size:64"`
	Value string `gorm:"size:200;not null"`
}

func (secretRow) TableName() string { return "secrets" }

// Secret returns the secret stored under name, creating a random one of 32
// bytes the first time. Instances starting at once agree: the first insert
// wins and every instance reads it back.
func (s *Store) Secret(ctx context.Context, name string) ([]byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("make secret %s: %w", name, err)
	}
	db := s.db.WithContext(ctx)
	fresh := secretRow{Name: name, Value: base64.StdEncoding.EncodeToString(b)}
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&fresh).Error; err != nil {
		return nil, fmt.Errorf("store secret %s: %w", name, err)
	}
	var row secretRow
	if err := db.First(&row, "name = ?", name).Error; err != nil {
		return nil, fmt.Errorf("read secret %s: %w", name, err)
	}
	secret, err := base64.StdEncoding.DecodeString(row.Value)
	if err != nil {
		return nil, fmt.Errorf("stored secret %s: %w", name, err)
	}
	return secret, nil
}
