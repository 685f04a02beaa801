package store

import (
	"fmt"
	"time"

	"adiukh/tournament/people"
)

// personPhotoRow is a person's photo (people.PhotoTx), created
// by migration 20261125101549-person-photos.
type personPhotoRow struct {
	PersonID  int64 `gorm:"primaryKey;autoIncrement:false"`
	Content   []byte
	UpdatedAt time.Time
}

func (personPhotoRow) TableName() string { return "person_photos" }

var _ people.PhotoTx = (*tx)(nil)

func (t *tx) SetPersonPhoto(p *people.PersonPhoto) error {
	row := personPhotoRow{PersonID: p.PersonID, Content: p.Content, UpdatedAt: p.UpdatedAt.UTC()}
	if err := t.db.Save(&row).Error; err != nil {
		return fmt.Errorf("store the photo of person %d: %w", p.PersonID, err)
	}
	return nil
}

func (t *tx) PersonPhoto(personID int64, withContent bool) (*people.PersonPhoto, error) {
	q := t.db.Where("person_id = ?", personID)
	if !withContent {
		q = q.Omit("content")
	}
	var row personPhotoRow
	if err := q.First(&row).Error; err != nil {
		return nil, notFound(err, "person %d has no photo", personID)
	}
	return &people.PersonPhoto{PersonID: row.PersonID, Content: row.Content, UpdatedAt: row.UpdatedAt.UTC()}, nil
}

func (t *tx) DeletePersonPhoto(personID int64) error {
	if err := t.db.Where("person_id = ?", personID).Delete(&personPhotoRow{}).Error; err != nil {
		return fmt.Errorf("remove the photo of person %d: %w", personID, err)
	}
	return nil
}
