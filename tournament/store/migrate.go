package store

import (
	"crypto/sha256"
	"encoding/hex"
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
//
// A new ID starts with the UTC moment the migration was written,
// YYYYMMDDhhmmss (the first nineteen have a day and a counter and keep
// them). Migrations go forward only, without a Rollback: an upgrade is
// undone by restoring the backup taken before it (docs/architecture.md,
// "Migrations").
var migrations = []*gormigrate.Migration{
	{ID: "2026112201-initial", Migrate: migrateInitial},
	{ID: "2026112210-teams", Migrate: migrateTeams},
	{ID: "2026112220-player-submissions", Migrate: migratePlayerSubmissions},
	{ID: "2026112221-secrets", Migrate: migrateSecrets},
	{ID: "2026112222-swiss", Migrate: migrateSwiss},
	{ID: "2026112230-sessions", Migrate: sessionsMigration},
	{ID: "2026112250-correspondence", Migrate: correspondenceMigration},
	{ID: "2026112260-event-time-zone", Migrate: eventTimeZoneMigration},
	{ID: "2026112270-composition", Migrate: compositionMigration},
	{ID: "2026112280-player-name-key", Migrate: playerNameKeyMigration},
	{ID: "2026112290-solving", Migrate: solvingMigration},
	{ID: "2026112291-data-version", Migrate: dataVersionMigration},
	{ID: "2026112292-search", Migrate: searchMigration},
	{ID: "2026112293-signin-limits", Migrate: signInLimitsMigration},
	{ID: "2026112294-sheets-required", Migrate: sheetsRequiredMigration},
	{ID: "2026112295-composition-status", Migrate: compositionStatusMigration},
	{ID: "2026112296-repetition-from", Migrate: repetitionFromMigration},
	{ID: "2026112297-turn-max-move", Migrate: turnMaxMoveMigration},
	{ID: "2026112298-answer-ruling", Migrate: answerRulingMigration},
	{ID: "20261125043118-note-keys", Migrate: noteKeysMigration},
	{ID: "20261125052207-cook-accepted", Migrate: cookAcceptedMigration},
	{ID: "20261125052339-entries", Migrate: entriesMigration},
	{ID: "20261125053444-signups", Migrate: signUpsMigration},
	{ID: "20261125064752-account-audit", Migrate: accountAuditMigration},
	{ID: "20261125071431-password-resets", Migrate: passwordResetsMigration},
	{ID: "20261125071742-follows", Migrate: followsMigration},
	{ID: "20261125072653-regulations", Migrate: regulationsMigration},
	{ID: "20261125074256-people", Migrate: peopleMigration},
	{ID: "20261125075259-award-text", Migrate: awardTextMigration},
	{ID: "20261125075548-ratings", Migrate: ratingsMigration},
	{ID: "20261125080757-person-claims", Migrate: personClaimsMigration},
	{ID: "20261125101549-person-photos", Migrate: personPhotosMigration},
	{ID: "20261125102207-rating-options", Migrate: ratingOptionsMigration},
	{ID: "20261125102336-live-games", Migrate: liveGamesMigration},
	{ID: "20261125105221-next-round-after", Migrate: nextRoundAfterMigration},
	{ID: "20261125125056-merge-standings", Migrate: mergeStandingsMigration},
	{ID: "20261125130526-person-club-key", Migrate: personClubKeyMigration},
	{ID: "20261125192435-live-stopped", Migrate: liveStoppedMigration},
	{ID: "20261125193804-live-clock", Migrate: liveClockMigration},
	{ID: "20261125215918-event-revisions", Migrate: eventRevisionsMigration},
	{ID: "20261125220621-entry-withdrawals", Migrate: entryWithdrawalsMigration},
	{ID: "20261125221000-message-keys", Migrate: messageKeysMigration},
	{ID: "20261125222234-calendar-tokens", Migrate: calendarTokensMigration},
	{ID: "20261125223233-person-follows", Migrate: personFollowsMigration},
	{ID: "20261125223700-event-game", Migrate: eventGameMigration},
	{ID: "20261125230555-account-names", Migrate: accountNamesMigration},
	{ID: "20261125231700-event-region", Migrate: eventRegionMigration},
	{ID: "20261126010530-micro-matches", Migrate: microMatchesMigration},
	{ID: "20261126011907-composition-keys", Migrate: compositionKeysMigration},
	{ID: "20261126012900-person-patronymic", Migrate: personPatronymicMigration},
	{ID: "20261126045410-live-micro-matches", Migrate: liveMicroMatchesMigration},
	{ID: "20261126045800-micro-sheets", Migrate: microSheetsMigration},
	{ID: "20261126124500-account-version", Migrate: accountVersionMigration},
	{ID: "20261126125500-notices", Migrate: noticesMigration},
	{ID: "20261126132000-event-reopened", Migrate: eventReopenedMigration},
	{ID: "20261126134100-rating-list-keys", Migrate: ratingListKeysMigration},
	{ID: "20261126152300-second-game-ids", Migrate: secondGameIDsMigration},
	{ID: "20261126152500-player-titles", Migrate: playerTitlesMigration},
	{ID: "20261126153000-event-versions", Migrate: eventVersionsMigration},
	{ID: "20261126153100-round-start", Migrate: roundStartMigration},
	{ID: "20261126154500-person-titles", Migrate: personTitlesMigration},
	{ID: "20261126162500-event-imported-rounds", Migrate: eventImportedRoundsMigration},
	{ID: "20261126203000-live-connections", Migrate: liveConnectionsMigration},
	{ID: "20261126204000-federations", Migrate: federationsMigration},
	{ID: "20261127051007-knockout", Migrate: knockoutMigration},
	{ID: "20261127051113-event-prizes", Migrate: eventPrizesMigration},
	{ID: "20261127051233-relay", Migrate: relayMigration},
	{ID: "20261127051830-playoffs", Migrate: playoffsMigration},
	{ID: "20261127051852-checkin", Migrate: checkinMigration},
	{ID: "20261127083000-match-games-on-site", Migrate: matchGamesOnSiteMigration},
	{ID: "20261127113000-knockout-sheets", Migrate: knockoutSheetsMigration},
	{ID: "20261127143500-report-game-no", Migrate: reportGameNoMigration},
	{ID: "20261127145500-game-time-control", Migrate: gameTimeControlMigration},
}

// migrationLock is the key of the PostgreSQL advisory lock taken while
// migrating, "adiukhmi" in ASCII, beside the schema's own key: instances
// of one schema migrate one after the other, while the schemas of one
// database (the tests', each in a schema of its own) migrate at once.
const migrationLock int32 = 0x6164696d

// SchemaVersion names the migrations this build applies: two databases
// migrated by builds of one version have the same tables. The tests'
// schemas are shared between test processes of one version (storetest).
func SchemaVersion() string {
	h := sha256.New()
	for _, m := range migrations {
		h.Write([]byte(m.ID + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// migrate brings the schema up to date in one transaction. On PostgreSQL the
// transaction first takes an advisory lock, so that instances starting
// together migrate one after the other: the first applies the migrations,
// the others wait and find nothing left to do. On SQLite the transaction
// begins with BEGIN IMMEDIATE, which serialises the same way.
func migrate(db *gorm.DB) error {
	err := db.Transaction(func(tx *gorm.DB) error {
		if tx.Dialector.Name() == "postgres" {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(?, hashtext(current_schema()))", migrationLock).Error; err != nil {
				return fmt.Errorf("take the migration lock: %w", err)
			}
		}
		if done, err := allApplied(tx); err != nil || done {
			return err
		}
		return gormigrate.New(tx, &gormigrate.Options{TableName: "migrations", IDColumnSize: 64}, migrations).Migrate()
	})
	if err != nil {
		return fmt.Errorf("migrate database: %w", err)
	}
	return nil
}

// allApplied tells whether the database holds every migration, read in one
// statement. Most opens find it so (every start of a server that has been
// upgraded, every test's store), where asking after each migration in turn,
// as gormigrate does, was one statement per migration.
func allApplied(tx *gorm.DB) (bool, error) {
	if has, err := hasMigrationsTable(tx); err != nil || !has {
		return false, err
	}
	var ids []string
	if err := tx.Table("migrations").Pluck("id", &ids).Error; err != nil {
		return false, fmt.Errorf("read the applied migrations: %w", err)
	}
	applied := make(map[string]bool, len(ids))
	for _, id := range ids {
		applied[id] = true
	}
	for _, m := range migrations {
		if !applied[m.ID] {
			return false, nil
		}
	}
	return true, nil
}

// hasMigrationsTable tells whether the schema has the table of applied
// migrations. On PostgreSQL gorm asks information_schema, whose views join
// the whole catalogue: 6 ms a store opened where a database holds many
// schemas (the tests' do, a third of their statements' time in a store
// test), against a lookup of one name.
func hasMigrationsTable(tx *gorm.DB) (bool, error) {
	if tx.Dialector.Name() != "postgres" {
		return tx.Migrator().HasTable("migrations"), nil
	}
	var has bool
	if err := tx.Raw("SELECT to_regclass(quote_ident(current_schema()) || '.migrations') IS NOT NULL").Scan(&has).Error; err != nil {
		return false, fmt.Errorf("look for the table of migrations: %w", err)
	}
	return has, nil
}
