package store

import (
	"fmt"
	"time"

	"gorm.io/gorm/clause"

	"adiukh/tournament"
	"adiukh/tournament/account"
)

// webSessionRow is a web sign-in (see tournament.AccountTx), created by
// migration 2026112230-sessions.
type webSessionRow struct {
	ID        int64   `gorm:"primaryKey"`
	Hash      string  `gorm:"size:64;not null;uniqueIndex"`
	UserID    int64   `gorm:"not null;index"`
	User      userRow `gorm:"constraint:OnDelete:CASCADE"`
	CreatedAt time.Time
	ExpiresAt time.Time `gorm:"not null;index"`
}

func (webSessionRow) TableName() string { return "web_sessions" }

func (t accountTx) CreateSession(s *account.Session) error {
	row := webSessionRow{Hash: s.Hash, UserID: s.UserID, CreatedAt: s.CreatedAt, ExpiresAt: s.ExpiresAt}
	if err := t.db.Omit("User").Create(&row).Error; err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	s.ID = row.ID
	return nil
}

func (t accountTx) SessionByHash(hash string) (*account.Session, *tournament.User, error) {
	var row webSessionRow
	if err := t.db.Preload("User").Where("hash = ?", hash).First(&row).Error; err != nil {
		return nil, nil, notFound(err, "no such session")
	}
	s := &account.Session{ID: row.ID, UserID: row.UserID, Hash: row.Hash, CreatedAt: row.CreatedAt, ExpiresAt: row.ExpiresAt}
	return s, rowToUser(&row.User), nil
}

func (t accountTx) DeleteSession(hash string) error {
	if err := t.db.Where("hash = ?", hash).Delete(&webSessionRow{}).Error; err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

func (t accountTx) DeleteSessions(userID int64, expiredBy time.Time) (int64, error) {
	q := t.db.Where("user_id = ?", userID)
	if !expiredBy.IsZero() {
		q = q.Where("expires_at <= ?", expiredBy)
	}
	res := q.Delete(&webSessionRow{})
	if res.Error != nil {
		return 0, fmt.Errorf("delete sessions of user %d: %w", userID, res.Error)
	}
	return res.RowsAffected, nil
}

func (t accountTx) Sessions(userID int64) ([]account.Session, error) {
	var rows []webSessionRow
	if err := t.db.Where("user_id = ?", userID).Order("created_at DESC, id DESC").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("list sessions of user %d: %w", userID, err)
	}
	out := make([]account.Session, len(rows))
	for i, r := range rows {
		out[i] = account.Session{ID: r.ID, UserID: r.UserID, Hash: r.Hash, CreatedAt: r.CreatedAt, ExpiresAt: r.ExpiresAt}
	}
	return out, nil
}

func (t accountTx) DeleteSessionByID(userID, id int64) error {
	res := t.db.Where("user_id = ? AND id = ?", userID, id).Delete(&webSessionRow{})
	if res.Error != nil {
		return fmt.Errorf("delete session %d: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return tournament.NotFound("sign-in %d not found", id)
	}
	return nil
}

func (t accountTx) Tokens(userID int64) ([]account.Token, error) {
	var rows []tokenRow
	if err := t.db.Where("user_id = ?", userID).Order("created_at DESC, id DESC").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("list tokens of user %d: %w", userID, err)
	}
	tokens := make([]account.Token, len(rows))
	for i := range rows {
		tokens[i] = *rowToToken(&rows[i])
	}
	return tokens, nil
}

func (t accountTx) Token(id int64) (*account.Token, error) {
	var row tokenRow
	if err := t.db.Where("id = ?", id).First(&row).Error; err != nil {
		return nil, notFound(err, "token %d not found", id)
	}
	return rowToToken(&row), nil
}

func (t accountTx) DeleteToken(id int64) error {
	if err := t.db.Where("id = ?", id).Delete(&tokenRow{}).Error; err != nil {
		return fmt.Errorf("delete token %d: %w", id, err)
	}
	return nil
}

func (t accountTx) SetPasswordHash(userID int64, hash string) error {
	if err := t.db.Model(&userRow{}).Where("id = ?", userID).Update("password_hash", hash).Error; err != nil {
		return fmt.Errorf("set password of user %d: %w", userID, err)
	}
	return nil
}

func (t *tx) SetUserDetails(u *tournament.User) error {
	err := t.db.Model(&userRow{}).Where("id = ?", u.ID).Updates(map[string]any{"name": u.Name, "surname": u.Surname,
		"given_names": u.GivenNames, "patronymic": u.Patronymic, "sex": u.Sex}).Error
	if err != nil {
		return fmt.Errorf("set the name of user %d: %w", u.ID, err)
	}
	return nil
}

func (t accountTx) AdminExists() (bool, error) {
	var n int64
	if err := t.db.Model(&userRow{}).Where("role = ?", string(tournament.Admin)).Limit(1).Count(&n).Error; err != nil {
		return false, fmt.Errorf("look for an administrator: %w", err)
	}
	return n > 0, nil
}

func (t *tx) UserByID(id int64) (*tournament.User, error) {
	var row userRow
	if err := t.db.First(&row, id).Error; err != nil {
		return nil, notFound(err, "account %d not found", id)
	}
	return rowToUser(&row), nil
}

func (t accountTx) Users() ([]tournament.User, error) {
	var rows []userRow
	if err := t.db.Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("list accounts: %w", err)
	}
	users := make([]tournament.User, len(rows))
	for i := range rows {
		users[i] = *rowToUser(&rows[i])
	}
	return users, nil
}

func (t accountTx) SetUserRole(userID int64, role tournament.Role) error {
	res := t.db.Model(&userRow{}).Where("id = ?", userID).Update("role", string(role))
	if res.Error != nil {
		return fmt.Errorf("set the role of user %d: %w", userID, res.Error)
	}
	if res.RowsAffected == 0 {
		return tournament.NotFound("account %d not found", userID)
	}
	return nil
}

// LockAdmins takes row locks on PostgreSQL, as LockEvent does; SQLite's
// write transactions already run one at a time.
func (t accountTx) LockAdmins() ([]int64, error) {
	q := t.db.Model(&userRow{}).Where("role = ?", string(tournament.Admin)).Order("id")
	if t.db.Dialector.Name() == "postgres" && !t.readOnly {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	var ids []int64
	if err := q.Pluck("id", &ids).Error; err != nil {
		return nil, fmt.Errorf("look for the administrators: %w", err)
	}
	return ids, nil
}
