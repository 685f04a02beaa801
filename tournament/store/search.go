package store

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"adiukh/tournament"
	"adiukh/tournament/search"
)

// searchTermRow is a word of the search index (migration 2026112292).
type searchTermRow struct {
	Term     string `gorm:"primaryKey"`
	EventID  int64  `gorm:"primaryKey;autoIncrement:false"`
	PlayerID int64  `gorm:"primaryKey;autoIncrement:false"`
}

func (searchTermRow) TableName() string { return "search_terms" }

// maxTermBytes is the width of the index's word column; a longer word is
// not indexed (no name has one).
const maxTermBytes = 200

// index puts the words of text in the search index for an event (playerID
// 0) or a player, in place of what was there.
func (t *tx) index(text string, eventID, playerID int64) error {
	if err := t.db.Where("event_id = ? AND player_id = ?", eventID, playerID).Delete(&searchTermRow{}).Error; err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	rows := termRows(text, eventID, playerID)
	if len(rows) == 0 {
		return nil
	}
	if err := t.db.Create(&rows).Error; err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	return nil
}

func (t *tx) indexEvent(e *tournament.Event) error { return t.index(e.Name+" "+e.City, e.ID, 0) }

func (t *tx) indexPlayer(p *tournament.Player) error { return t.index(p.Name, p.EventID, p.ID) }

// termRows are the index rows of the words of text.
func termRows(text string, eventID, playerID int64) []searchTermRow {
	var rows []searchTermRow
	for _, term := range search.Terms(text) {
		if len(term) <= maxTermBytes {
			rows = append(rows, searchTermRow{Term: term, EventID: eventID, PlayerID: playerID})
		}
	}
	return rows
}

// Search reads the range of the index of the longest word (the words from
// the word itself up to the last string it starts) and keeps the events and
// players whose other words (found by their own index entry) start with
// every other word of the query; SQL orders and pages them.
func (t *tx) Search(words []string, ownerID int64, all bool, offset, limit int) ([]search.Match, error) {
	words = slices.Clone(words)
	slices.SortStableFunc(words, func(a, b string) int { return len(b) - len(a) })
	upTo := func(w string) string { return w + "\U0010FFFF" }
	where := "s.term >= ? AND s.term < ?"
	params := []any{words[0], upTo(words[0])}
	if !all {
		where += " AND (e.visibility = ? OR e.owner_id = ?)"
		params = append(params, string(tournament.Public), ownerID)
	}
	if others := words[1:]; len(others) > 0 {
		var which []string
		for i, w := range others {
			which = append(which, fmt.Sprintf("WHEN o.term >= ? AND o.term < ? THEN %d", i))
			params = append(params, w, upTo(w))
		}
		where += ` AND (SELECT COUNT(DISTINCT CASE ` + strings.Join(which, " ") + ` END) FROM search_terms o
			WHERE o.event_id = s.event_id AND o.player_id = s.player_id) = ?`
		params = append(params, len(others))
	}
	query := `SELECT s.event_id, s.player_id FROM search_terms s JOIN events e ON e.id = s.event_id
		WHERE ` + where + `
		GROUP BY s.event_id, s.player_id
		ORDER BY MIN(CASE WHEN s.player_id = 0 THEN 0 ELSE 1 END), MAX(e.start_date) DESC, s.event_id DESC, s.player_id
		LIMIT ? OFFSET ?`
	params = append(params, limit, offset)
	var out []search.Match
	if err := t.db.Raw(query, params...).Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return out, nil
}

// Search is the store of the site's search: the index, with the events and
// players it names, read in one snapshot.
func (s *Store) Search() search.Store { return searchStore{s} }

type searchStore struct{ s *Store }

func (e searchStore) View(ctx context.Context, fn func(tx search.Tx) error) error {
	return e.s.run(ctx, e.s.read, e.s.viewOptions(), func(t *tx) error { return fn(t) })
}
