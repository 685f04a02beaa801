package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"adiukh/tournament/playoff"
)

// playoffRow is a play-off of an event's tie (tournament/playoff), by its
// own event; EventID is the parent's, so that a play-off's row is its
// parent's data (raiseVersions).
type playoffRow struct {
	PlayoffEventID int64 `gorm:"primaryKey;autoIncrement:false"`
	EventID        int64 `gorm:"not null;index"`
	PlaceFrom      int   `gorm:"not null"`
	PlaceTo        int   `gorm:"not null"`
	Games          int   `gorm:"not null"`
	// Players: JSON of []playoff.Seat.
	Players   string    `gorm:"type:text;not null"`
	CreatedAt time.Time `gorm:"not null"`
}

func (playoffRow) TableName() string { return "playoffs" }

var _ playoff.Tx = (*tx)(nil)

func (t *tx) CreatePlayoff(p *playoff.Playoff) error {
	seats, err := json.Marshal(p.Seats)
	if err != nil {
		return err
	}
	row := playoffRow{PlayoffEventID: p.EventID, EventID: p.ParentID, PlaceFrom: p.From, PlaceTo: p.To, Games: p.Games, Players: string(seats), CreatedAt: p.CreatedAt.UTC()}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("store the play-off of event %d: %w", p.ParentID, err)
	}
	return nil
}

func (t *tx) Playoffs(parentID int64) ([]playoff.Playoff, error) {
	var rows []playoffRow
	if err := t.db.Where("event_id = ?", parentID).Order("created_at, playoff_event_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the play-offs of event %d: %w", parentID, err)
	}
	out := make([]playoff.Playoff, len(rows))
	for i, r := range rows {
		out[i] = playoff.Playoff{EventID: r.PlayoffEventID, ParentID: r.EventID, From: r.PlaceFrom, To: r.PlaceTo, Games: r.Games, CreatedAt: r.CreatedAt.UTC()}
		if err := json.Unmarshal([]byte(r.Players), &out[i].Seats); err != nil {
			return nil, fmt.Errorf("play-off event %d: stored players: %w", r.PlayoffEventID, err)
		}
	}
	return out, nil
}

// Playoffs is the store of play-offs (tournament/playoff).
func (s *Store) Playoffs() playoff.Store { return playoffStore{s} }

type playoffStore struct{ s *Store }

func (p playoffStore) Update(ctx context.Context, fn func(tx playoff.Tx) error) error {
	return p.s.run(ctx, p.s.db, nil, func(t *tx) error { return fn(t) })
}

func (p playoffStore) View(ctx context.Context, fn func(tx playoff.Tx) error) error {
	return p.s.run(ctx, p.s.read, p.s.viewOptions(), func(t *tx) error { return fn(t) })
}
