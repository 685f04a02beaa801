package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"adiukh/tournament/prizelist"
	"adiukh/tournament/prizes"
)

// prizeListRow is an event's prize list (prizelist.PrizeTx), created by
// migration 20261127051113-event-prizes; the prizes are kept as JSON, read
// and written whole.
type prizeListRow struct {
	EventID      int64 `gorm:"primaryKey;autoIncrement:false"`
	Ties         string
	OnePerPlayer bool
	Prizes       string
	SetAt        time.Time
}

func (prizeListRow) TableName() string { return "event_prizes" }

// PrizeLists is the store of the events' prize lists (tournament/prizelist).
func (s *Store) PrizeLists() prizelist.Store { return prizeListStore{s} }

type prizeListStore struct{ s *Store }

func (m prizeListStore) Update(ctx context.Context, fn func(tx prizelist.Tx) error) error {
	return m.s.run(ctx, m.s.db, nil, func(t *tx) error { return fn(t) })
}

func (m prizeListStore) View(ctx context.Context, fn func(tx prizelist.Tx) error) error {
	return m.s.run(ctx, m.s.read, m.s.viewOptions(), func(t *tx) error { return fn(t) })
}

var _ prizelist.Tx = (*tx)(nil)

func (t *tx) PrizeList(eventID int64) (*prizelist.List, error) {
	var row prizeListRow
	err := t.db.Where("event_id = ?", eventID).First(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the prize list of event %d: %w", eventID, err)
	}
	l := &prizelist.List{EventID: row.EventID, Ties: prizes.Rule(row.Ties), OnePerPlayer: row.OnePerPlayer, SetAt: row.SetAt.UTC()}
	if err := json.Unmarshal([]byte(row.Prizes), &l.Prizes); err != nil {
		return nil, fmt.Errorf("read the prizes of event %d: %w", eventID, err)
	}
	return l, nil
}

func (t *tx) SetPrizeList(l *prizelist.List) error {
	raw, err := json.Marshal(l.Prizes)
	if err != nil {
		return err
	}
	row := prizeListRow{EventID: l.EventID, Ties: string(l.Ties), OnePerPlayer: l.OnePerPlayer, Prizes: string(raw), SetAt: l.SetAt.UTC()}
	if err := t.db.Save(&row).Error; err != nil {
		return fmt.Errorf("store the prize list of event %d: %w", l.EventID, err)
	}
	return nil
}

func (t *tx) DeletePrizeList(eventID int64) error {
	if err := t.db.Where("event_id = ?", eventID).Delete(&prizeListRow{}).Error; err != nil {
		return fmt.Errorf("remove the prize list of event %d: %w", eventID, err)
	}
	return nil
}
