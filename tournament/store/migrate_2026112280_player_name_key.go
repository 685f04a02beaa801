package store

import (
	"fmt"

	"gorm.io/gorm"

	"adiukh/tournament"
)

// playerNameKeyRow is the players table as this migration knows it: the
// columns it reads and the one it adds, with the index that finds a
// newcomer's place in the order by rating.
type playerNameKeyRow struct {
	ID      int64  `gorm:"primaryKey"`
	EventID int64  `gorm:"not null;index:idx_player_rating_order,priority:1"`
	Name    string `gorm:"size:100;not null"`
	NameKey string `gorm:"size:255;not null;default:'';index:idx_player_rating_order,priority:3"`
	Rating  int    `gorm:"not null;index:idx_player_rating_order,priority:2"`
}

func (playerNameKeyRow) TableName() string { return "players" }

// playerNameKeyMigration stores each player's name as start numbers order
// it (tournament.Player.SortName), so that registering a player finds his
// start number with one indexed count instead of reading the whole field.
func playerNameKeyMigration(tx *gorm.DB) error {
	if err := tx.Migrator().AddColumn(&playerNameKeyRow{}, "NameKey"); err != nil {
		return err
	}
	var rows []playerNameKeyRow
	if err := tx.Select("id", "name").Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		p := tournament.Player{Name: r.Name}
		if err := tx.Model(&playerNameKeyRow{}).Where("id = ?", r.ID).Update("name_key", p.SortName()).Error; err != nil {
			return fmt.Errorf("player %d: %w", r.ID, err)
		}
	}
	return tx.Migrator().CreateIndex(&playerNameKeyRow{}, "idx_player_rating_order")
}
