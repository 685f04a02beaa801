package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"adiukh/tournament"
)

// noticeRow is a notice in an account's inbox on the site
// (tournament.InboxTx), created by migration 20261126125500-notices. Args
// are the notice's name, value pairs as a JSON array.
type noticeRow struct {
	ID        int64     `gorm:"primaryKey"`
	UserID    int64     `gorm:"not null;index"`
	User      userRow   `gorm:"constraint:OnDelete:CASCADE"`
	EventID   int64     `gorm:"not null"`
	Kind      string    `gorm:"size:64;not null"`
	Args      string    `gorm:"type:text;not null"`
	CreatedAt time.Time `gorm:"not null"`
	Read      bool      `gorm:"not null"`
}

func (noticeRow) TableName() string { return "notices" }

var _ tournament.InboxTx = (*tx)(nil)

func (t *tx) AddNotices(at time.Time, ns []tournament.Notice) error {
	rows := make([]noticeRow, len(ns))
	for i, n := range ns {
		args, err := json.Marshal(n.Args)
		if err != nil {
			return fmt.Errorf("keep a notice %s: %w", n.Kind, err)
		}
		rows[i] = noticeRow{UserID: n.UserID, EventID: n.EventID, Kind: n.Kind, Args: string(args), CreatedAt: at.UTC()}
	}
	if err := t.db.Omit("User").Create(&rows).Error; err != nil {
		return fmt.Errorf("keep notices: %w", err)
	}
	return nil
}

func (t *tx) Inbox(userID int64, limit int) ([]tournament.KeptNotice, error) {
	var rows []noticeRow
	if err := t.db.Where("user_id = ?", userID).Order("id DESC").Limit(limit).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the inbox of user %d: %w", userID, err)
	}
	out := make([]tournament.KeptNotice, len(rows))
	for i, r := range rows {
		out[i] = tournament.KeptNotice{ID: r.ID, Notice: tournament.Notice{UserID: r.UserID, EventID: r.EventID, Kind: r.Kind},
			At: r.CreatedAt.UTC(), Read: r.Read}
		// Numbers come back as written (a round "3", not 3.0).
		dec := json.NewDecoder(bytes.NewReader([]byte(r.Args)))
		dec.UseNumber()
		if err := dec.Decode(&out[i].Args); err != nil {
			return nil, fmt.Errorf("notice %d: %w", r.ID, err)
		}
	}
	return out, nil
}

func (t *tx) MarkNoticesRead(userID int64, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	if err := t.db.Model(&noticeRow{}).Where("user_id = ? AND id IN ?", userID, ids).Update("read", true).Error; err != nil {
		return fmt.Errorf("mark notices read: %w", err)
	}
	return nil
}
