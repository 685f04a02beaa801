package store

import (
	"fmt"
	"time"

	"gorm.io/gorm/clause"

	"adiukh/tournament/entries"
)

// followRow is an event or player an account follows
// (entries.FollowTx), created by migration 20261125071742-follows.
type followRow struct {
	UserID    int64 `gorm:"primaryKey;autoIncrement:false"`
	EventID   int64 `gorm:"primaryKey;autoIncrement:false"`
	PlayerID  int64 `gorm:"primaryKey;autoIncrement:false"`
	CreatedAt time.Time
}

func (followRow) TableName() string { return "follows" }

var _ entries.FollowTx = (*tx)(nil)

func (t *tx) AddFollow(f *entries.Follow) error {
	row := followRow{UserID: f.UserID, EventID: f.EventID, PlayerID: f.PlayerID, CreatedAt: f.CreatedAt.UTC()}
	if err := t.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error; err != nil {
		return fmt.Errorf("follow: %w", err)
	}
	return nil
}

func (t *tx) DeleteFollow(userID, eventID, playerID int64) error {
	err := t.db.Where("user_id = ? AND event_id = ? AND player_id = ?", userID, eventID, playerID).Delete(&followRow{}).Error
	if err != nil {
		return fmt.Errorf("stop following: %w", err)
	}
	return nil
}

func (t *tx) Follows(userID int64) ([]entries.Follow, error) {
	var rows []followRow
	if err := t.db.Where("user_id = ?", userID).Order("created_at DESC, event_id DESC, player_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read follows of user %d: %w", userID, err)
	}
	out := make([]entries.Follow, len(rows))
	for i, r := range rows {
		out[i] = entries.Follow{UserID: r.UserID, EventID: r.EventID, PlayerID: r.PlayerID, CreatedAt: r.CreatedAt.UTC()}
	}
	return out, nil
}

func (t *tx) Followers(eventID int64) ([]int64, error) {
	var ids []int64
	if err := t.db.Model(&followRow{}).Distinct("user_id").Where("event_id = ?", eventID).Order("user_id").Pluck("user_id", &ids).Error; err != nil {
		return nil, fmt.Errorf("read the followers of event %d: %w", eventID, err)
	}
	return ids, nil
}

func (t *tx) LinkedPlayers(userID int64) ([]entries.PlayerLink, error) {
	var rows []playerAccountRow
	if err := t.db.Where("user_id = ?", userID).Order("event_id, player_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the players of user %d: %w", userID, err)
	}
	out := make([]entries.PlayerLink, len(rows))
	for i, r := range rows {
		out[i] = entries.PlayerLink{EventID: r.EventID, PlayerID: r.PlayerID}
	}
	return out, nil
}

func (t *tx) EntriesOf(userID int64) ([]entries.Entry, error) {
	var rows []entryRow
	if err := t.db.Where("user_id = ?", userID).Order("id DESC").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the entries of user %d: %w", userID, err)
	}
	out := make([]entries.Entry, len(rows))
	for i := range rows {
		out[i] = rowToEntry(&rows[i])
	}
	return out, nil
}
