package store

import (
	"fmt"
	"slices"
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

// personFollowRow is a person of the register an account follows
// (entries.FollowTx), created by migration 20261125223233-person-follows.
type personFollowRow struct {
	UserID    int64     `gorm:"primaryKey;autoIncrement:false"`
	PersonID  int64     `gorm:"primaryKey;autoIncrement:false;index"`
	CreatedAt time.Time `gorm:"not null"`
}

func (personFollowRow) TableName() string { return "person_follows" }

var _ entries.FollowTx = (*tx)(nil)

func (t *tx) AddPersonFollow(userID, personID int64, at time.Time) error {
	row := personFollowRow{UserID: userID, PersonID: personID, CreatedAt: at.UTC()}
	if err := t.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error; err != nil {
		return fmt.Errorf("follow person %d: %w", personID, err)
	}
	return nil
}

func (t *tx) DeletePersonFollow(userID, personID int64) error {
	if err := t.db.Where("user_id = ? AND person_id = ?", userID, personID).Delete(&personFollowRow{}).Error; err != nil {
		return fmt.Errorf("stop following person %d: %w", personID, err)
	}
	return nil
}

func (t *tx) PersonFollows(userID int64) ([]entries.PersonFollow, error) {
	var rows []personFollowRow
	if err := t.db.Where("user_id = ?", userID).Order("created_at DESC, person_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the people user %d follows: %w", userID, err)
	}
	out := make([]entries.PersonFollow, len(rows))
	for i, r := range rows {
		out[i] = entries.PersonFollow{UserID: r.UserID, PersonID: r.PersonID, CreatedAt: r.CreatedAt.UTC()}
	}
	return out, nil
}

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
	var ids, people []int64
	if err := t.db.Model(&followRow{}).Distinct("user_id").Where("event_id = ?", eventID).Order("user_id").Pluck("user_id", &ids).Error; err != nil {
		return nil, fmt.Errorf("read the followers of event %d: %w", eventID, err)
	}
	players := t.db.Model(&playerRow{}).Select("person_id").Where("event_id = ? AND person_id <> 0", eventID)
	if err := t.db.Model(&personFollowRow{}).Distinct("user_id").Where("person_id IN (?)", players).Pluck("user_id", &people).Error; err != nil {
		return nil, fmt.Errorf("read the followers of the players of event %d: %w", eventID, err)
	}
	ids = append(ids, people...)
	slices.Sort(ids)
	return slices.Compact(ids), nil
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
