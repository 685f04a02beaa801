package store

import "gorm.io/gorm"

// Migration 2026112295 gives composition events the status their contest
// has reached, which the composition service now keeps up to date (running
// from the judges' first mark or the provisional award, finished with the
// final award); before, such an event stayed in registration for ever. It
// changes data only, in plain SQL on the tables as migration 2026112270
// made them.

func compositionStatusMigration(tx *gorm.DB) error {
	for _, stmt := range []string{
		`UPDATE events SET status = 'finished' WHERE discipline = 'composition'
			AND id IN (SELECT event_id FROM composition_contests WHERE stage = 'final')`,
		`UPDATE events SET status = 'running' WHERE discipline = 'composition' AND status = 'registration'
			AND (id IN (SELECT event_id FROM composition_contests WHERE stage = 'provisional')
				OR id IN (SELECT event_id FROM composition_marks))`,
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}
