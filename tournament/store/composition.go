package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm/clause"

	"adiukh/tournament"
	"adiukh/tournament/composition"
)

// The live rows of composition contests; migration 2026112270 created
// their tables. Sections, the award and the solver's findings are JSON.

type compContestRow struct {
	EventID       int64 `gorm:"primaryKey;autoIncrement:false"`
	Sections      string
	Deadline      time.Time
	Scale         float64
	Aggregation   string
	ClaimDays     int
	Stage         string
	ProvisionalAt *time.Time
	ClaimsUntil   *time.Time
	FinalAt       *time.Time
	Award         string
	AwardPlace    string `gorm:"not null;default:''"`
	AwardReport   string `gorm:"not null;default:''"`
}

func (compContestRow) TableName() string { return "composition_contests" }

type compJudgeRow struct {
	EventID int64 `gorm:"primaryKey;autoIncrement:false"`
	UserID  int64 `gorm:"primaryKey;autoIncrement:false"`
}

func (compJudgeRow) TableName() string { return "composition_judges" }

type compWorkRow struct {
	ID           int64 `gorm:"primaryKey"`
	EventID      int64
	Code         string
	Section      string
	AuthorID     int64
	Position     string
	Side         string
	Stipulation  string
	Solution     string
	Comment      string
	Findings     string
	SubmittedAt  time.Time
	UpdatedAt    time.Time
	Withdrawn    bool
	Eliminated   string
	CookAccepted string
}

func (compWorkRow) TableName() string { return "composition_works" }

type compMarkRow struct {
	WorkID  int64 `gorm:"primaryKey;autoIncrement:false"`
	JudgeID int64 `gorm:"primaryKey;autoIncrement:false"`
	EventID int64
	Mark    float64
	Comment string
	At      time.Time
}

func (compMarkRow) TableName() string { return "composition_marks" }

type compClaimRow struct {
	ID        int64 `gorm:"primaryKey"`
	EventID   int64
	WorkID    int64
	UserID    int64
	Kind      string
	Evidence  string
	Status    string
	Reason    string
	FiledAt   time.Time
	DecidedAt *time.Time
}

func (compClaimRow) TableName() string { return "composition_claims" }

// Composition returns the store of composition contests, on the same
// database and in the same transactions as the tournament store.
func (s *Store) Composition() composition.Store { return compStore{s} }

type compStore struct{ s *Store }

// Update and View run as the tournament store's do (see Store.Update and
// Store.View).
func (c compStore) Update(ctx context.Context, fn func(tx composition.Tx) error) error {
	return c.s.run(ctx, c.s.db, nil, func(t *tx) error { return fn(&compTx{t}) })
}

func (c compStore) View(ctx context.Context, fn func(tx composition.Tx) error) error {
	return c.s.run(ctx, c.s.read, c.s.viewOptions(), func(t *tx) error { return fn(&compTx{t}) })
}

// compTx is a tournament transaction with the contest records.
type compTx struct{ *tx }

var _ composition.Tx = (*compTx)(nil)

func (t *compTx) User(id int64) (*tournament.User, error) {
	var row userRow
	if err := t.db.First(&row, id).Error; err != nil {
		return nil, notFound(err, "user %d not found", id)
	}
	return rowToUser(&row), nil
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}

func timeOf(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

func toJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic("composition row: " + err.Error())
	}
	return string(b)
}

func (t *compTx) Contest(eventID int64) (*composition.Contest, error) {
	var r compContestRow
	if err := t.db.First(&r, "event_id = ?", eventID).Error; err != nil {
		return nil, notFound(err, "the event has no contest yet: the director sets it up first")
	}
	c := &composition.Contest{EventID: r.EventID, Deadline: r.Deadline.UTC(), Scale: r.Scale, Aggregation: composition.Aggregation(r.Aggregation),
		ClaimDays: r.ClaimDays, Stage: composition.Stage(r.Stage), ProvisionalAt: timeOf(r.ProvisionalAt), ClaimsUntil: timeOf(r.ClaimsUntil), FinalAt: timeOf(r.FinalAt),
		AwardPlace: r.AwardPlace, AwardReport: r.AwardReport}
	if err := json.Unmarshal([]byte(r.Sections), &c.Sections); err != nil {
		return nil, fmt.Errorf("read the sections of event %d: %w", eventID, err)
	}
	if err := json.Unmarshal([]byte(r.Award), &c.Award); err != nil {
		return nil, fmt.Errorf("read the award of event %d: %w", eventID, err)
	}
	return c, nil
}

func (t *compTx) SaveContest(c *composition.Contest) error {
	award := c.Award
	if award == nil {
		award = []composition.Distinction{}
	}
	row := compContestRow{EventID: c.EventID, Sections: toJSON(c.Sections), Deadline: c.Deadline.UTC(), Scale: c.Scale,
		Aggregation: string(c.Aggregation), ClaimDays: c.ClaimDays, Stage: string(c.Stage), ProvisionalAt: timePtr(c.ProvisionalAt),
		ClaimsUntil: timePtr(c.ClaimsUntil), FinalAt: timePtr(c.FinalAt), Award: toJSON(award),
		AwardPlace: c.AwardPlace, AwardReport: c.AwardReport}
	err := t.db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "event_id"}}, UpdateAll: true}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("save the contest of event %d: %w", c.EventID, err)
	}
	return nil
}

func (t *compTx) Judges(eventID int64) ([]int64, error) {
	var rows []compJudgeRow
	if err := t.db.Where("event_id = ?", eventID).Order("user_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the judges of event %d: %w", eventID, err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.UserID
	}
	return ids, nil
}

func (t *compTx) SetJudges(eventID int64, userIDs []int64) error {
	if err := t.db.Where("event_id = ?", eventID).Delete(&compJudgeRow{}).Error; err != nil {
		return fmt.Errorf("set the judges of event %d: %w", eventID, err)
	}
	for _, id := range userIDs {
		if err := t.db.Create(&compJudgeRow{EventID: eventID, UserID: id}).Error; err != nil {
			return fmt.Errorf("set the judges of event %d: %w", eventID, err)
		}
	}
	return nil
}

func workToRow(w *composition.Work) compWorkRow {
	return compWorkRow{ID: w.ID, EventID: w.EventID, Code: w.Code, Section: w.Section, AuthorID: w.AuthorID,
		Position: w.Position, Side: w.Side, Stipulation: w.Stipulation, Solution: w.Solution, Comment: w.Comment,
		Findings: toJSON(w.Findings), SubmittedAt: w.SubmittedAt.UTC(), UpdatedAt: w.UpdatedAt.UTC(), Withdrawn: w.Withdrawn, Eliminated: w.Eliminated, CookAccepted: w.CookAccepted}
}

func rowToWork(r *compWorkRow) (composition.Work, error) {
	w := composition.Work{ID: r.ID, EventID: r.EventID, Code: r.Code, Section: r.Section, AuthorID: r.AuthorID,
		Entry:   composition.Entry{Position: r.Position, Side: r.Side, Stipulation: r.Stipulation, Solution: r.Solution},
		Comment: r.Comment, SubmittedAt: r.SubmittedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), Withdrawn: r.Withdrawn, Eliminated: r.Eliminated, CookAccepted: r.CookAccepted}
	if err := json.Unmarshal([]byte(r.Findings), &w.Findings); err != nil {
		return w, fmt.Errorf("read the findings of entry %d: %w", r.ID, err)
	}
	return w, nil
}

func (t *compTx) AddWork(w *composition.Work) error {
	row := workToRow(w)
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("add an entry to event %d: %w", w.EventID, err)
	}
	w.ID = row.ID
	return nil
}

func (t *compTx) Work(id int64) (*composition.Work, error) {
	var r compWorkRow
	if err := t.db.First(&r, id).Error; err != nil {
		return nil, notFound(err, "entry %d not found", id)
	}
	w, err := rowToWork(&r)
	return &w, err
}

func (t *compTx) SaveWork(w *composition.Work) error {
	row := workToRow(w)
	if err := t.db.Save(&row).Error; err != nil {
		return fmt.Errorf("save entry %d: %w", w.ID, err)
	}
	return nil
}

func (t *compTx) DueContests(at time.Time) ([]int64, error) {
	var ids []int64
	err := t.db.Table("composition_contests").Joins("JOIN events ON events.id = composition_contests.event_id").
		Where("composition_contests.stage = ? AND composition_contests.deadline <= ? AND events.status = ?",
			string(composition.Entries), at.UTC(), string(tournament.Registration)).
		Order("composition_contests.event_id").Pluck("composition_contests.event_id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("read the contests past their deadline: %w", err)
	}
	return ids, nil
}

func (t *compTx) Awarded() ([]int64, error) {
	var ids []int64
	err := t.db.Model(&compContestRow{}).Where("stage <> ?", string(composition.Entries)).Order("event_id").Pluck("event_id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("read the contests with an award: %w", err)
	}
	return ids, nil
}

// ContestEntries counts the entries of an event's composition contest, for
// the domain's rule that a contest with entries keeps its discipline.
func (t *tx) ContestEntries(eventID int64) (int, error) {
	var n int64
	if err := t.db.Model(&compWorkRow{}).Where("event_id = ?", eventID).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("count the entries of event %d: %w", eventID, err)
	}
	return int(n), nil
}

func (t *compTx) Works(eventID int64) ([]composition.Work, error) {
	var rows []compWorkRow
	if err := t.db.Where("event_id = ?", eventID).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the entries of event %d: %w", eventID, err)
	}
	out := make([]composition.Work, len(rows))
	for i := range rows {
		w, err := rowToWork(&rows[i])
		if err != nil {
			return nil, err
		}
		out[i] = w
	}
	return out, nil
}

func (t *compTx) SaveMark(m *composition.Mark) error {
	var w compWorkRow
	if err := t.db.Select("event_id").First(&w, m.WorkID).Error; err != nil {
		return notFound(err, "entry %d not found", m.WorkID)
	}
	row := compMarkRow{WorkID: m.WorkID, JudgeID: m.JudgeID, EventID: w.EventID, Mark: m.Mark, Comment: m.Comment, At: m.At.UTC()}
	err := t.db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "work_id"}, {Name: "judge_id"}}, UpdateAll: true}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("save the mark of entry %d: %w", m.WorkID, err)
	}
	return nil
}

func (t *compTx) Marks(eventID int64) ([]composition.Mark, error) {
	var rows []compMarkRow
	if err := t.db.Where("event_id = ?", eventID).Order("work_id, judge_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the marks of event %d: %w", eventID, err)
	}
	out := make([]composition.Mark, len(rows))
	for i, r := range rows {
		out[i] = composition.Mark{WorkID: r.WorkID, JudgeID: r.JudgeID, Mark: r.Mark, Comment: r.Comment, At: r.At.UTC()}
	}
	return out, nil
}

func claimToRow(c *composition.Claim) compClaimRow {
	return compClaimRow{ID: c.ID, EventID: c.EventID, WorkID: c.WorkID, UserID: c.UserID, Kind: string(c.Kind), Evidence: c.Evidence,
		Status: string(c.Status), Reason: c.Reason, FiledAt: c.FiledAt.UTC(), DecidedAt: timePtr(c.DecidedAt)}
}

func rowToClaim(r *compClaimRow) composition.Claim {
	return composition.Claim{ID: r.ID, EventID: r.EventID, WorkID: r.WorkID, UserID: r.UserID, Kind: composition.ClaimKind(r.Kind),
		Evidence: r.Evidence, Status: composition.ClaimStatus(r.Status), Reason: r.Reason, FiledAt: r.FiledAt.UTC(), DecidedAt: timeOf(r.DecidedAt)}
}

func (t *compTx) AddClaim(c *composition.Claim) error {
	row := claimToRow(c)
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("add a claim to event %d: %w", c.EventID, err)
	}
	c.ID = row.ID
	return nil
}

func (t *compTx) Claim(id int64) (*composition.Claim, error) {
	var r compClaimRow
	if err := t.db.First(&r, id).Error; err != nil {
		return nil, notFound(err, "claim %d not found", id)
	}
	c := rowToClaim(&r)
	return &c, nil
}

func (t *compTx) SaveClaim(c *composition.Claim) error {
	row := claimToRow(c)
	if err := t.db.Save(&row).Error; err != nil {
		return fmt.Errorf("save claim %d: %w", c.ID, err)
	}
	return nil
}

func (t *compTx) Claims(eventID int64) ([]composition.Claim, error) {
	var rows []compClaimRow
	if err := t.db.Where("event_id = ?", eventID).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the claims of event %d: %w", eventID, err)
	}
	out := make([]composition.Claim, len(rows))
	for i := range rows {
		out[i] = rowToClaim(&rows[i])
	}
	return out, nil
}
