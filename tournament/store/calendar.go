package store

import (
	"fmt"
	"time"

	"gorm.io/gorm/clause"

	"adiukh/tournament/entries"
)

// calendarTokenRow is the hash of an account's personal calendar feed
// token (entries.FeedTx), created by migration
// 20261125222234-calendar-tokens.
type calendarTokenRow struct {
	UserID    int64     `gorm:"primaryKey;autoIncrement:false"`
	Hash      string    `gorm:"size:64;not null;uniqueIndex"`
	CreatedAt time.Time `gorm:"not null"`
}

func (calendarTokenRow) TableName() string { return "calendar_tokens" }

var _ entries.FeedTx = (*tx)(nil)

func (t *tx) SetFeedToken(userID int64, hash string, at time.Time) error {
	row := calendarTokenRow{UserID: userID, Hash: hash, CreatedAt: at.UTC()}
	err := t.db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "user_id"}}, DoUpdates: clause.AssignmentColumns([]string{"hash", "created_at"})}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("keep the calendar token of user %d: %w", userID, err)
	}
	return nil
}

func (t *tx) DeleteFeedToken(userID int64) error {
	if err := t.db.Where("user_id = ?", userID).Delete(&calendarTokenRow{}).Error; err != nil {
		return fmt.Errorf("revoke the calendar token of user %d: %w", userID, err)
	}
	return nil
}

func (t *tx) FeedTokenUser(hash string) (int64, error) {
	var row calendarTokenRow
	if err := t.db.Where("hash = ?", hash).First(&row).Error; err != nil {
		return 0, notFound(err, "no calendar has this address; make a new one on your account page")
	}
	return row.UserID, nil
}

func (t *tx) FeedTokenMade(userID int64) (time.Time, error) {
	var rows []calendarTokenRow
	if err := t.db.Where("user_id = ?", userID).Limit(1).Find(&rows).Error; err != nil {
		return time.Time{}, fmt.Errorf("read the calendar token of user %d: %w", userID, err)
	}
	if len(rows) == 0 {
		return time.Time{}, nil
	}
	return rows[0].CreatedAt.UTC(), nil
}
