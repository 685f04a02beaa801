package store

import "gorm.io/gorm"

// Migration 2026112221-secrets creates the table of server secrets (the key
// that signs sign-in cookies). Its row type is a frozen copy.

type secretsSecret struct {
	Name  string `gorm:"primaryKey;size:64"`
	Value string `gorm:"size:200;not null"`
}

func (secretsSecret) TableName() string { return "secrets" }

func migrateSecrets(tx *gorm.DB) error { return tx.Migrator().CreateTable(&secretsSecret{}) }
