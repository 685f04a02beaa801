package tournament

import (
	"context"
	"slices"
	"strings"
	"unicode"
)

// SearchPageSize is the number of hits a page of search results shows.
const SearchPageSize = 20

// maxSearchWords bounds the words of one query; more add nothing a reader
// needs and cost a range of the index each.
const maxSearchWords = 5

// SearchTx finds events and players by the words of their names (and an
// event's city) through an index kept by the store.
type SearchTx interface {
	// Search lists the events and players having a word that starts with
	// each of words, among the events the viewer may list (all of them
	// when all is true, else the public ones and those owned by ownerID):
	// events before players, newest events first; offset and limit page.
	Search(words []string, ownerID int64, all bool, offset, limit int) ([]SearchMatch, error)
}

// SearchMatch is one hit of the index: an event (PlayerID 0) or a player
// of it.
type SearchMatch struct {
	EventID  int64
	PlayerID int64
}

// SearchTerms are the words a text is found by: folded as names compare
// (case, ё as е), split at anything that is not a letter or a digit.
func SearchTerms(text string) []string {
	words := strings.FieldsFunc(nameKey(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	slices.Sort(words)
	return slices.Compact(words)
}

// SearchHit is an event or a player of an event found by a search.
type SearchHit struct {
	Event  Event
	Player *Player
}

// SearchPage is one page of search results.
type SearchPage struct {
	Query string
	Page  int
	Hits  []SearchHit
	// More reports whether another page follows.
	More bool
}

// Search finds the events (by name or city) and the players (by name) the
// reader may see whose words start with every word of the query: "майк"
// finds "Кубок Майкопа", "ёлк" finds "Ёлкин". Page counts from 1.
func (s *Service) Search(ctx context.Context, query string, page int) (*SearchPage, error) {
	if page < 1 {
		return nil, Invalid("page", "pages are numbered from 1; got %d", page)
	}
	words := SearchTerms(query)
	if len(words) > maxSearchWords {
		words = words[:maxSearchWords]
	}
	out := &SearchPage{Query: strings.TrimSpace(query), Page: page}
	if len(words) == 0 {
		return out, nil
	}
	u := UserFromContext(ctx)
	var owner int64
	if u != nil {
		owner = u.ID
	}
	err := s.store.View(ctx, func(tx Tx) error {
		matches, err := tx.Search(words, owner, u != nil && u.Role == Admin, (page-1)*SearchPageSize, SearchPageSize+1)
		if err != nil {
			return err
		}
		if len(matches) > SearchPageSize {
			matches, out.More = matches[:SearchPageSize], true
		}
		events := map[int64]*Event{}
		players := map[int64][]Player{}
		for _, m := range matches {
			e := events[m.EventID]
			if e == nil {
				if e, err = tx.Event(m.EventID); err != nil {
					return err
				}
				events[m.EventID] = e
			}
			hit := SearchHit{Event: *e}
			if m.PlayerID != 0 {
				if _, ok := players[m.EventID]; !ok {
					if players[m.EventID], err = tx.Players(m.EventID); err != nil {
						return err
					}
				}
				i := slices.IndexFunc(players[m.EventID], func(p Player) bool { return p.ID == m.PlayerID })
				if i < 0 {
					continue
				}
				hit.Player = &players[m.EventID][i]
			}
			out.Hits = append(out.Hits, hit)
		}
		return nil
	})
	return out, err
}
