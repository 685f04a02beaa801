package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/clause"

	"adiukh/tournament"
	"adiukh/tournament/entries"
)

// The tables of online entries (entries.EntryTx), created by migration
// 20261125052339-entries; 20261125220621-entry-withdrawals added the
// withdrawal and made the account's one entry per event a partial unique
// key over the live entries (neither declined nor withdrawn).

type entrySettingsRow struct {
	EventID      int64    `gorm:"primaryKey;autoIncrement:false"`
	Event        eventRow `gorm:"constraint:OnDelete:CASCADE"`
	Open         bool     `gorm:"not null"`
	Deadline     *time.Time
	Max          int    `gorm:"not null"`
	MinBirthYear int    `gorm:"not null"`
	MaxBirthYear int    `gorm:"not null"`
	Sex          string `gorm:"size:1;not null"`
	Region       string `gorm:"size:200;not null"`
	MinRating    int    `gorm:"not null"`
	MaxRating    int    `gorm:"not null"`
}

func (entrySettingsRow) TableName() string { return "entry_settings" }

type entryRow struct {
	ID        int64    `gorm:"primaryKey"`
	EventID   int64    `gorm:"not null"`
	Event     eventRow `gorm:"constraint:OnDelete:CASCADE"`
	UserID    int64    `gorm:"not null;index"`
	User      userRow  `gorm:"constraint:OnDelete:CASCADE"`
	UserEmail string   `gorm:"size:254;not null"`
	Name      string   `gorm:"size:200;not null"`
	Status    string   `gorm:"size:16;not null"`
	Note      string   `gorm:"type:text;not null"`
	BirthYear int      `gorm:"not null"`
	Sex       string   `gorm:"size:1;not null"`
	Region    string   `gorm:"size:200;not null"`
	Rating    int      `gorm:"not null"`
	Reason    string   `gorm:"type:text;not null"`
	PlayerID  int64    `gorm:"not null"`
	CreatedAt time.Time
	DecidedAt *time.Time
	// WithdrawReason and WithdrawnAt are the player's withdrawal.
	WithdrawReason string `gorm:"type:text;not null"`
	WithdrawnAt    *time.Time
}

func (entryRow) TableName() string { return "entries" }

var _ entries.EntryTx = (*tx)(nil)

// optionalTime is a moment as a nullable column keeps it: nil for none.
func optionalTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}

func fromOptional(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

func (t *tx) EntrySettings(eventID int64) (*entries.EntrySettings, error) {
	var rows []entrySettingsRow
	if err := t.db.Where("event_id = ?", eventID).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read entry settings of event %d: %w", eventID, err)
	}
	if len(rows) == 0 {
		return &entries.EntrySettings{EventID: eventID}, nil
	}
	r := rows[0]
	return &entries.EntrySettings{EventID: eventID, Open: r.Open, Deadline: fromOptional(r.Deadline), Max: r.Max,
		MinBirthYear: r.MinBirthYear, MaxBirthYear: r.MaxBirthYear, Sex: r.Sex, Region: r.Region, MinRating: r.MinRating, MaxRating: r.MaxRating}, nil
}

func (t *tx) SetEntrySettings(s *entries.EntrySettings) error {
	row := entrySettingsRow{EventID: s.EventID, Open: s.Open, Deadline: optionalTime(s.Deadline), Max: s.Max,
		MinBirthYear: s.MinBirthYear, MaxBirthYear: s.MaxBirthYear, Sex: s.Sex, Region: s.Region, MinRating: s.MinRating, MaxRating: s.MaxRating}
	err := t.db.Omit("Event").Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "event_id"}}, UpdateAll: true}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("store entry settings of event %d: %w", s.EventID, err)
	}
	return nil
}

func entryToRow(e *entries.Entry) entryRow {
	return entryRow{ID: e.ID, EventID: e.EventID, UserID: e.UserID, UserEmail: e.UserEmail, Name: e.Name, Status: string(e.Status),
		Note: e.Note, BirthYear: e.BirthYear, Sex: e.Sex, Region: e.Region, Rating: e.Rating, Reason: e.Reason, PlayerID: e.PlayerID,
		CreatedAt: e.CreatedAt.UTC(), DecidedAt: optionalTime(e.DecidedAt), WithdrawReason: e.WithdrawReason, WithdrawnAt: optionalTime(e.WithdrawnAt)}
}

func rowToEntry(r *entryRow) entries.Entry {
	return entries.Entry{ID: r.ID, EventID: r.EventID, UserID: r.UserID, UserEmail: r.UserEmail, Name: r.Name, Status: entries.EntryStatus(r.Status),
		Note: r.Note, BirthYear: r.BirthYear, Sex: r.Sex, Region: r.Region, Rating: r.Rating, Reason: r.Reason, PlayerID: r.PlayerID,
		CreatedAt: r.CreatedAt.UTC(), DecidedAt: fromOptional(r.DecidedAt), WithdrawReason: r.WithdrawReason, WithdrawnAt: fromOptional(r.WithdrawnAt)}
}

func (t *tx) CreateEntry(e *entries.Entry) error {
	row := entryToRow(e)
	if err := t.db.Omit("Event", "User").Create(&row).Error; err != nil {
		if uniqueViolation(err) {
			return tournament.Conflict("", "you have entered this event already")
		}
		return fmt.Errorf("store entry: %w", err)
	}
	e.ID = row.ID
	return nil
}

func (t *tx) Entries(eventID int64) ([]entries.Entry, error) {
	var rows []entryRow
	if err := t.db.Where("event_id = ?", eventID).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read entries: %w", err)
	}
	out := make([]entries.Entry, len(rows))
	for i := range rows {
		out[i] = rowToEntry(&rows[i])
	}
	return out, nil
}

func (t *tx) UpdateEntry(e *entries.Entry) error {
	row := entryToRow(e)
	if err := t.db.Omit("Event", "User").Save(&row).Error; err != nil {
		return fmt.Errorf("store entry %d: %w", e.ID, err)
	}
	return nil
}

// Entries is the store of entries, the calendar, regulations and follows:
// the same database, in transactions that may also add an event's players.
func (s *Store) Entries() entries.Store { return entriesStore{s} }

type entriesStore struct{ s *Store }

func (e entriesStore) Update(ctx context.Context, fn func(tx entries.Tx) error) error {
	return e.s.run(ctx, e.s.db, nil, func(t *tx) error { return fn(t) })
}

func (e entriesStore) View(ctx context.Context, fn func(tx entries.Tx) error) error {
	return e.s.run(ctx, e.s.read, e.s.viewOptions(), func(t *tx) error { return fn(t) })
}

func (t *tx) EventsWaiting() ([]int64, error) {
	var ids []int64
	err := t.db.Model(&entryRow{}).Joins("JOIN events ON events.id = entries.event_id").
		Where("entries.status = ? AND events.status NOT IN ?", string(entries.EntryWaiting), []string{string(tournament.Registration), string(tournament.Cancelled)}).
		Distinct("entries.event_id").Order("entries.event_id").Pluck("entries.event_id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("read the events with waiting lists: %w", err)
	}
	return ids, nil
}
