package store

import (
	"fmt"

	"gorm.io/gorm"
)

// Migration 20261126152300-second-game-ids gives every game played on the
// server an ID of its own and keeps the board's game it plays beside it
// (board_game_id). Until then a game's ID was its board's, and a
// micro-match's second game had its board's ID plus 2^40: those second
// games get new IDs, after every other game's, and everything that names
// them follows (their moves, their notifications, the subjects of the
// event's audit log); their former IDs are kept (correspondence_renamed_games)
// so that a link kept with one still finds its game. On PostgreSQL the
// games' IDs come from a sequence from then on, as SQLite's INTEGER PRIMARY
// KEY gives them. The row types are frozen copies; the live ones are in
// correspondence.go.

// formerSecondGameOffset20261126152300 is what a board's ID was added to
// name its micro-match's second game.
const formerSecondGameOffset20261126152300 int64 = 1 << 40

// A board has one game, or a micro-match's two: its board_game_id and
// micro_game name a game, as the ID did before.
type boardGameRow20261126152300 struct {
	BoardGameID int64 `gorm:"not null;default:0;uniqueIndex:idx_corr_board_game,priority:1"`
	MicroGame   int   `gorm:"not null;default:0;uniqueIndex:idx_corr_board_game,priority:2"`
}

func (boardGameRow20261126152300) TableName() string { return "correspondence_games" }

type renamedGameRow20261126152300 struct {
	FormerID int64 `gorm:"primaryKey;autoIncrement:false"`
	GameID   int64 `gorm:"not null"`
}

func (renamedGameRow20261126152300) TableName() string { return "correspondence_renamed_games" }

func secondGameIDsMigration(tx *gorm.DB) error {
	m := tx.Migrator()
	if err := m.AddColumn(&boardGameRow20261126152300{}, "BoardGameID"); err != nil {
		return err
	}
	if err := m.CreateTable(&renamedGameRow20261126152300{}); err != nil {
		return err
	}
	offset := formerSecondGameOffset20261126152300
	if err := tx.Exec("UPDATE correspondence_games SET board_game_id = id WHERE id < ?", offset).Error; err != nil {
		return fmt.Errorf("name the boards of the games: %w", err)
	}
	var seconds []struct{ ID, EventID int64 }
	if err := tx.Table("correspondence_games").Select("id", "event_id").Where("id >= ?", offset).Order("id").Find(&seconds).Error; err != nil {
		return fmt.Errorf("read the second games of micro-matches: %w", err)
	}
	var last int64
	if err := tx.Table("correspondence_games").Select("COALESCE(MAX(id), 0)").Where("id < ?", offset).Scan(&last).Error; err != nil {
		return fmt.Errorf("read the last game's ID: %w", err)
	}
	for i, g := range seconds {
		id := last + int64(i) + 1
		former, now := fmt.Sprintf("game %d (", g.ID), fmt.Sprintf("game %d (", id)
		for _, step := range []struct {
			sql  string
			args []any
		}{
			{"UPDATE correspondence_games SET id = ?, board_game_id = ? WHERE id = ?", []any{id, g.ID - offset, g.ID}},
			{"UPDATE correspondence_moves SET game_id = ? WHERE game_id = ?", []any{id, g.ID}},
			{"UPDATE correspondence_notifications SET game_id = ? WHERE game_id = ?", []any{id, g.ID}},
			{"UPDATE audit_entries SET subject = REPLACE(subject, ?, ?) WHERE event_id = ? AND subject LIKE ?", []any{former, now, g.EventID, former + "%"}},
			{"INSERT INTO correspondence_renamed_games (former_id, game_id) VALUES (?, ?)", []any{g.ID, id}},
		} {
			if err := tx.Exec(step.sql, step.args...).Error; err != nil {
				return fmt.Errorf("give game %d the ID %d: %w", g.ID, id, err)
			}
		}
	}
	if err := m.CreateIndex(&boardGameRow20261126152300{}, "idx_corr_board_game"); err != nil {
		return err
	}
	if tx.Dialector.Name() != "postgres" {
		return nil
	}
	for _, sql := range []string{
		"CREATE SEQUENCE correspondence_games_id_seq OWNED BY correspondence_games.id",
		"SELECT setval('correspondence_games_id_seq', (SELECT COALESCE(MAX(id), 0) + 1 FROM correspondence_games), false)",
		"ALTER TABLE correspondence_games ALTER COLUMN id SET DEFAULT nextval('correspondence_games_id_seq')",
	} {
		if err := tx.Exec(sql).Error; err != nil {
			return fmt.Errorf("number the games by a sequence: %w", err)
		}
	}
	return nil
}
