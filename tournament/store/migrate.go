package store

import (
	"fmt"

	"github.com/go-gormigrate/gormigrate/v2"
	"gorm.io/gorm"
)

// migrations are applied in order and recorded in the table "migrations".
// An applied migration never changes: a change of the schema is a new
// migration at the end of the list, in its own file migrate_<id>.go, whose
// Migrate creates or alters tables from row types declared in that file for
// that migration only (frozen copies named after the migration, each with its
// own TableName), never from the live rows of models.go. TestSchema compares
// the result with testdata/schema.*.txt; TestMigrateFromInitial upgrades a
// database with rows in it.
var migrations = []*gormigrate.Migration{
	{ID: "2026112201-initial", Migrate: migrateInitial, Rollback: rollbackInitial},
	{ID: "2026112210-teams", Migrate: migrateTeams, Rollback: rollbackTeams},
	{ID: "2026112220-player-submissions", Migrate: migratePlayerSubmissions, Rollback: rollbackPlayerSubmissions},
	{ID: "2026112221-secrets", Migrate: migrateSecrets, Rollback: rollbackSecrets},
	{ID: "2026112222-swiss", Migrate: migrateSwiss, Rollback: rollbackSwiss},
	{ID: "2026112230-sessions", Migrate: sessionsMigration, Rollback: sessionsRollback},
	{ID: "2026112250-correspondence", Migrate: correspondenceMigration, Rollback: correspondenceRollback},
	{ID: "2026112260-event-time-zone", Migrate: eventTimeZoneMigration, Rollback: eventTimeZoneRollback},
	{ID: "2026112270-composition", Migrate: compositionMigration, Rollback: compositionRollback},
	{ID: "2026112280-player-name-key", Migrate: playerNameKeyMigration, Rollback: playerNameKeyRollback},
	{ID: "2026112290-solving", Migrate: solvingMigration, Rollback: solvingRollback},
	{ID: "2026112291-data-version", Migrate: dataVersionMigration, Rollback: dataVersionRollback},
	{ID: "2026112292-search", Migrate: searchMigration, Rollback: searchRollback},
	{ID: "2026112293-signin-limits", Migrate: signInLimitsMigration, Rollback: signInLimitsRollback},
	{ID: "2026112294-sheets-required", Migrate: sheetsRequiredMigration, Rollback: sheetsRequiredRollback},
	{ID: "2026112295-composition-status", Migrate: compositionStatusMigration, Rollback: compositionStatusRollback},
	{ID: "2026112296-repetition-from", Migrate: repetitionFromMigration, Rollback: repetitionFromRollback},
	{ID: "2026112297-turn-max-move", Migrate: turnMaxMoveMigration, Rollback: turnMaxMoveRollback},
	{ID: "2026112298-answer-ruling", Migrate: answerRulingMigration, Rollback: answerRulingRollback},
}

// migrationLock is the key of the PostgreSQL advisory lock taken while
// migrating ("adiukhmi" in ASCII).
const migrationLock = 0x616469756b686d69

// migrate brings the schema up to date in one transaction. On PostgreSQL the
// transaction first takes an advisory lock, so that instances starting
// together migrate one after the other: the first applies the migrations,
// the others wait and find nothing left to do. On SQLite the transaction
// begins with BEGIN IMMEDIATE, which serialises the same way.
func migrate(db *gorm.DB) error {
	err := db.Transaction(func(tx *gorm.DB) error {
		if tx.Dialector.Name() == "postgres" {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", migrationLock).Error; err != nil {
				return fmt.Errorf("take the migration lock: %w", err)
			}
		}
		return gormigrate.New(tx, &gormigrate.Options{TableName: "migrations", IDColumnSize: 64}, migrations).Migrate()
	})
	if err != nil {
		return fmt.Errorf("migrate database: %w", err)
	}
	return nil
}
