package store

import (
	"fmt"
	"time"

	"adiukh/tournament"
)

// personClaimRow is an account's request to be linked to a person
// (people.ClaimTx, tournament.PersonClaimTx), created by migration
// 20261125080757-person-claims.
type personClaimRow struct {
	ID        int64 `gorm:"primaryKey"`
	UserID    int64
	PersonID  int64
	Status    string
	Reason    string
	CreatedAt time.Time
	DecidedAt *time.Time
	DecidedBy int64
}

func (personClaimRow) TableName() string { return "person_claims" }

var _ tournament.PersonClaimTx = (*tx)(nil)

func claimOf(r *personClaimRow) tournament.PersonClaim {
	return tournament.PersonClaim{ID: r.ID, UserID: r.UserID, PersonID: r.PersonID, Status: tournament.ClaimStatus(r.Status), Reason: r.Reason,
		CreatedAt: r.CreatedAt.UTC(), DecidedAt: fromOptional(r.DecidedAt), DecidedBy: r.DecidedBy}
}

func (t *tx) CreateClaim(c *tournament.PersonClaim) error {
	row := personClaimRow{UserID: c.UserID, PersonID: c.PersonID, Status: string(c.Status), CreatedAt: c.CreatedAt.UTC()}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("store a request for a person: %w", err)
	}
	c.ID = row.ID
	return nil
}

func (t *tx) UpdateClaim(c *tournament.PersonClaim) error {
	err := t.db.Model(&personClaimRow{}).Where("id = ?", c.ID).Updates(map[string]any{
		"status": string(c.Status), "reason": c.Reason, "decided_at": optionalTime(c.DecidedAt), "decided_by": c.DecidedBy}).Error
	if err != nil {
		return fmt.Errorf("decide request %d: %w", c.ID, err)
	}
	return nil
}

func (t *tx) Claim(id int64) (*tournament.PersonClaim, error) {
	var row personClaimRow
	if err := t.db.First(&row, id).Error; err != nil {
		return nil, notFound(err, "request %d not found", id)
	}
	c := claimOf(&row)
	return &c, nil
}

func (t *tx) Claims(status tournament.ClaimStatus, userID, personID int64) ([]tournament.PersonClaim, error) {
	q := t.db.Order("id")
	if status != "" {
		q = q.Where("status = ?", string(status))
	}
	if userID != 0 {
		q = q.Where("user_id = ?", userID)
	}
	if personID != 0 {
		q = q.Where("person_id = ?", personID)
	}
	var rows []personClaimRow
	if err := q.Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the requests for persons: %w", err)
	}
	out := make([]tournament.PersonClaim, len(rows))
	for i := range rows {
		out[i] = claimOf(&rows[i])
	}
	return out, nil
}
