package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"adiukh/tournament/account"
)

// The live rows of the sign-in limits (migrations 2026112293 and
// 20261125064752-account-audit).

type signInPairRow struct {
	Key      string `gorm:"primaryKey"`
	Failures int
	NextAt   time.Time
	LastAt   time.Time
}

func (signInPairRow) TableName() string { return "signin_pairs" }

type signInFailureRow struct {
	ID      int64 `gorm:"primaryKey"`
	Kind    string
	Address string
	At      time.Time
}

func (signInFailureRow) TableName() string { return "signin_failures" }

// SignInLimits runs fn in a write transaction that is not a change of the
// data: it leaves the data version alone, so that sign-in attempts do not
// make the page cache throw its pages away.
func (s *Store) SignInLimits(ctx context.Context, fn func(tx account.LimitTx) error) error {
	return s.runUnversioned(ctx, func(t *tx) error { return fn(limitTx{t}) })
}

type limitTx struct{ *tx }

var _ account.LimitTx = limitTx{}

// Lock makes the attempts that lock one key wait for each other on every
// instance (PostgreSQL: a transaction advisory lock; SQLite's writes
// already run one at a time).
func (t limitTx) Lock(key string) error {
	if t.db.Dialector.Name() != "postgres" {
		return nil
	}
	return t.db.Exec("SELECT pg_advisory_xact_lock(hashtext(?))", "adiukh sign-in "+key).Error
}

func (t limitTx) Pair(key string) (*account.Backoff, error) {
	var r signInPairRow
	err := t.db.Take(&r, "key = ?", key).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read a sign-in pair: %w", err)
	}
	return &account.Backoff{Failures: r.Failures, Next: r.NextAt.UTC(), Last: r.LastAt.UTC()}, nil
}

func (t limitTx) SavePair(key string, b *account.Backoff) error {
	r := signInPairRow{Key: key, Failures: b.Failures, NextAt: b.Next.UTC(), LastAt: b.Last.UTC()}
	if err := t.db.Save(&r).Error; err != nil {
		return fmt.Errorf("save a sign-in pair: %w", err)
	}
	return nil
}

func (t limitTx) DeletePair(key string) error {
	return t.db.Where("key = ?", key).Delete(&signInPairRow{}).Error
}

func (t limitTx) Failures(kind, addr string, since time.Time) (int, time.Time, error) {
	recent := func() *gorm.DB {
		return t.db.Model(&signInFailureRow{}).Where("kind = ? AND address = ? AND at > ?", kind, addr, since.UTC())
	}
	var n int64
	if err := recent().Count(&n).Error; err != nil {
		return 0, time.Time{}, fmt.Errorf("count the sign-in failures of an address: %w", err)
	}
	if n == 0 {
		return 0, time.Time{}, nil
	}
	var oldest signInFailureRow
	if err := recent().Order("at").Take(&oldest).Error; err != nil {
		return 0, time.Time{}, fmt.Errorf("read the sign-in failures of an address: %w", err)
	}
	return int(n), oldest.At.UTC(), nil
}

func (t limitTx) AddFailure(kind, addr string, at time.Time) (int64, error) {
	r := signInFailureRow{Kind: kind, Address: addr, At: at.UTC()}
	if err := t.db.Create(&r).Error; err != nil {
		return 0, fmt.Errorf("count a sign-in failure: %w", err)
	}
	return r.ID, nil
}

func (t limitTx) DeleteFailure(id int64) error {
	return t.db.Delete(&signInFailureRow{}, id).Error
}

func (t limitTx) Sweep(pairsBefore, failuresBefore time.Time) error {
	if err := t.db.Where("last_at < ?", pairsBefore.UTC()).Delete(&signInPairRow{}).Error; err != nil {
		return err
	}
	return t.db.Where("at < ?", failuresBefore.UTC()).Delete(&signInFailureRow{}).Error
}
