package store

import (
	"fmt"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrations are applied in order and recorded in the table "migrations";
// an applied migration is never edited, a change is a new migration.
var migrations = []*gormigrate.Migration{
	{
		ID: "2026112201-initial",
		Migrate: func(tx *gorm.DB) error {
			return tx.AutoMigrate(&userRow{}, &tokenRow{}, &eventRow{}, &playerRow{}, &roundRow{}, &gameRow{}, &auditRow{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable("audit_entries", "games", "rounds", "players", "events", "api_tokens", "users")
		},
	},
	{
		ID: "2026112210-teams",
		Migrate: func(tx *gorm.DB) error {
			return tx.AutoMigrate(&teamSettingsRow{}, &teamRow{}, &teamMemberRow{}, &matchRow{}, &matchBoardRow{})
		},
		Rollback: func(tx *gorm.DB) error {
			return tx.Migrator().DropTable("match_boards", "matches", "team_members", "teams", "team_settings")
		},
	},
	{ID: "2026112220-player-submissions", Migrate: submissionsMigration, Rollback: submissionsRollback},
	{ID: "2026112221-secrets", Migrate: secretsMigration, Rollback: secretsRollback},
	{ID: "2026112222-swiss", Migrate: swissMigration, Rollback: swissRollback},
	{ID: "2026112230-sessions", Migrate: sessionsMigration, Rollback: sessionsRollback},
	{ID: "2026112250-correspondence", Migrate: correspondenceMigration, Rollback: correspondenceRollback},
}

// migrate brings the schema up to date.
func migrate(db *gorm.DB) error {
	m := gormigrate.New(db, &gormigrate.Options{TableName: "migrations", IDColumnSize: 64, UseTransaction: true}, migrations)
	if err := m.Migrate(); err != nil {
		return fmt.Errorf("migrate database: %w", err)
	}
	return nil
}
