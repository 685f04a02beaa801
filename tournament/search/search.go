// Package search is the site's search: the events (by name or city) and
// the players of events (by name) a reader may see, found by the
// beginnings of their words through an index the store keeps as it writes
// events and players. It has its own Service and store interface
// (search.Store, Tx of IndexTx and the events and players it shows),
// which store implements (Store.Search()).
package search

import (
	"context"
	"slices"
	"strings"
	"unicode"

	"adiukh/tournament"
)

// PageSize is the number of hits a page of search results shows.
const PageSize = 20

// maxWords bounds the words of one query; more add nothing a reader needs
// and cost a range of the index each.
const maxWords = 5

// Service finds events and players. The reader comes from the context, as
// for tournament.Service.
type Service struct {
	store Store
}

// NewService returns the search over st.
func NewService(st Store) *Service { return &Service{store: st} }

// Store reads the index, the events and their players in one snapshot.
type Store interface {
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the store inside one read: the index and the events and players
// its matches name.
type Tx interface {
	IndexTx
	tournament.EventTx
	tournament.PlayerTx
}

// IndexTx finds events and players by the words of their names (and an
// event's city) through an index kept by the store.
type IndexTx interface {
	// Search lists the events and players having a word that starts with
	// each of words, among the events the viewer may list (all of them
	// when all is true, else the public ones and those owned by ownerID):
	// events before players, newest events first; offset and limit page.
	Search(words []string, ownerID int64, all bool, offset, limit int) ([]Match, error)
}

// Match is one hit of the index: an event (PlayerID 0) or a player of it.
type Match struct {
	EventID  int64
	PlayerID int64
}

// Terms are the words a text is found by: folded as names compare (case,
// ё as е), split at anything that is not a letter or a digit. The store
// indexes events and players by them.
func Terms(text string) []string {
	words := strings.FieldsFunc(tournament.NameKey(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	slices.Sort(words)
	return slices.Compact(words)
}

// Hit is an event or a player of an event found by a search.
type Hit struct {
	Event  tournament.Event
	Player *tournament.Player
}

// Results are one page of search results.
type Results struct {
	Query string
	Page  int
	Hits  []Hit
	// More reports whether another page follows.
	More bool
}

// Search finds the events (by name or city) and the players (by name) the
// reader may see whose words start with every word of the query: "майк"
// finds "Кубок Майкопа", "ёлк" finds "Ёлкин". Page counts from 1.
func (s *Service) Search(ctx context.Context, query string, page int) (*Results, error) {
	if page < 1 {
		return nil, tournament.Invalid("page", "pages are numbered from 1; got %d", page)
	}
	words := Terms(query)
	if len(words) > maxWords {
		words = words[:maxWords]
	}
	out := &Results{Query: strings.TrimSpace(query), Page: page}
	if len(words) == 0 {
		return out, nil
	}
	u := tournament.UserFromContext(ctx)
	var owner int64
	if u != nil {
		owner = u.ID
	}
	err := s.store.View(ctx, func(tx Tx) error {
		matches, err := tx.Search(words, owner, u != nil && u.Role == tournament.Admin, (page-1)*PageSize, PageSize+1)
		if err != nil {
			return err
		}
		if len(matches) > PageSize {
			matches, out.More = matches[:PageSize], true
		}
		events := map[int64]*tournament.Event{}
		players := map[int64][]tournament.Player{}
		for _, m := range matches {
			e := events[m.EventID]
			if e == nil {
				if e, err = tx.Event(m.EventID); err != nil {
					return err
				}
				events[m.EventID] = e
			}
			hit := Hit{Event: *e}
			if m.PlayerID != 0 {
				if _, ok := players[m.EventID]; !ok {
					if players[m.EventID], err = tx.Players(m.EventID); err != nil {
						return err
					}
				}
				i := slices.IndexFunc(players[m.EventID], func(p tournament.Player) bool { return p.ID == m.PlayerID })
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
