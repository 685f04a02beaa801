package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"adiukh/tournament"
	"adiukh/tournament/checkin"
)

// The check-in's rows (tournament/checkin), created by migration
// 20261127051852-checkin.

type checkinSettingRow struct {
	EventID int64 `gorm:"primaryKey;autoIncrement:false"`
	Enabled bool
}

func (checkinSettingRow) TableName() string { return "checkin_settings" }

type checkinRoundRow struct {
	EventID  int64 `gorm:"primaryKey;autoIncrement:false"`
	Round    int   `gorm:"primaryKey;autoIncrement:false"`
	Deadline time.Time
}

func (checkinRoundRow) TableName() string { return "checkin_rounds" }

type checkinMarkRow struct {
	EventID    int64 `gorm:"primaryKey;autoIncrement:false"`
	Round      int   `gorm:"primaryKey;autoIncrement:false"`
	PlayerID   int64 `gorm:"primaryKey;autoIncrement:false"`
	Attendance string
	ByPlayer   bool
	MarkedAt   time.Time
}

func (checkinMarkRow) TableName() string { return "checkin_marks" }

// Checkin is the check-in's store.
func (s *Store) Checkin() checkin.Store { return checkinStore{s} }

type checkinStore struct{ s *Store }

func (m checkinStore) Update(ctx context.Context, fn func(tx checkin.Tx) error) error {
	return m.s.run(ctx, m.s.db, nil, func(t *tx) error { return fn(t) })
}

func (m checkinStore) View(ctx context.Context, fn func(tx checkin.Tx) error) error {
	return m.s.run(ctx, m.s.read, m.s.viewOptions(), func(t *tx) error { return fn(t) })
}

var _ checkin.Tx = (*tx)(nil)

func (t *tx) RoundPresence(eventID int64, n int) (bool, map[int64]tournament.Attendance, error) {
	var setting checkinSettingRow
	err := t.db.Where("event_id = ?", eventID).Take(&setting).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return false, nil, nil
	case err != nil:
		return false, nil, fmt.Errorf("read the check-in setting of event %d: %w", eventID, err)
	case !setting.Enabled:
		return false, nil, nil
	}
	var rows []checkinMarkRow
	if err := t.db.Where("event_id = ? AND round = ?", eventID, n).Find(&rows).Error; err != nil {
		return false, nil, fmt.Errorf("read the check-in of round %d of event %d: %w", n, eventID, err)
	}
	marks := make(map[int64]tournament.Attendance, len(rows))
	for _, r := range rows {
		marks[r.PlayerID] = tournament.Attendance(r.Attendance)
	}
	return true, marks, nil
}

func (t *tx) SetCheckin(eventID int64, on bool) error {
	if err := t.db.Save(&checkinSettingRow{EventID: eventID, Enabled: on}).Error; err != nil {
		return fmt.Errorf("store the check-in setting of event %d: %w", eventID, err)
	}
	return nil
}

func (t *tx) CheckinDeadline(eventID int64, n int) (time.Time, error) {
	var row checkinRoundRow
	err := t.db.Where("event_id = ? AND round = ?", eventID, n).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return time.Time{}, nil
	case err != nil:
		return time.Time{}, fmt.Errorf("read the check-in deadline of round %d of event %d: %w", n, eventID, err)
	}
	return row.Deadline.UTC(), nil
}

func (t *tx) SetCheckinDeadline(eventID int64, n int, at time.Time) error {
	var err error
	if at.IsZero() {
		err = t.db.Where("event_id = ? AND round = ?", eventID, n).Delete(&checkinRoundRow{}).Error
	} else {
		err = t.db.Save(&checkinRoundRow{EventID: eventID, Round: n, Deadline: at.UTC()}).Error
	}
	if err != nil {
		return fmt.Errorf("store the check-in deadline of round %d of event %d: %w", n, eventID, err)
	}
	return nil
}

func (t *tx) CheckinMarks(eventID int64, n int) ([]checkin.Mark, error) {
	var rows []checkinMarkRow
	if err := t.db.Where("event_id = ? AND round = ?", eventID, n).Order("player_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the check-in of round %d of event %d: %w", n, eventID, err)
	}
	marks := make([]checkin.Mark, len(rows))
	for i, r := range rows {
		marks[i] = checkin.Mark{EventID: r.EventID, Round: r.Round, PlayerID: r.PlayerID, Attendance: tournament.Attendance(r.Attendance), ByPlayer: r.ByPlayer, At: r.MarkedAt.UTC()}
	}
	return marks, nil
}

func (t *tx) SetCheckinMark(m checkin.Mark) error {
	row := checkinMarkRow{EventID: m.EventID, Round: m.Round, PlayerID: m.PlayerID, Attendance: string(m.Attendance), ByPlayer: m.ByPlayer, MarkedAt: m.At.UTC()}
	if err := t.db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&row).Error; err != nil {
		return fmt.Errorf("store the check-in of player %d in round %d: %w", m.PlayerID, m.Round, err)
	}
	return nil
}

func (t *tx) CheckinEvents(userID int64) ([]int64, error) {
	var ids []int64
	on := t.db.Model(&checkinSettingRow{}).Select("event_id").Where("enabled")
	if err := t.db.Model(&playerAccountRow{}).Distinct("event_id").Where("user_id = ? AND event_id IN (?)", userID, on).Order("event_id").Pluck("event_id", &ids).Error; err != nil {
		return nil, fmt.Errorf("read the events with check-in of user %d: %w", userID, err)
	}
	return ids, nil
}

func (t *tx) DeleteCheckinMark(eventID int64, n int, playerID int64) error {
	if err := t.db.Where("event_id = ? AND round = ? AND player_id = ?", eventID, n, playerID).Delete(&checkinMarkRow{}).Error; err != nil {
		return fmt.Errorf("take back the check-in of player %d in round %d: %w", playerID, n, err)
	}
	return nil
}
