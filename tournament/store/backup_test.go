package store_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/store"
)

// TestBackupRoundTripWhileWriting backs up an SQLite database three times
// while another goroutine keeps writing to it (each write a player and its
// audit entry in one transaction), restores each backup into a new file and
// opens it: every backup holds whole transactions only — as many audit
// entries as players, numbered without gaps — and never more than was
// written.
func TestBackupRoundTripWhileWriting(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	st, err := store.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	u, e := seedEvent(t, st)

	ctx, stop := context.WithCancel(context.Background())
	var written atomic.Int64
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for n := 1; ctx.Err() == nil; n++ {
			err := st.Update(context.Background(), func(tx tournament.Tx) error {
				p := &tournament.Player{EventID: e.ID, StartNo: n, Name: fmt.Sprintf("Игрок %d", n), FirstRound: 1}
				if err := tx.CreatePlayer(p); err != nil {
					return err
				}
				return tx.AddAudit(&tournament.AuditEntry{EventID: e.ID, At: time.Now(), UserID: u.ID, UserEmail: u.Email, Action: "player", Subject: p.Name})
			})
			if err != nil {
				t.Error(err)
				return
			}
			written.Store(int64(n))
		}
	}()
	for i := range 3 {
		for written.Load() < int64(10*(i+1)) {
			time.Sleep(time.Millisecond)
		}
		backup := filepath.Join(dir, fmt.Sprintf("backup%d.db", i))
		if err := store.Backup(context.Background(), live, backup); err != nil {
			t.Fatal(err)
		}
		after := written.Load()
		restored := filepath.Join(dir, fmt.Sprintf("restored%d.db", i))
		if err := store.Restore(context.Background(), backup, restored, false); err != nil {
			t.Fatal(err)
		}
		copied, err := store.Open(restored)
		if err != nil {
			t.Fatal(err)
		}
		err = copied.View(context.Background(), func(tx tournament.Tx) error {
			players, err := tx.Players(e.ID)
			if err != nil {
				return err
			}
			audit, err := tx.Audit(e.ID)
			if err != nil {
				return err
			}
			if len(players) < 10*(i+1) || int64(len(players)) > after+1 || len(audit) != len(players) {
				t.Errorf("backup %d: %d players and %d audit entries; want as many of each, at least %d and at most %d", i, len(players), len(audit), 10*(i+1), after+1)
			}
			for k, p := range players {
				if p.StartNo != k+1 || p.Name != fmt.Sprintf("Игрок %d", k+1) {
					t.Errorf("backup %d: player %d is %+v", i, k+1, p)
					break
				}
			}
			return nil
		})
		copied.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	stop()
	wg.Wait()
}

func TestBackupRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	st, err := store.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	ctx := context.Background()
	backup := filepath.Join(dir, "backup.db")
	if err := store.Backup(ctx, live, backup); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"backup over a file", store.Backup(ctx, live, backup), "already exists"},
		{"backup of a missing database", store.Backup(ctx, filepath.Join(dir, "none.db"), filepath.Join(dir, "b2.db")), "no database"},
		{"restore over a database", store.Restore(ctx, backup, live, false), "--force"},
		{"restore of a missing backup", store.Restore(ctx, filepath.Join(dir, "none.db"), filepath.Join(dir, "new.db"), false), "no backup"},
		{"backup of PostgreSQL", store.Backup(ctx, "postgres://db.example.org/adiukh", backup), "pg_dump"},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, tc.err, tc.want)
		}
	}
	// A database a server (or any program) has open is not replaced.
	open, err := store.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Restore(ctx, backup, live, true); err == nil || !strings.Contains(err.Error(), "stop it, then restore") {
		t.Errorf("restore over an open database: %v, want a refusal", err)
	}
	open.Close()
	if err := store.Restore(ctx, backup, live, true); err != nil {
		t.Errorf("restore with replace: %v", err)
	}
	if err := store.Backup(ctx, "postgres://x", backup); !errors.Is(err, store.ErrPostgresBackup) {
		t.Errorf("PostgreSQL backup: %v", err)
	}
	// A backup into a folder that is not there names the folder, as a
	// missing file is named, so that the command says it in its language.
	missing := filepath.Join(dir, "no-such-folder")
	var pathErr *fs.PathError
	if err := store.Backup(ctx, live, filepath.Join(missing, "b.db")); !errors.As(err, &pathErr) || !errors.Is(err, fs.ErrNotExist) || pathErr.Path != missing {
		t.Errorf("backup into a missing folder: %v, want the folder %s named as missing", err, missing)
	}
}

// Second security pass, finding H: the database, its write-ahead log and
// shared memory, every backup and a restored database are created readable
// by their owner alone, whatever the umask: they hold the password hashes,
// the token hashes and the key that signs sessions.
func TestDatabaseFilesAreTheOwnersAlone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "adiukh.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	seedEvent(t, st)
	backup := filepath.Join(dir, "backup.db")
	if err := store.Backup(context.Background(), path, backup); err != nil {
		t.Fatal(err)
	}
	private := func(name string) {
		t.Helper()
		info, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if mode := info.Mode().Perm(); mode != 0o600 {
			t.Errorf("%s has mode %o, want 600", filepath.Base(name), mode)
		}
	}
	for _, name := range []string{path, path + "-wal", path + "-shm", backup} {
		private(name)
	}
	st.Close()
	restored := filepath.Join(dir, "restored.db")
	if err := store.Restore(context.Background(), backup, restored, false); err != nil {
		t.Fatal(err)
	}
	private(restored)
}
