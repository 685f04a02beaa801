package store

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm/clause"

	"adiukh/tournament"
	"adiukh/tournament/people"
	"adiukh/tournament/rating"
	"adiukh/tournament/ratings"
)

// The rating lists (ratings.Tx), created by migrations
// 20261125075548-ratings and 20261125102207-rating-options.

type ratingStateRow struct {
	List     string `gorm:"primaryKey"`
	PersonID int64  `gorm:"primaryKey;autoIncrement:false"`
	Rating   int
	Games    int
	Reached  bool
}

func (ratingStateRow) TableName() string { return "rating_states" }

type ratingPeriodRow struct {
	ID         int64 `gorm:"primaryKey"`
	List       string
	Until      string
	ClosedAt   time.Time
	UserID     int64
	Events     int
	Games      int
	Initial    int
	PointShare bool
}

func (ratingPeriodRow) TableName() string { return "rating_periods" }

type ratingChangeRow struct {
	PeriodID   int64 `gorm:"primaryKey;autoIncrement:false"`
	PersonID   int64 `gorm:"primaryKey;autoIncrement:false"`
	Old        int
	New        int
	K          int
	Games      int
	TotalGames int
	Sum        float64
	Lines      string // JSON of rating.Line
}

func (ratingChangeRow) TableName() string { return "rating_changes" }

type ratedGameRow struct {
	GameID   int64 `gorm:"primaryKey;autoIncrement:false"`
	List     string
	PeriodID int64
	RatedIn  int64
	EventID  int64
	A        int64
	B        int64
	PointsA  int
	PointsB  int
}

func (ratedGameRow) TableName() string { return "rated_games" }

type ratingOptionsRow struct {
	List       string `gorm:"primaryKey"`
	Initial    int
	PointShare bool
}

func (ratingOptionsRow) TableName() string { return "rating_options" }

type ratingAuditRow struct {
	ID        int64 `gorm:"primaryKey"`
	At        time.Time
	UserID    int64
	UserEmail string
	List      string
	Action    string
	Before    string
	After     string
}

func (ratingAuditRow) TableName() string { return "rating_audit" }

// Ratings returns the store of the rating lists, on the same database and
// in the same kind of transactions as the tournament store.
func (s *Store) Ratings() ratings.Store { return ratingStore{s} }

type ratingStore struct{ s *Store }

func (r ratingStore) Update(ctx context.Context, fn func(tx ratings.Tx) error) error {
	return r.s.run(ctx, r.s.db, nil, func(t *tx) error { return fn(ratingTx{t}) })
}

func (r ratingStore) View(ctx context.Context, fn func(tx ratings.Tx) error) error {
	return r.s.run(ctx, r.s.read, r.s.viewOptions(), func(t *tx) error { return fn(ratingTx{t}) })
}

type ratingTx struct{ *tx }

var _ ratings.Tx = ratingTx{}

func (t ratingTx) PeopleByID(ids []int64) (map[int64]tournament.Person, error) {
	out := make(map[int64]tournament.Person, len(ids))
	for part := range slices.Chunk(ids, insertBatch) {
		var rows []personRow
		if err := t.db.Where("id IN ?", part).Find(&rows).Error; err != nil {
			return nil, fmt.Errorf("read persons: %w", err)
		}
		for i := range rows {
			out[rows[i].ID] = rowToPerson(&rows[i])
		}
	}
	return out, nil
}

// LockList serialises the closings of one list on PostgreSQL; SQLite's
// writes already run one at a time.
func (t ratingTx) LockList(list string) error {
	if t.db.Dialector.Name() != "postgres" {
		return nil
	}
	return t.db.Exec("SELECT pg_advisory_xact_lock(hashtext(?))", "adiukh rating list "+list).Error
}

func (t ratingTx) Options(list string) (rating.Options, error) {
	var rows []ratingOptionsRow
	if err := t.db.Where("list = ?", list).Find(&rows).Error; err != nil {
		return rating.Options{}, fmt.Errorf("read the options of the %s list: %w", list, err)
	}
	if len(rows) == 0 {
		return rating.Options{Initial: rating.DefaultInitial}, nil
	}
	return rating.Options{Initial: rows[0].Initial, PointShare: rows[0].PointShare}, nil
}

func (t ratingTx) SaveOptions(list string, opt rating.Options) error {
	row := ratingOptionsRow{List: list, Initial: opt.Initial, PointShare: opt.PointShare}
	upsert := clause.OnConflict{Columns: []clause.Column{{Name: "list"}}, DoUpdates: clause.AssignmentColumns([]string{"initial", "point_share"})}
	if err := t.db.Clauses(upsert).Create(&row).Error; err != nil {
		return fmt.Errorf("save the options of the %s list: %w", list, err)
	}
	return nil
}

func (t ratingTx) AddRatingAudit(a *ratings.AuditEntry) error {
	row := ratingAuditRow{At: a.At.UTC(), UserID: a.UserID, UserEmail: a.UserEmail, List: a.List, Action: a.Action, Before: a.Before, After: a.After}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("add to the rating lists' audit log: %w", err)
	}
	a.ID = row.ID
	return nil
}

func (t ratingTx) RatingAudit(list string) ([]ratings.AuditEntry, error) {
	var rows []ratingAuditRow
	if err := t.db.Where("list = ?", list).Order("id DESC").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the audit log of the %s list: %w", list, err)
	}
	out := make([]ratings.AuditEntry, len(rows))
	for i, r := range rows {
		out[i] = ratings.AuditEntry{ID: r.ID, At: r.At.UTC(), UserID: r.UserID, UserEmail: r.UserEmail, List: r.List, Action: r.Action, Before: r.Before, After: r.After}
	}
	return out, nil
}

func (t ratingTx) States(list string) (map[int64]rating.State, error) {
	var rows []ratingStateRow
	if err := t.db.Where("list = ?", list).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the %s list: %w", list, err)
	}
	out := make(map[int64]rating.State, len(rows))
	for _, r := range rows {
		out[r.PersonID] = rating.State{Rating: r.Rating, Games: r.Games, Reached: r.Reached, Registered: true}
	}
	return out, nil
}

func (t ratingTx) SaveStates(list string, states map[int64]rating.State) error {
	rows := make([]ratingStateRow, 0, len(states))
	for id, st := range states {
		rows = append(rows, ratingStateRow{List: list, PersonID: id, Rating: st.Rating, Games: st.Games, Reached: st.Reached})
	}
	if len(rows) == 0 {
		return nil
	}
	upsert := clause.OnConflict{Columns: []clause.Column{{Name: "list"}, {Name: "person_id"}}, DoUpdates: clause.AssignmentColumns([]string{"rating", "games", "reached"})}
	if err := t.db.Clauses(upsert).CreateInBatches(rows, insertBatch).Error; err != nil {
		return fmt.Errorf("save the %s list: %w", list, err)
	}
	return nil
}

func (t ratingTx) CreatePeriod(p *ratings.Period) error {
	row := ratingPeriodRow{List: p.List, Until: p.Until, ClosedAt: p.ClosedAt.UTC(), UserID: p.UserID, Events: p.Events, Games: p.Games,
		Initial: p.Options.Initial, PointShare: p.Options.PointShare}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("close a rating period: %w", err)
	}
	p.ID = row.ID
	return nil
}

func periodOf(r *ratingPeriodRow) ratings.Period {
	return ratings.Period{ID: r.ID, List: r.List, Until: r.Until, ClosedAt: r.ClosedAt.UTC(), UserID: r.UserID, Events: r.Events, Games: r.Games,
		Options: rating.Options{Initial: r.Initial, PointShare: r.PointShare}}
}

func (t ratingTx) Periods(list string) ([]ratings.Period, error) {
	var rows []ratingPeriodRow
	if err := t.db.Where("list = ?", list).Order("id DESC").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the periods of the %s list: %w", list, err)
	}
	out := make([]ratings.Period, len(rows))
	for i := range rows {
		out[i] = periodOf(&rows[i])
	}
	return out, nil
}

func (t ratingTx) SaveChanges(periodID int64, changes []rating.Change) error {
	rows := make([]ratingChangeRow, len(changes))
	for i, c := range changes {
		lines, err := json.Marshal(c.Lines)
		if err != nil {
			return err
		}
		rows[i] = ratingChangeRow{PeriodID: periodID, PersonID: c.Person, Old: c.Old, New: c.New, K: c.K, Games: c.Games,
			TotalGames: c.TotalGames, Sum: c.Sum, Lines: string(lines)}
	}
	if len(rows) == 0 {
		return nil
	}
	if err := t.db.CreateInBatches(rows, insertBatch).Error; err != nil {
		return fmt.Errorf("save the changes of period %d: %w", periodID, err)
	}
	return nil
}

func changeOf(r *ratingChangeRow) (rating.Change, error) {
	c := rating.Change{Person: r.PersonID, Old: r.Old, New: r.New, K: r.K, Games: r.Games, TotalGames: r.TotalGames, Sum: r.Sum}
	if err := json.Unmarshal([]byte(r.Lines), &c.Lines); err != nil {
		return c, fmt.Errorf("read the change of person %d in period %d: %w", r.PersonID, r.PeriodID, err)
	}
	return c, nil
}

func (t ratingTx) Changes(periodID int64) ([]rating.Change, error) {
	var rows []ratingChangeRow
	if err := t.db.Where("period_id = ?", periodID).Order("new DESC, person_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the changes of period %d: %w", periodID, err)
	}
	return changesOf(rows)
}

func (t ratingTx) ChangesOf(periodID int64, personIDs []int64) ([]rating.Change, error) {
	var rows []ratingChangeRow
	for part := range slices.Chunk(personIDs, insertBatch) {
		var some []ratingChangeRow
		if err := t.db.Where("period_id = ? AND person_id IN ?", periodID, part).Find(&some).Error; err != nil {
			return nil, fmt.Errorf("read the changes of period %d: %w", periodID, err)
		}
		rows = append(rows, some...)
	}
	slices.SortFunc(rows, func(a, b ratingChangeRow) int {
		return cmp.Or(cmp.Compare(b.New, a.New), cmp.Compare(a.PersonID, b.PersonID))
	})
	return changesOf(rows)
}

func changesOf(rows []ratingChangeRow) ([]rating.Change, error) {
	out := make([]rating.Change, len(rows))
	for i := range rows {
		c, err := changeOf(&rows[i])
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

func (t ratingTx) PersonChanges(list string, personIDs []int64) ([]ratings.Period, []rating.Change, error) {
	var rows []ratingChangeRow
	err := t.db.Joins("JOIN rating_periods ON rating_periods.id = rating_changes.period_id").
		Where("rating_periods.list = ? AND rating_changes.person_id IN ?", list, personIDs).Order("rating_changes.period_id, rating_changes.person_id").Find(&rows).Error
	if err != nil {
		return nil, nil, fmt.Errorf("read the history of persons %v: %w", personIDs, err)
	}
	all, err := t.Periods(list)
	if err != nil {
		return nil, nil, err
	}
	byID := make(map[int64]ratings.Period, len(all))
	for _, p := range all {
		byID[p.ID] = p
	}
	periods := make([]ratings.Period, len(rows))
	changes := make([]rating.Change, len(rows))
	for i := range rows {
		periods[i] = byID[rows[i].PeriodID]
		if changes[i], err = changeOf(&rows[i]); err != nil {
			return nil, nil, err
		}
	}
	return periods, changes, nil
}

func (t ratingTx) MergedInto(personID int64) ([]int64, error) {
	var out []int64
	for next := []int64{personID}; len(next) > 0; {
		var ids []int64
		if err := t.db.Model(&personRow{}).Where("merged_into IN ?", next).Order("id").Pluck("id", &ids).Error; err != nil {
			return nil, fmt.Errorf("read the persons merged into person %d: %w", personID, err)
		}
		out = append(out, ids...)
		next = ids
	}
	return out, nil
}

func (t ratingTx) RatedEvents() (map[int64]bool, error) {
	var ids []int64
	if err := t.db.Model(&ratedGameRow{}).Distinct("event_id").Pluck("event_id", &ids).Error; err != nil {
		return nil, fmt.Errorf("read the rated events: %w", err)
	}
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

func (t ratingTx) RatedGames(list string) ([]ratings.RatedGame, error) {
	var rows []ratedGameRow
	if err := t.db.Where("list = ?", list).Order("game_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the rated games: %w", err)
	}
	return ratedGamesOf(rows), nil
}

func (t ratingTx) RatedGamesByID(gameIDs []int64) ([]ratings.RatedGame, error) {
	var rows []ratedGameRow
	if err := t.db.Where("game_id IN ?", gameIDs).Order("game_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read %d rated games: %w", len(gameIDs), err)
	}
	return ratedGamesOf(rows), nil
}

func (t ratingTx) EventRatedGames(eventID int64) ([]ratings.RatedGame, error) {
	var rows []ratedGameRow
	if err := t.db.Where("event_id = ?", eventID).Order("game_id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the rated games of event %d: %w", eventID, err)
	}
	return ratedGamesOf(rows), nil
}

func ratedGamesOf(rows []ratedGameRow) []ratings.RatedGame {
	out := make([]ratings.RatedGame, len(rows))
	for i, r := range rows {
		out[i] = ratings.RatedGame{GameID: r.GameID, List: r.List, PeriodID: r.PeriodID, RatedIn: r.RatedIn, EventID: r.EventID, A: r.A, B: r.B,
			PointsA: r.PointsA, PointsB: r.PointsB}
	}
	return out
}

func (t ratingTx) SaveRatedGames(games []ratings.RatedGame) error {
	rows := make([]ratedGameRow, len(games))
	for i, g := range games {
		rows[i] = ratedGameRow{GameID: g.GameID, List: g.List, PeriodID: g.PeriodID, RatedIn: g.RatedIn, EventID: g.EventID, A: g.A, B: g.B, PointsA: g.PointsA, PointsB: g.PointsB}
	}
	if len(rows) == 0 {
		return nil
	}
	upsert := clause.OnConflict{Columns: []clause.Column{{Name: "game_id"}}, DoUpdates: clause.AssignmentColumns([]string{"period_id", "points_a", "points_b"})}
	if err := t.db.Clauses(upsert).CreateInBatches(rows, insertBatch).Error; err != nil {
		return fmt.Errorf("keep the rated games: %w", err)
	}
	return nil
}

// Standings reads a person's standings in the rating lists
// (people.RegisterTx), by list.
func (t *tx) Standings(personID int64) ([]people.Standing, error) {
	var rows []ratingStateRow
	if err := t.db.Where("person_id = ?", personID).Order("list").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the ratings of person %d: %w", personID, err)
	}
	out := make([]people.Standing, len(rows))
	for i, r := range rows {
		out[i] = people.Standing{List: r.List, Rating: r.Rating, Games: r.Games, Reached: r.Reached}
	}
	return out, nil
}

// SetStandings replaces a person's standings in the rating lists
// (people.RegisterTx).
func (t *tx) SetStandings(personID int64, standings []people.Standing) error {
	if err := t.db.Where("person_id = ?", personID).Delete(&ratingStateRow{}).Error; err != nil {
		return fmt.Errorf("change the ratings of person %d: %w", personID, err)
	}
	if len(standings) == 0 {
		return nil
	}
	rows := make([]ratingStateRow, len(standings))
	for i, s := range standings {
		rows[i] = ratingStateRow{List: s.List, PersonID: personID, Rating: s.Rating, Games: s.Games, Reached: s.Reached}
	}
	if err := t.db.Create(&rows).Error; err != nil {
		return fmt.Errorf("change the ratings of person %d: %w", personID, err)
	}
	return nil
}

// PublishedRating reads a person's rating in the list of the game and
// discipline (tournament.PersonTx); 0 when none.
func (t *tx) PublishedRating(personID int64, game tournament.GameKind, d tournament.Discipline) (int, error) {
	list := ratings.ListOfGame(game, d)
	if list == "" {
		return 0, nil
	}
	var rows []ratingStateRow
	if err := t.db.Where("list = ? AND person_id = ?", list, personID).Find(&rows).Error; err != nil {
		return 0, fmt.Errorf("read the rating of person %d: %w", personID, err)
	}
	if len(rows) == 0 {
		return 0, nil
	}
	return rows[0].Rating, nil
}
