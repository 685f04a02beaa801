package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm/clause"

	"adiukh/tournament"
	"adiukh/tournament/composition"
)

// The live rows of solving contests; migration 2026112290 created their
// tables, 2026112298 added an answer's pending and ruling. The problems are JSON.

type solvingContestRow struct {
	EventID  int64 `gorm:"primaryKey;autoIncrement:false"`
	Starts   time.Time
	Ends     time.Time
	Problems string
}

func (solvingContestRow) TableName() string { return "solving_contests" }

type solvingAnswerRow struct {
	EventID  int64 `gorm:"primaryKey;autoIncrement:false"`
	Problem  int   `gorm:"primaryKey;autoIncrement:false"`
	UserID   int64 `gorm:"primaryKey;autoIncrement:false"`
	Text     string
	SentAt   time.Time
	KeyRight bool
	Solved   bool
	Fault    string
	Points   int
	Pending  bool
	Ruling   string
}

func (solvingAnswerRow) TableName() string { return "solving_answers" }

func (t *compTx) SolvingContest(eventID int64) (*composition.SolvingContest, error) {
	var r solvingContestRow
	if err := t.db.First(&r, "event_id = ?", eventID).Error; err != nil {
		return nil, notFound(err, "the event has no solving contest yet: the director sets it up first")
	}
	c := &composition.SolvingContest{EventID: r.EventID, Starts: r.Starts.UTC(), Ends: r.Ends.UTC()}
	if err := json.Unmarshal([]byte(r.Problems), &c.Problems); err != nil {
		return nil, fmt.Errorf("read the solving problems of event %d: %w", eventID, err)
	}
	return c, nil
}

func (t *compTx) SaveSolvingContest(c *composition.SolvingContest) error {
	row := solvingContestRow{EventID: c.EventID, Starts: c.Starts.UTC(), Ends: c.Ends.UTC(), Problems: toJSON(c.Problems)}
	err := t.db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "event_id"}}, UpdateAll: true}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("save the solving contest of event %d: %w", c.EventID, err)
	}
	return nil
}

func (t *compTx) SaveAnswer(a *composition.SolvingAnswer) error {
	row := solvingAnswerRow{EventID: a.EventID, Problem: a.Problem, UserID: a.UserID, Text: a.Text, SentAt: a.SentAt.UTC(),
		KeyRight: a.KeyRight, Solved: a.Right, Fault: faultColumn(a.Fault), Points: a.Points, Pending: a.Pending, Ruling: a.Ruling}
	err := t.db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "event_id"}, {Name: "problem"}, {Name: "user_id"}}, UpdateAll: true}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("save the answer to problem %d of event %d: %w", a.Problem, a.EventID, err)
	}
	return nil
}

func (t *compTx) Answers(eventID int64) ([]composition.SolvingAnswer, error) {
	var rows []solvingAnswerRow
	if err := t.db.Where("event_id = ?", eventID).Order("user_id, problem").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the answers of event %d: %w", eventID, err)
	}
	out := make([]composition.SolvingAnswer, len(rows))
	for i := range rows {
		out[i] = rows[i].answer()
	}
	return out, nil
}

func (t *compTx) Answer(eventID int64, problem int, userID int64) (*composition.SolvingAnswer, error) {
	var rows []solvingAnswerRow
	if err := t.db.Where("event_id = ? AND problem = ? AND user_id = ?", eventID, problem, userID).Limit(1).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the answer of user %d to problem %d of event %d: %w", userID, problem, eventID, err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	a := rows[0].answer()
	return &a, nil
}

func (r *solvingAnswerRow) answer() composition.SolvingAnswer {
	return composition.SolvingAnswer{EventID: r.EventID, Problem: r.Problem, UserID: r.UserID, Text: r.Text, SentAt: r.SentAt.UTC(),
		KeyRight: r.KeyRight, Right: r.Solved, Fault: faultOf(r.Fault), Points: r.Points, Pending: r.Pending, Ruling: r.Ruling}
}

// faultColumn keeps where an answer goes wrong as its message in JSON, so
// that it is shown in each reader's language; "" when it is right.
func faultColumn(t composition.Text) string {
	if t.IsZero() {
		return ""
	}
	return toJSON(t)
}

// faultOf reads the fault column back. Answers checked before faults were
// kept as messages hold an English sentence, shown as it is.
func faultOf(column string) composition.Text {
	var t composition.Text
	if column == "" {
		return t
	}
	if strings.HasPrefix(column, "{") && json.Unmarshal([]byte(column), &t) == nil {
		return t
	}
	return composition.Plain(column)
}

func (t *compTx) DueSolving(at time.Time) ([]int64, error) {
	var ids []int64
	// Due: an event still in registration once its window has opened, and
	// one without a contest of compositions once its window has closed.
	err := t.db.Table("solving_contests").Joins("JOIN events ON events.id = solving_contests.event_id").
		Where("solving_contests.starts <= ? AND events.status <> ?", at.UTC(), string(tournament.Finished)).
		Where("events.status = ? OR (solving_contests.ends <= ? AND NOT EXISTS (SELECT 1 FROM composition_contests WHERE composition_contests.event_id = solving_contests.event_id))",
			string(tournament.Registration), at.UTC()).
		Order("solving_contests.event_id").Pluck("solving_contests.event_id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("read the solving contests that have started: %w", err)
	}
	return ids, nil
}
