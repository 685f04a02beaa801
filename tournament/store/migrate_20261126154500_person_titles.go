package store

import (
	"encoding/json"
	"fmt"
	"strings"

	"gorm.io/gorm"
)

// Migration 20261126154500-person-titles keeps the register's persons'
// sports ranks and titles, each of a game with its date and awarding body
// (people.titles, JSON of tournament.PersonTitle). A rank written before
// as free text (people.rank) that the rule book reads («кмс», «1
// разряд») becomes a title of Adiukh, the game of every record made
// before events had another, and leaves the text; one it does not read
// («мастер») stays as the text, shown as unrecognised, so that nothing
// typed is lost. The row type and the ranks it reads are frozen copies;
// the live ones are in people.go and rules/titles.go.

type personTitlesRow20261126154500 struct {
	ID     int64  `gorm:"primaryKey"`
	Rank   string `gorm:"size:60;not null"`
	Titles string `gorm:"type:text;not null;default:''"`
}

// personTitle20261126154500 is a title as this migration writes it.
type personTitle20261126154500 struct {
	Game  string `json:"game"`
	Title string `json:"title"`
}

func (personTitlesRow20261126154500) TableName() string { return "people" }

func personTitlesMigration(tx *gorm.DB) error {
	if err := tx.Migrator().AddColumn(&personTitlesRow20261126154500{}, "Titles"); err != nil {
		return err
	}
	var rows []personTitlesRow20261126154500
	if err := tx.Select("id", "rank").Where("rank <> ''").Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		title, ok := nationalTitles20261126154500[foldTitle20261126154500(r.Rank)]
		if !ok {
			continue
		}
		titles, err := json.Marshal([]personTitle20261126154500{{Game: "adiukh", Title: title}})
		if err != nil {
			return err
		}
		if err := tx.Model(&personTitlesRow20261126154500{}).Where("id = ?", r.ID).Updates(map[string]any{"titles": string(titles), "rank": ""}).Error; err != nil {
			return fmt.Errorf("person %d: %w", r.ID, err)
		}
	}
	return nil
}

// nationalTitles20261126154500 are the ranks and titles of шашки in
// Russia this migration reads, by their folded forms, as rules.Titles read
// them when it was written: a copy, so that the migration reads the same
// texts however the vocabulary grows.
var nationalTitles20261126154500 = func() map[string]string {
	forms := map[string][]string{
		"ГР":   {"гроссмейстер", "гроссмейстер россии", "gr"},
		"МСМК": {"мастер спорта международного класса", "msmk"},
		"МС":   {"мастер спорта", "мастер спорта россии", "ms"},
		"КМС":  {"кандидат в мастера спорта", "kms"},
		"I":    {"1", "1р", "первый"},
		"II":   {"2", "2р", "второй"},
		"III":  {"3", "3р", "третий"},
		"1ю":   {"первый ю", "1юн", "iю"},
		"2ю":   {"второй ю", "2юн", "iiю"},
		"3ю":   {"третий ю", "3юн", "iiiю"},
	}
	out := map[string]string{}
	for notation, typed := range forms {
		out[foldTitle20261126154500(notation)] = notation
		for _, f := range typed {
			out[foldTitle20261126154500(f)] = notation
		}
	}
	return out
}()

// foldTitle20261126154500 folds a typed title as rules.Titles folded it
// when this migration was written: case and ё, points and dashes as
// spaces, «разряд», «спортивный», «звание» dropped, «юн.» as «ю», Roman
// I–III as digits, the words joined.
func foldTitle20261126154500(text string) string {
	text = strings.NewReplacer("ё", "е", ".", " ", "-", " ", "—", " ").Replace(strings.ToLower(text))
	var words []string
	for _, w := range strings.Fields(text) {
		switch w {
		case "разряд", "спортивный", "звание":
		case "юн", "юношеский":
			words = append(words, "ю")
		case "i":
			words = append(words, "1")
		case "ii":
			words = append(words, "2")
		case "iii":
			words = append(words, "3")
		default:
			words = append(words, w)
		}
	}
	return strings.Join(words, "")
}
