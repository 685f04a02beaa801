package store

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"gorm.io/gorm/clause"

	"adiukh/tournament"
	"adiukh/tournament/knockout"
	"adiukh/tournament/teams"
)

// knockoutGameRow is a game of a knockout match, or the lot that decided
// it (Number 0) (tournament/knockout).
type knockoutGameRow struct {
	ID        int64  `gorm:"primaryKey"`
	EventID   int64  `gorm:"not null;uniqueIndex:knockout_games_match,priority:1"`
	Round     int    `gorm:"not null;uniqueIndex:knockout_games_match,priority:2"`
	Board     int    `gorm:"not null;uniqueIndex:knockout_games_match,priority:3"`
	Number    int    `gorm:"not null;uniqueIndex:knockout_games_match,priority:4"`
	WhiteID   int64  `gorm:"not null"`
	White     int    `gorm:"not null"`
	Black     int    `gorm:"not null"`
	EndReason string `gorm:"size:32;not null"`
	Reason    string `gorm:"type:text;not null;default:''"`
}

func (knockoutGameRow) TableName() string { return "knockout_games" }

// knockoutSheetRow is the score sheet of a game of a knockout match
// played over the board.
type knockoutSheetRow struct {
	ID             int64  `gorm:"primaryKey"`
	EventID        int64  `gorm:"not null;uniqueIndex:knockout_sheets_game,priority:1"`
	Round          int    `gorm:"not null;uniqueIndex:knockout_sheets_game,priority:2"`
	Board          int    `gorm:"not null;uniqueIndex:knockout_sheets_game,priority:3"`
	Number         int    `gorm:"not null;uniqueIndex:knockout_sheets_game,priority:4"`
	Sheet          string `gorm:"type:text;not null"`
	Report         string `gorm:"type:text;not null"` // JSON of tournament.SheetReport
	OverrideReason string `gorm:"type:text;not null;default:''"`
}

func (knockoutSheetRow) TableName() string { return "knockout_sheets" }

// knockoutToText is the event's knockout setting as its column keeps it:
// "" for an event of another system.
func knockoutToText(k tournament.KnockoutSettings) (string, error) {
	if reflect.DeepEqual(k, tournament.KnockoutSettings{}) {
		return "", nil
	}
	b, err := json.Marshal(k)
	return string(b), err
}

func (t *tx) MatchGames(eventID int64) ([]knockout.Game, error) {
	var rows []knockoutGameRow
	if err := t.db.Where("event_id = ?", eventID).Order("round, board, number").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the knockout games of event %d: %w", eventID, err)
	}
	out := make([]knockout.Game, len(rows))
	for i, r := range rows {
		out[i] = knockout.Game{Round: r.Round, Board: r.Board, Number: r.Number, WhiteID: r.WhiteID,
			Result: tournament.Result{White: r.White, Black: r.Black, EndReason: tournament.EndReason(r.EndReason)}, Reason: r.Reason}
	}
	return out, nil
}

func (t *tx) SaveMatchGame(eventID int64, g knockout.Game) error {
	row := knockoutGameRow{EventID: eventID, Round: g.Round, Board: g.Board, Number: g.Number, WhiteID: g.WhiteID,
		White: g.Result.White, Black: g.Result.Black, EndReason: string(g.Result.EndReason), Reason: g.Reason}
	err := t.ofEvent(eventID).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "event_id"}, {Name: "round"}, {Name: "board"}, {Name: "number"}},
		DoUpdates: clause.AssignmentColumns([]string{"white_id", "white", "black", "end_reason", "reason"}),
	}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("store game %d of the match of round %d board %d: %w", g.Number, g.Round, g.Board, err)
	}
	return nil
}

func (t *tx) MatchSheets(eventID int64) ([]knockout.Sheet, error) {
	var rows []knockoutSheetRow
	if err := t.db.Where("event_id = ?", eventID).Order("round, board, number").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the knockout sheets of event %d: %w", eventID, err)
	}
	out := make([]knockout.Sheet, len(rows))
	for i, r := range rows {
		rep := &tournament.SheetReport{}
		if err := json.Unmarshal([]byte(r.Report), rep); err != nil {
			return nil, fmt.Errorf("read the sheet report of game %d of the match of round %d board %d: %w", r.Number, r.Round, r.Board, err)
		}
		out[i] = knockout.Sheet{Round: r.Round, Board: r.Board, Number: r.Number, Text: r.Sheet, Report: rep, OverrideReason: r.OverrideReason}
	}
	return out, nil
}

func (t *tx) SaveMatchSheet(eventID int64, s knockout.Sheet) error {
	report, err := json.Marshal(s.Report)
	if err != nil {
		return err
	}
	row := knockoutSheetRow{EventID: eventID, Round: s.Round, Board: s.Board, Number: s.Number, Sheet: s.Text, Report: string(report), OverrideReason: s.OverrideReason}
	err = t.ofEvent(eventID).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "event_id"}, {Name: "round"}, {Name: "board"}, {Name: "number"}},
		DoUpdates: clause.AssignmentColumns([]string{"sheet", "report", "override_reason"}),
	}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("store the sheet of game %d of the match of round %d board %d: %w", s.Number, s.Round, s.Board, err)
	}
	return nil
}

// Knockout is the store of knockout matches (tournament/knockout).
func (s *Store) Knockout() knockout.Store { return knockoutStore{s} }

type knockoutStore struct{ s *Store }

func (k knockoutStore) Update(ctx context.Context, fn func(tx knockout.Tx) error) error {
	return k.s.run(ctx, k.s.db, nil, func(t *tx) error { return fn(t) })
}

func (k knockoutStore) View(ctx context.Context, fn func(tx knockout.Tx) error) error {
	return k.s.run(ctx, k.s.read, k.s.viewOptions(), func(t *tx) error { return fn(t) })
}

// KnockoutLots reads the lots of a team knockout: the rows of
// knockout_games numbered 0, by bracket round and tie (Board), WhiteID
// the team drawn. A team knockout keeps no games there; its legs' boards
// are its rounds' games.
func (t *tx) KnockoutLots(eventID int64) ([]teams.KnockoutLot, error) {
	var rows []knockoutGameRow
	if err := t.db.Where("event_id = ? AND number = 0", eventID).Order("round, board").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the knockout lots of event %d: %w", eventID, err)
	}
	out := make([]teams.KnockoutLot, len(rows))
	for i, r := range rows {
		out[i] = teams.KnockoutLot{Round: r.Round, Tie: r.Board, WinnerID: r.WhiteID, Reason: r.Reason}
	}
	return out, nil
}

func (t *tx) SaveKnockoutLot(eventID int64, l teams.KnockoutLot) error {
	return t.SaveMatchGame(eventID, knockout.Game{Round: l.Round, Board: l.Tie, WhiteID: l.WinnerID, Reason: l.Reason})
}
