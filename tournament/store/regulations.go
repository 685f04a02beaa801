package store

import (
	"fmt"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/entries"
)

// regulationsRow is an event's regulations (tournament.RegulationsTx),
// created by migration 20261125072653-regulations.
type regulationsRow struct {
	EventID    int64 `gorm:"primaryKey;autoIncrement:false"`
	FileName   string
	Content    []byte
	Size       int
	UploadedAt time.Time
}

func (regulationsRow) TableName() string { return "event_regulations" }

var _ entries.RegulationsTx = (*tx)(nil)

func (t *tx) SetRegulations(r *tournament.Regulations) error {
	row := regulationsRow{EventID: r.EventID, FileName: r.FileName, Content: r.Content, Size: len(r.Content), UploadedAt: r.UploadedAt.UTC()}
	if err := t.db.Save(&row).Error; err != nil {
		return fmt.Errorf("store the regulations of event %d: %w", r.EventID, err)
	}
	return nil
}

func (t *tx) Regulations(eventID int64, withContent bool) (*tournament.Regulations, error) {
	q := t.db.Where("event_id = ?", eventID)
	if !withContent {
		q = q.Omit("content")
	}
	var row regulationsRow
	if err := q.First(&row).Error; err != nil {
		return nil, notFound(err, "the event has no regulations")
	}
	return &tournament.Regulations{EventID: row.EventID, FileName: row.FileName, Content: row.Content, Size: row.Size, UploadedAt: row.UploadedAt.UTC()}, nil
}

func (t *tx) RegulationEvents() (map[int64]bool, error) {
	var ids []int64
	if err := t.db.Model(&regulationsRow{}).Pluck("event_id", &ids).Error; err != nil {
		return nil, fmt.Errorf("list the events with regulations: %w", err)
	}
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

func (t *tx) DeleteRegulations(eventID int64) error {
	if err := t.db.Where("event_id = ?", eventID).Delete(&regulationsRow{}).Error; err != nil {
		return fmt.Errorf("remove the regulations of event %d: %w", eventID, err)
	}
	return nil
}
