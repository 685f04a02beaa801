package store

import (
	"context"
	"fmt"
	"time"

	"adiukh/tournament/account"
)

// Accounts returns the store of accounts, on the same database and in the
// same kind of transactions as the tournament store.
func (s *Store) Accounts() account.Store { return accountStore{s} }

type accountStore struct{ s *Store }

// Update and View run as the tournament store's do (see Store.Update and
// Store.View). An account change is a change of the data: names show on
// pages.
func (a accountStore) Update(ctx context.Context, fn func(tx account.Tx) error) error {
	return a.s.run(ctx, a.s.db, nil, func(t *tx) error { return fn(accountTx{t}) })
}

func (a accountStore) View(ctx context.Context, fn func(tx account.Tx) error) error {
	return a.s.run(ctx, a.s.read, a.s.viewOptions(), func(t *tx) error { return fn(accountTx{t}) })
}

// DataVersion lets the account service keep the sign-ins it verified
// while no write, the accounts' own records included, has come since (see
// Store.WriteVersion).
func (a accountStore) DataVersion(ctx context.Context) (int64, error) {
	return a.s.WriteVersion(ctx)
}

func (a accountStore) SignInLimits(ctx context.Context, fn func(tx account.LimitTx) error) error {
	return a.s.SignInLimits(ctx, fn)
}

// accountTx is a transaction of the account store: the users the
// tournament store reads as well, and the accounts' own records.
type accountTx struct{ *tx }

var _ account.Tx = accountTx{}

// accountAuditRow is an entry of the account audit log, created by
// migration 20261125064752-account-audit.
type accountAuditRow struct {
	ID         int64 `gorm:"primaryKey"`
	At         time.Time
	ActorID    int64
	ActorEmail string
	Action     string
	UserID     int64
	UserEmail  string
	Before     string
	After      string
}

func (accountAuditRow) TableName() string { return "account_audit" }

func (t accountTx) AddAuditEntry(a *account.AuditEntry) error {
	row := accountAuditRow{At: a.At.UTC(), ActorID: a.ActorID, ActorEmail: a.ActorEmail, Action: a.Action,
		UserID: a.UserID, UserEmail: a.UserEmail, Before: a.Before, After: a.After}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("add to the account audit log: %w", err)
	}
	a.ID = row.ID
	return nil
}

func (t accountTx) AuditEntries(before int64, limit int) ([]account.AuditEntry, error) {
	q := t.db.Order("id DESC").Limit(limit)
	if before > 0 {
		q = q.Where("id < ?", before)
	}
	var rows []accountAuditRow
	if err := q.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the account audit log: %w", err)
	}
	out := make([]account.AuditEntry, len(rows))
	for i, r := range rows {
		out[i] = account.AuditEntry{ID: r.ID, At: r.At.UTC(), ActorID: r.ActorID, ActorEmail: r.ActorEmail, Action: r.Action,
			UserID: r.UserID, UserEmail: r.UserEmail, Before: r.Before, After: r.After}
	}
	return out, nil
}

// passwordResetRow is a mailed password reset link, created by migration
// 20261125071431-password-resets.
type passwordResetRow struct {
	ID        int64 `gorm:"primaryKey"`
	UserID    int64
	TokenHash string
	ExpiresAt time.Time
	CreatedAt time.Time
}

func (passwordResetRow) TableName() string { return "password_resets" }

func (t accountTx) CreatePasswordReset(r *account.PasswordReset) error {
	row := passwordResetRow{UserID: r.UserID, TokenHash: r.TokenHash, ExpiresAt: r.ExpiresAt.UTC(), CreatedAt: r.CreatedAt.UTC()}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("store a password reset link: %w", err)
	}
	r.ID = row.ID
	return nil
}

func (t accountTx) PasswordResetByHash(hash string) (*account.PasswordReset, error) {
	var row passwordResetRow
	if err := t.db.Where("token_hash = ?", hash).First(&row).Error; err != nil {
		return nil, notFound(err, "no such password reset link")
	}
	return &account.PasswordReset{ID: row.ID, UserID: row.UserID, TokenHash: row.TokenHash, ExpiresAt: row.ExpiresAt.UTC(), CreatedAt: row.CreatedAt.UTC()}, nil
}

func (t accountTx) DeletePasswordResets(userID int64) error {
	if err := t.db.Where("user_id = ?", userID).Delete(&passwordResetRow{}).Error; err != nil {
		return fmt.Errorf("drop the password reset links of user %d: %w", userID, err)
	}
	return nil
}
