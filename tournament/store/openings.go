package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"adiukh/tournament"
	"adiukh/tournament/micromatch"
)

// eventOpeningsRow is an event's own table of openings (micromatch).
type eventOpeningsRow struct {
	EventID   int64     `gorm:"primaryKey;autoIncrement:false"`
	Content   string    `gorm:"type:text;not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

func (eventOpeningsRow) TableName() string { return "event_openings" }

func (t *tx) EventOpenings(eventID int64) ([]byte, error) {
	var row eventOpeningsRow
	err := t.db.Where("event_id = ?", eventID).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("read the openings of event %d: %w", eventID, err)
	}
	return []byte(row.Content), nil
}

func (t *tx) SetEventOpenings(eventID int64, content []byte, at time.Time) error {
	if content == nil {
		if err := t.db.Where("event_id = ?", eventID).Delete(&eventOpeningsRow{}).Error; err != nil {
			return fmt.Errorf("remove the openings of event %d: %w", eventID, err)
		}
		return nil
	}
	row := eventOpeningsRow{EventID: eventID, Content: string(content), UpdatedAt: at.UTC()}
	if err := t.db.Save(&row).Error; err != nil {
		return fmt.Errorf("store the openings of event %d: %w", eventID, err)
	}
	return nil
}

func openingsToText(os []tournament.DrawnOpening) (string, error) {
	if len(os) == 0 {
		return "", nil
	}
	b, err := json.Marshal(os)
	return string(b), err
}

func textToOpenings(s string) ([]tournament.DrawnOpening, error) {
	if s == "" {
		return nil, nil
	}
	var os []tournament.DrawnOpening
	err := json.Unmarshal([]byte(s), &os)
	return os, err
}

// MicroMatches is the store of micro-matches (tournament/micromatch).
func (s *Store) MicroMatches() micromatch.Store { return microStore{s} }

type microStore struct{ s *Store }

func (m microStore) Update(ctx context.Context, fn func(tx micromatch.Tx) error) error {
	return m.s.run(ctx, m.s.db, nil, func(t *tx) error { return fn(t) })
}

func (m microStore) View(ctx context.Context, fn func(tx micromatch.Tx) error) error {
	return m.s.run(ctx, m.s.read, m.s.viewOptions(), func(t *tx) error { return fn(t) })
}
