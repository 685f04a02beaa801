package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
	"adiukh/tournament/catalog"
	"adiukh/tournament/composition"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/store"
	"adiukh/tournament/store/storetest"
)

// TestMigrationIDs keeps the convention of docs/architecture.md: a
// migration's ID is unique and, after the nineteen that counted within a
// day (YYYYMMDDNN), starts with the UTC moment it was written
// (YYYYMMDDhhmmss), a real one, not in the future and later than the
// migration before it; and no migration has a rollback, which nothing runs.
func TestMigrationIDs(t *testing.T) {
	const counted = 19
	seen := map[string]bool{}
	var last time.Time
	for i, m := range store.Migrations() {
		if seen[m.ID] {
			t.Errorf("migration %s: the ID is taken", m.ID)
		}
		seen[m.ID] = true
		if m.Rollback != nil {
			t.Errorf("migration %s has a rollback; migrations go forward only (restore the backup to undo one)", m.ID)
		}
		stamp, name, _ := strings.Cut(m.ID, "-")
		if name == "" {
			t.Errorf("migration %s: the ID names no change after its stamp", m.ID)
		}
		if i < counted {
			day, err := time.Parse("20060102", stamp[:min(8, len(stamp))])
			if err != nil || len(stamp) != 10 {
				t.Errorf("migration %s: want a day and a counter, YYYYMMDDNN", m.ID)
			}
			last = day
			continue
		}
		at, err := time.Parse("20060102150405", stamp)
		switch {
		case err != nil:
			t.Errorf("migration %s: the ID starts with %q, want the UTC moment it was written, YYYYMMDDhhmmss (date -u +%%Y%%m%%d%%H%%M%%S): %v", m.ID, stamp, err)
		case !at.After(last):
			t.Errorf("migration %s: written at %s, not after the migration before it (%s)", m.ID, at, last)
		case at.After(time.Now()):
			t.Errorf("migration %s: written at %s, in the future", m.ID, at)
		}
		last = at
	}
}

// TestMigrateFromInitial fills a database made by the first migration alone,
// as the first version left it, with rows written in that version's columns;
// opening it runs every later migration, and the store then reads the rows
// back, with the later columns at their defaults, and writes them.
func TestMigrateFromInitial(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			db, err := store.MigrateTo(dsn, "2026112201-initial")
			if err != nil {
				t.Fatal(err)
			}
			created := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
			for _, stmt := range []struct {
				sql  string
				args []any
			}{
				{"INSERT INTO users (id, email, name, role, password_hash, locale, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
					[]any{1, "arbiter@example.org", "Главный судья", "arbiter", "hash", "ru", created}},
				{"INSERT INTO api_tokens (id, user_id, hash, created_at) VALUES (?, ?, ?, ?)", []any{1, 1, "tokenhash", created}},
				{`INSERT INTO events (id, name, discipline, system, rounds, time_control, score_win, score_draw, score_loss, score_bye, score_forfeit_win,
					tie_breaks, start_date, end_date, venue, city, chief_arbiter, arbiters, status, visibility, manual_start_numbers, owner_id, created_at)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
					[]any{1, "Кубок Адыгеи", "standard", "round-robin", 3, "30+30", 1.0, 0.5, 0.0, 1.0, 1.0, "sonneborn-berger,wins",
						"2026-11-22", "2026-11-23", "Дворец шахмат", "Майкоп", "И. И. Иванов", `["П. П. Петров"]`, "running", "public", false, 1, created}},
				{`INSERT INTO players (id, event_id, start_no, name, rating, birth_year, club, city, federation_id, first_round, withdrawn_from)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, []any{1, 1, 1, "Хуажев Аслан", 1900, 1990, "Нальчик", "Нальчик", "RUS-1", 1, 0}},
				{`INSERT INTO players (id, event_id, start_no, name, rating, birth_year, club, city, federation_id, first_round, withdrawn_from)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, []any{2, 1, 2, "Ёлкин Пётр", 1800, 1991, "", "Майкоп", "", 1, 3}},
				{"INSERT INTO rounds (id, event_id, number, status) VALUES (?, ?, ?, ?)", []any{1, 1, 1, "published"}},
				{`INSERT INTO games (id, round_id, board, white_id, black_id, end_reason, white_points, black_points, sheet, sheet_report, override_reason, version)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, []any{1, 1, 1, 1, 2, "final_position", 17, 7, "1. c3-d4 f6-e5", "", "", 2}},
				{`INSERT INTO audit_entries (id, event_id, at, user_id, user_email, action, subject, before, after, reason)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, []any{1, 1, created, 1, "arbiter@example.org", "result", "round 1 board 1", "", "17:7", ""}},
			} {
				if err := db.Exec(stmt.sql, stmt.args...).Error; err != nil {
					t.Fatalf("%s: %v", stmt.sql, err)
				}
			}
			if name == "postgres" {
				// Rows inserted with their IDs leave the sequences behind.
				for _, table := range []string{"users", "api_tokens", "events", "players", "rounds", "games", "audit_entries"} {
					if err := db.Exec("SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT max(id) FROM "+table+"))", table).Error; err != nil {
						t.Fatal(err)
					}
				}
			}
			if sqlDB, err := db.DB(); err == nil {
				sqlDB.Close()
			}

			st, err := store.Open(dsn)
			if err != nil {
				t.Fatalf("open the database of the first migration: %v", err)
			}
			defer st.Close()
			err = st.Accounts().View(context.Background(), func(tx account.Tx) error {
				_, u, err := tx.TokenByHash("tokenhash")
				if err != nil {
					return err
				}
				if u.Email != "arbiter@example.org" || u.Name != "Главный судья" || u.Role != tournament.ArbiterRole || !u.CreatedAt.Equal(created) {
					t.Errorf("user read back as %+v", u)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			err = st.View(context.Background(), func(tx tournament.Tx) error {
				e, err := tx.Event(1)
				if err != nil {
					return err
				}
				if e.Name != "Кубок Адыгеи" || e.Rounds != 3 || e.TimeControl.BaseMinutes != 30 || len(e.TieBreaks) != 2 || e.Arbiters[0] != "П. П. Петров" ||
					e.Status != tournament.Running || e.OwnerID != 1 || e.ForbidSameClub || e.Baku || e.BlackFirst {
					t.Errorf("event read back as %+v", e)
				}
				players, err := tx.Players(1)
				if err != nil {
					return err
				}
				if len(players) != 2 || players[0].Name != "Хуажев Аслан" || players[1].WithdrawnFrom != 3 || players[0].ByeRound != 0 || players[0].ByeKind != "" {
					t.Errorf("players read back as %+v", players)
				}
				// The players' sort names were filled in: a newcomer rated
				// 1800 named Ежов comes after Хуажев (1900) and before
				// Ёлкин (1800; ё sorts as е, and ж before л).
				if before, err := tx.CountNumberedBefore(&tournament.Player{EventID: 1, Name: "Ежов", Rating: 1800}); err != nil || before != 1 {
					t.Errorf("a newcomer's place: %d players before him, %v; want 1", before, err)
				}
				rounds, err := tx.Rounds(1)
				if err != nil {
					return err
				}
				if len(rounds) != 1 || len(rounds[0].Games) != 1 || rounds[0].Warnings != nil {
					t.Fatalf("rounds read back as %+v", rounds)
				}
				g := rounds[0].Games[0]
				if g.WhiteNo != 1 || g.BlackNo != 2 || g.Result == nil || g.Result.White != 17 || g.Version != 2 || g.Sheet != "1. c3-d4 f6-e5" {
					t.Errorf("game read back as %+v", g)
				}
				audit, err := tx.Audit(1)
				if err != nil {
					return err
				}
				if len(audit) != 1 || audit[0].After != "17:7" {
					t.Errorf("audit read back as %+v", audit)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			update(t, st, func(tx tournament.Tx) error {
				e, err := tx.Event(1)
				if err != nil {
					return err
				}
				e.Baku = true
				if err := tx.UpdateEvent(e); err != nil {
					return err
				}
				return tx.CreatePlayer(&tournament.Player{EventID: 1, StartNo: 3, Name: "Новый игрок", FirstRound: 2, ByeRound: 2, ByeKind: tournament.HalfByeRequest})
			})
			update(t, st, func(tx tournament.Tx) error {
				e, err := tx.Event(1)
				if err != nil {
					return err
				}
				players, err := tx.Players(1)
				if err != nil {
					return err
				}
				if !e.Baku || len(players) != 3 || players[2].ByeRound != 2 {
					t.Errorf("after writing: event %+v, players %+v", e, players)
				}
				return nil
			})
		})
	}
}

// TestConcurrentMigrations opens one fresh PostgreSQL schema from several
// goroutines at once, as instances starting together would: every open
// succeeds, and the schema is the one migrating alone gives.
func TestConcurrentMigrations(t *testing.T) {
	t.Parallel()
	dsn, ok := storetest.DSNs(t)["postgres"]
	if !ok {
		storetest.SkipWithoutPostgres(t)
	}
	const instances = 6
	stores := make(chan *store.Store, instances)
	errs := make(chan error, instances)
	for range instances {
		go func() {
			st, err := store.Open(dsn)
			if err != nil {
				errs <- err
				return
			}
			stores <- st
		}()
	}
	var first *store.Store
	for range instances {
		select {
		case err := <-errs:
			t.Errorf("open during a concurrent migration: %v", err)
		case st := <-stores:
			defer st.Close()
			first = st
		}
	}
	if first == nil {
		return
	}
	got, err := store.DescribeSchema(first)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "schema.postgres.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("schema after concurrent migrations differs:\n%s", lineDiff(string(want), got))
	}
}

// TestCompositionStatusMigration: composition events stored before their
// status followed the contest get the status their contest has reached.
func TestCompositionStatusMigration(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			exec, open := olderDatabase(t, dsn, "2026112294-sheets-required")
			at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
			// Events 1–4: entries open, judged, provisional, final; 5: a
			// finished tournament of games that is left alone.
			stages := map[int]string{1: "entries", 2: "entries", 3: "provisional", 4: "final"}
			for id := 1; id <= 5; id++ {
				discipline, status := "composition", "registration"
				if id == 5 {
					discipline, status = "standard", "finished"
				}
				olderEvent(exec, id, discipline, "", status)
				if stage, ok := stages[id]; ok {
					exec(`INSERT INTO composition_contests (event_id, sections, deadline, scale, aggregation, claim_days, stage, award) VALUES (?, '[]', ?, 4, 'mean', 7, ?, '[]')`, id, at, stage)
				}
			}
			exec(`INSERT INTO composition_works (id, event_id, code, section, author_id, position, side, stipulation, solution, comment, findings, submitted_at, updated_at, withdrawn, eliminated)
				VALUES (1, 2, '001', 'Задачи', 1, '', 'white', 'draw', '', '', '{}', ?, ?, false, '')`, at, at)
			exec(`INSERT INTO composition_marks (work_id, judge_id, event_id, mark, comment, at) VALUES (1, 1, 2, 3, '', ?)`, at)
			err := open().View(context.Background(), func(tx tournament.Tx) error {
				for id, want := range map[int64]tournament.EventStatus{1: tournament.Registration, 2: tournament.Running, 3: tournament.Running, 4: tournament.Finished, 5: tournament.Finished} {
					e, err := tx.Event(id)
					if err != nil {
						return err
					}
					if e.Status != want {
						t.Errorf("event %d is %s, want %s", id, e.Status, want)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Games that exist when the turn's cap is added get their section's cap, so
// their deadlines stay as they were counted.
func TestTurnMaxMoveMigration(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			exec, open := olderDatabase(t, dsn, "2026112296-repetition-from")
			at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
			// Event 1 caps a move at 20 days, event 2 has no settings row.
			for id := 1; id <= 2; id++ {
				olderEvent(exec, id, "correspondence", "50d/10", "running")
				exec(`INSERT INTO correspondence_games (id, event_id, round, board, white_id, black_id, status, position, to_move, ply, white_bank_ms, black_bank_ms,
					turn_start, deadline_ms, offer_by, offer_ply, end_reason, white_points, black_points, note, warned_ply, started_at, version, repetition_from)
					VALUES (?, ?, 1, 1, 1, 2, 'running', '', 0, 0, 0, 0, ?, 0, -1, 0, '', 0, 0, '', 0, ?, 1, 0)`, id, id, at, at)
			}
			exec(`INSERT INTO correspondence_settings (event_id, leave_days, max_move_days, start_position, start_side) VALUES (1, 30, 20, '', 0)`)
			err := open().Correspondence().View(context.Background(), func(tx correspondence.Tx) error {
				for id, want := range map[int64]int{1: 20, 2: 0} {
					games, err := tx.Games(id)
					if err != nil {
						return err
					}
					if len(games) != 1 || games[0].TurnMaxMoveDays != want {
						t.Errorf("event %d: games %+v, want one with the turn's cap %d", id, games, want)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestAnswerRulingMigration(t *testing.T) {
	t.Parallel()
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			exec, open := olderDatabase(t, dsn, "2026112297-turn-max-move")
			at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
			olderEvent(exec, 1, "composition", "", "running")
			exec(`INSERT INTO solving_answers (event_id, problem, user_id, text, sent_at, key_right, solved, fault, points) VALUES (1, 1, 1, 'd6:f8', ?, true, true, '', 5)`, at)
			err := open().Composition().Update(context.Background(), func(tx composition.Tx) error {
				a, err := tx.Answer(1, 1, 1)
				if err != nil {
					return err
				}
				if a == nil || a.Pending || a.Ruling != "" || !a.Right || a.Points != 5 {
					t.Errorf("the answer kept before the migration reads %+v, want it right, 5 points, not pending, not ruled", a)
					return nil
				}
				a.Pending, a.Ruling = true, "проверю вручную"
				if err := tx.SaveAnswer(a); err != nil {
					return err
				}
				if again, err := tx.Answer(1, 1, 1); err != nil || !again.Pending || again.Ruling != "проверю вручную" {
					t.Errorf("saved pending with a ruling, read back %+v, %v", again, err)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// olderEvent adds to a database of olderDatabase a public round robin of
// user 1, in the columns every migration since the first has kept.
func olderEvent(exec func(sql string, args ...any), id int, discipline, timeControl, status string) {
	exec(`INSERT INTO events (id, name, discipline, system, rounds, time_control, score_win, score_draw, score_loss, score_bye, score_forfeit_win,
		tie_breaks, start_date, end_date, venue, city, chief_arbiter, arbiters, status, visibility, manual_start_numbers, owner_id, created_at)
		VALUES (?, 'Турнир', ?, 'round-robin', 1, ?, 2, 1, 0, 0, 2, '', '', '', '', '', '', '[]', ?, 'public', false, 1, ?)`,
		id, discipline, timeControl, status, time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC))
}

// olderDatabase migrates a new database only up to migration and makes user
// 1, an arbiter. It returns how to fill it and how to open it then, which
// runs the migrations after that one.
func olderDatabase(t *testing.T, dsn, migration string) (exec func(sql string, args ...any), open func() *store.Store) {
	t.Helper()
	db, err := store.MigrateTo(dsn, migration)
	if err != nil {
		t.Fatal(err)
	}
	exec = func(sql string, args ...any) {
		t.Helper()
		if err := db.Exec(sql, args...).Error; err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	exec("INSERT INTO users (id, email, name, role, password_hash, locale, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
		1, "arbiter@example.org", "Судья", "arbiter", "hash", "ru", time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC))
	open = func() *store.Store {
		t.Helper()
		if sqlDB, err := db.DB(); err == nil {
			sqlDB.Close()
		}
		st, err := store.Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	return exec, open
}

// Notes stored by their English format before they had keys are stored by
// their key after the migration, a message among their arguments by its own
// format, and read as before in both languages; text that only looks like
// a note stays as it was, and a format no version wrote is kept as its
// English.
func TestNoteKeysMigration(t *testing.T) {
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			exec, open := olderDatabase(t, dsn, "2026112298-answer-ruling")
			at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
			olderEvent(exec, 1, "correspondence", "50d/10", "running")
			type row struct{ stored, want, ru, en string }
			audit := []row{
				{`{"note":"a list of %d players","args":[21]}`, `{"key":"note.players.list","args":[21]}`,
					"список из 21 участника", "a list of 21 players"},
				{`{"note":"%s (against the score sheet: %s)","args":["бланк испорчен",{"note":"the score sheet says the game ended by %s, but %s was entered","args":[{"reason":"loss_on_time"},{"reason":"agreement"}]}]}`,
					`{"key":"note.result.against_sheet","args":["бланк испорчен",{"key":"result.sheet.claimed_reason","args":[{"reason":"loss_on_time"},{"reason":"agreement"}]}]}`,
					"бланк испорчен (вопреки бланку: ", "бланк испорчен (against the score sheet: the score sheet says the game ended by loss on time, but agreement was entered)"},
				{`{"note":"round 1 paired"}`, `{"key":"note.event.first_round_paired"}`, "проведена жеребьёвка 1-го тура", "round 1 paired"},
				{`{"note": уточнили город`, `{"note": уточнили город`, `{"note": уточнили город`, `{"note": уточнили город`},
				{`{"note":"%d boards moved to %s","args":[3,{"side":"black"}]}`, "3 boards moved to black", "3 boards moved to black", "3 boards moved to black"},
			}
			for i, r := range audit {
				exec(`INSERT INTO audit_entries (id, event_id, at, user_id, user_email, action, subject, before, after, reason) VALUES (?, 1, ?, 1, 'arbiter@example.org', 'player.create', 'player 1', '', '', ?)`,
					i+1, at, r.stored)
			}
			game := row{`{"note":"Black's time ran out at %s","args":["2026-12-11 15:00 MSK"]}`, `{"key":"note.game.time_out.black","args":["2026-12-11 15:00 MSK"]}`,
				"у чёрных истёк контрольный срок: 2026-12-11 15:00 MSK", "Black's time ran out at 2026-12-11 15:00 MSK"}
			exec(`INSERT INTO correspondence_games (id, event_id, round, board, white_id, black_id, status, position, to_move, ply, white_bank_ms, black_bank_ms,
				turn_start, deadline_ms, offer_by, offer_ply, end_reason, white_points, black_points, note, warned_ply, started_at, version, repetition_from, turn_max_move)
				VALUES (1, 1, 1, 1, 1, 2, 'finished', '', 1, 0, 0, 0, ?, 0, -1, 0, 'loss_on_time', 24, 0, ?, 0, ?, 1, 0, 0)`, at, game.stored, at)

			st := open()
			check := func(what string, got string, r row) {
				t.Helper()
				if got != r.want {
					t.Errorf("%s: stored as %s, want %s", what, got, r.want)
				}
				m := tournament.NoteMessage(got)
				if ru := catalog.For(catalog.Russian).Message(m); !strings.HasPrefix(ru, r.ru) {
					t.Errorf("%s reads %q in Russian, want %q", what, ru, r.ru)
				}
				if en := catalog.For(catalog.English).Message(m); en != r.en {
					t.Errorf("%s reads %q in English, want %q", what, en, r.en)
				}
			}
			err := st.View(context.Background(), func(tx tournament.Tx) error {
				entries, err := tx.Audit(1)
				if err != nil {
					return err
				}
				if len(entries) != len(audit) {
					t.Fatalf("%d audit entries, want %d", len(entries), len(audit))
				}
				for i, e := range entries {
					check(fmt.Sprintf("audit entry %d", e.ID), e.Reason, audit[i])
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			err = st.Correspondence().View(context.Background(), func(tx correspondence.Tx) error {
				games, err := tx.Games(1)
				if err != nil || len(games) != 1 {
					t.Fatalf("games %+v, %v", games, err)
				}
				check("the game's note", games[0].Note, game)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// Migration 20261125221000 keeps the rules' messages in stored rows by key:
// a message quoted in a note, and a game's sheet report, whose problems
// were stored as English words and take their details from the sheet
// checked again. Both then read in each language.
func TestMessageKeysMigration(t *testing.T) {
	for name, dsn := range storetest.DSNs(t) {
		t.Run(name, func(t *testing.T) {
			exec, open := olderDatabase(t, dsn, "20261125193804-live-clock")
			at := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
			olderEvent(exec, 1, "standard", "30+30", "running")
			for no, name := range []string{"Хуажев Аслан", "Ёлкин Пётр"} {
				exec(`INSERT INTO players (id, event_id, start_no, name, rating, birth_year, club, city, federation_id, first_round, withdrawn_from)
					VALUES (?, 1, ?, ?, 0, 0, '', '', '', 1, 0)`, no+1, no+1, name)
			}
			exec("INSERT INTO rounds (id, event_id, number, status) VALUES (1, 1, 1, 'published')")
			// An illegal second move of White (ply 3), stored as the
			// versions before this one stored it, and a problem the sheet
			// no longer has, which keeps its words.
			report := `{"Valid":false,"Errors":[{"Line":1,"Ply":3,"MoveNo":2,"Message":"g3-e5 is not a legal move for white"},` +
				`{"Line":9,"Ply":0,"MoveNo":0,"Message":"an old problem"}],"FinalReached":false,"FinalScore":"","ClaimedScore":"","ClaimedReason":""}`
			exec(`INSERT INTO games (id, round_id, board, white_id, black_id, end_reason, white_points, black_points, sheet, sheet_report, override_reason, version)
				VALUES (1, 1, 1, 1, 2, 'resignation', 24, 0, '1. c3-b4 b6-c5 2. g3-e5', ?, 'бланк испорчен', 2)`, report)
			note := `{"key":"note.result.against_sheet","args":["бланк испорчен",{"format":"the score sheet is not valid at line %d, move %d (ply %d): %s","args":[1,2,3,` +
				`{"format":"%s is not a legal move for %s","args":["g3-e5",{"side":"white"}]}]}]}`
			exec(`INSERT INTO audit_entries (id, event_id, at, user_id, user_email, action, subject, before, after, reason)
				VALUES (1, 1, ?, 1, 'arbiter@example.org', 'result.override', 'round 1 board 1', '', '24:0', ?)`, at, note)

			st := open()
			err := st.View(context.Background(), func(tx tournament.Tx) error {
				entries, err := tx.Audit(1)
				if err != nil || len(entries) != 1 {
					t.Fatalf("audit %+v, %v", entries, err)
				}
				want := `{"key":"note.result.against_sheet","args":["бланк испорчен",{"key":"result.sheet.invalid_at_move","args":[1,2,3,{"key":"rules.move.not_legal","args":["g3-e5",{"side":"white"}]}]}]}`
				if got := entries[0].Reason; got != want {
					t.Errorf("the note is stored as %s, want %s", got, want)
				}
				m := tournament.NoteMessage(entries[0].Reason)
				if en := catalog.For(catalog.English).Message(m); en != "бланк испорчен (against the score sheet: the score sheet is not valid at line 1, move 2 (ply 3): g3-e5 is not a legal move for white)" {
					t.Errorf("the note reads %q in English", en)
				}
				if ru := catalog.For(catalog.Russian).Message(m); !strings.Contains(ru, "g3-e5") || strings.Contains(ru, "legal move") {
					t.Errorf("the note reads %q in Russian", ru)
				}

				rounds, err := tx.Rounds(1)
				if err != nil || len(rounds) != 1 || len(rounds[0].Games) != 1 {
					t.Fatalf("rounds %+v, %v", rounds, err)
				}
				rep := rounds[0].Games[0].SheetReport
				if rep == nil || len(rep.Errors) != 2 {
					t.Fatalf("sheet report %+v", rep)
				}
				moved, kept := rep.Errors[0], rep.Errors[1]
				if moved.Detail.Format != "%s is not a legal move for %s" || moved.Ply != 3 || moved.MoveNo != 2 || moved.Line != 1 {
					t.Errorf("the sheet's problem reads back as %+v, want its detail", moved)
				}
				if en := catalog.For(catalog.English).Message(moved.Detail); en != "g3-e5 is not a legal move for white" {
					t.Errorf("the sheet's problem reads %q in English", en)
				}
				if ru := catalog.For(catalog.Russian).Message(moved.Detail); !strings.Contains(ru, "g3-e5") || strings.Contains(ru, "legal move") {
					t.Errorf("the sheet's problem reads %q in Russian", ru)
				}
				if kept.Message != "an old problem" || kept.Detail.Format != "" || kept.Line != 9 {
					t.Errorf("the problem the sheet no longer has reads back as %+v, want its words", kept)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
