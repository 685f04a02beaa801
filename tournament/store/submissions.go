package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/clause"

	"adiukh/tournament"
	"adiukh/tournament/submissions"
)

// The tables of player accounts and submitted results (see
// tournament.SubmissionTx and submissions.ReportTx), created by migration
// 2026112220-player-submissions.

type submissionSettingRow struct {
	EventID int64    `gorm:"primaryKey;autoIncrement:false"`
	Event   eventRow `gorm:"constraint:OnDelete:CASCADE"`
	Open    bool     `gorm:"not null"`
}

func (submissionSettingRow) TableName() string { return "submission_settings" }

type playerAccountRow struct {
	PlayerID int64     `gorm:"primaryKey;autoIncrement:false"`
	Player   playerRow `gorm:"constraint:OnDelete:CASCADE"`
	EventID  int64     `gorm:"not null;index"`
	UserID   int64     `gorm:"not null;index"`
	User     userRow   `gorm:"constraint:OnDelete:CASCADE"`
}

func (playerAccountRow) TableName() string { return "player_accounts" }

type submissionRow struct {
	ID        int64   `gorm:"primaryKey"`
	EventID   int64   `gorm:"not null;index"`
	GameID    int64   `gorm:"not null;index"`
	Game      gameRow `gorm:"constraint:OnDelete:CASCADE"`
	Round     int     `gorm:"not null"`
	Board     int     `gorm:"not null"`
	GameNo    int     `gorm:"not null;default:0"`
	PlayerID  int64   `gorm:"not null"`
	UserID    int64   `gorm:"not null"`
	UserEmail string  `gorm:"size:254;not null"`
	Score     string  `gorm:"size:8;not null"`
	EndReason string  `gorm:"size:32;not null"`
	Sheet     string  `gorm:"type:text;not null"`
	Status    string  `gorm:"size:16;not null"`
	DecidedBy string  `gorm:"size:254;not null"`
	Reason    string  `gorm:"type:text;not null"`
	CreatedAt time.Time
	DecidedAt time.Time
}

func (submissionRow) TableName() string { return "submissions" }

var (
	_ tournament.SubmissionTx = (*tx)(nil)
	_ submissions.ReportTx    = (*tx)(nil)
)

// Submissions is the store of reported results (tournament/submissions).
func (s *Store) Submissions() submissions.Store { return submissionStore{s} }

type submissionStore struct{ s *Store }

func (m submissionStore) Update(ctx context.Context, fn func(tx submissions.Tx) error) error {
	return m.s.run(ctx, m.s.db, nil, func(t *tx) error { return fn(t) })
}

func (m submissionStore) View(ctx context.Context, fn func(tx submissions.Tx) error) error {
	return m.s.run(ctx, m.s.read, m.s.viewOptions(), func(t *tx) error { return fn(t) })
}

func (t *tx) SubmissionsOpen(eventID int64) (bool, error) {
	var rows []submissionSettingRow
	if err := t.db.Where("event_id = ?", eventID).Find(&rows).Error; err != nil {
		return false, fmt.Errorf("read submission setting of event %d: %w", eventID, err)
	}
	return len(rows) == 1 && rows[0].Open, nil
}

func (t *tx) SetSubmissionsOpen(eventID int64, open bool) error {
	row := submissionSettingRow{EventID: eventID, Open: open}
	err := t.db.Omit("Event").Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "event_id"}}, DoUpdates: clause.AssignmentColumns([]string{"open"})}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("store submission setting of event %d: %w", eventID, err)
	}
	return nil
}

func (t *tx) PlayerAccounts(eventID int64) (map[int64]tournament.User, error) {
	var rows []playerAccountRow
	if err := t.db.Preload("User").Where("event_id = ?", eventID).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read player accounts of event %d: %w", eventID, err)
	}
	accounts := make(map[int64]tournament.User, len(rows))
	for _, r := range rows {
		// The password hash stays in the store.
		accounts[r.PlayerID] = tournament.User{ID: r.User.ID, Email: r.User.Email, Name: r.User.Name, Surname: r.User.Surname,
			GivenNames: r.User.GivenNames, Patronymic: r.User.Patronymic, Sex: r.User.Sex, Role: tournament.Role(r.User.Role)}
	}
	return accounts, nil
}

func (t *tx) LinkPlayer(eventID, playerID, userID int64) error {
	if err := t.db.Where("player_id = ?", playerID).Delete(&playerAccountRow{}).Error; err != nil {
		return fmt.Errorf("unlink player %d: %w", playerID, err)
	}
	if userID == 0 {
		return nil
	}
	row := playerAccountRow{PlayerID: playerID, EventID: eventID, UserID: userID}
	if err := t.db.Omit("Player", "User").Create(&row).Error; err != nil {
		return fmt.Errorf("link player %d: %w", playerID, err)
	}
	return nil
}

func (t *tx) CreateSubmission(s *tournament.Submission) error {
	row := submissionToRow(s)
	if err := t.db.Omit("Game").Create(row).Error; err != nil {
		return fmt.Errorf("create submission: %w", err)
	}
	s.ID = row.ID
	return nil
}

func (t *tx) Submissions(eventID int64) ([]tournament.Submission, error) {
	var rows []submissionRow
	if err := t.db.Where("event_id = ?", eventID).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read submissions of event %d: %w", eventID, err)
	}
	subs := make([]tournament.Submission, len(rows))
	for i, r := range rows {
		subs[i] = tournament.Submission{
			ID: r.ID, EventID: r.EventID, GameID: r.GameID, Round: r.Round, Board: r.Board, GameNo: r.GameNo, PlayerID: r.PlayerID, UserID: r.UserID,
			UserEmail: r.UserEmail, Score: r.Score, EndReason: r.EndReason, Sheet: r.Sheet, Status: tournament.SubmissionStatus(r.Status),
			DecidedBy: r.DecidedBy, Reason: r.Reason, CreatedAt: r.CreatedAt, DecidedAt: r.DecidedAt,
		}
	}
	return subs, nil
}

func (t *tx) UpdateSubmission(s *tournament.Submission) error {
	if err := t.db.Omit("Game").Save(submissionToRow(s)).Error; err != nil {
		return fmt.Errorf("update submission %d: %w", s.ID, err)
	}
	return nil
}

func submissionToRow(s *tournament.Submission) *submissionRow {
	return &submissionRow{
		ID: s.ID, EventID: s.EventID, GameID: s.GameID, Round: s.Round, Board: s.Board, GameNo: s.GameNo, PlayerID: s.PlayerID, UserID: s.UserID,
		UserEmail: s.UserEmail, Score: s.Score, EndReason: s.EndReason, Sheet: s.Sheet, Status: string(s.Status),
		DecidedBy: s.DecidedBy, Reason: s.Reason, CreatedAt: s.CreatedAt, DecidedAt: s.DecidedAt,
	}
}
