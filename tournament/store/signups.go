package store

import (
	"fmt"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/account"
)

// signUpRow is a sign-up waiting to become an account (tournament.SignUpTx),
// created by migration 20261125053444-signups.
type signUpRow struct {
	ID           int64  `gorm:"primaryKey"`
	Email        string `gorm:"size:254;not null;uniqueIndex"`
	Name         string `gorm:"size:200;not null"`
	Surname      string `gorm:"size:60;not null;default:''"`
	GivenNames   string `gorm:"size:80;not null;default:''"`
	Patronymic   string `gorm:"size:60;not null;default:''"`
	PasswordHash string `gorm:"size:200;not null"`
	Locale       string `gorm:"size:8;not null"`
	TokenHash    string `gorm:"size:64;not null;index"`
	ExpiresAt    *time.Time
	CreatedAt    time.Time
}

func (signUpRow) TableName() string { return "signups" }

func rowToSignUp(r *signUpRow) account.SignUp {
	return account.SignUp{ID: r.ID, Email: r.Email, Name: r.Name, Surname: r.Surname, GivenNames: r.GivenNames, Patronymic: r.Patronymic, PasswordHash: r.PasswordHash, Locale: r.Locale,
		TokenHash: r.TokenHash, ExpiresAt: fromOptional(r.ExpiresAt), CreatedAt: r.CreatedAt.UTC()}
}

func (t accountTx) CreateSignUp(s *account.SignUp) error {
	row := signUpRow{Email: s.Email, Name: s.Name, Surname: s.Surname, GivenNames: s.GivenNames, Patronymic: s.Patronymic, PasswordHash: s.PasswordHash, Locale: s.Locale, TokenHash: s.TokenHash,
		ExpiresAt: optionalTime(s.ExpiresAt), CreatedAt: s.CreatedAt.UTC()}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("store sign-up: %w", err)
	}
	s.ID = row.ID
	return nil
}

func (t *tx) signUp(where string, arg any) (*account.SignUp, error) {
	var rows []signUpRow
	if err := t.db.Where(where, arg).Limit(1).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read sign-up: %w", err)
	}
	if len(rows) == 0 {
		return nil, tournament.NotFound("no such sign-up")
	}
	s := rowToSignUp(&rows[0])
	return &s, nil
}

func (t accountTx) SignUpByToken(hash string) (*account.SignUp, error) {
	return t.signUp("token_hash = ? AND token_hash <> ''", hash)
}

func (t accountTx) SignUpByEmail(email string) (*account.SignUp, error) {
	return t.signUp("email = ?", email)
}

func (t accountTx) SignUps() ([]account.SignUp, error) {
	var rows []signUpRow
	if err := t.db.Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read sign-ups: %w", err)
	}
	out := make([]account.SignUp, len(rows))
	for i := range rows {
		out[i] = rowToSignUp(&rows[i])
	}
	return out, nil
}

func (t accountTx) DeleteSignUp(id int64) error {
	if err := t.db.Delete(&signUpRow{}, id).Error; err != nil {
		return fmt.Errorf("delete sign-up %d: %w", id, err)
	}
	return nil
}

func (t accountTx) DeleteSignUpsExpiredBy(at time.Time) error {
	if err := t.db.Where("expires_at IS NOT NULL AND expires_at <= ?", at.UTC()).Delete(&signUpRow{}).Error; err != nil {
		return fmt.Errorf("delete expired sign-ups: %w", err)
	}
	return nil
}
