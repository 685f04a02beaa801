package prizelist

import (
	"context"
	"strings"

	"adiukh/tournament"
	"adiukh/tournament/prizes"
)

// View is an event's prize list as its pages, documents and the JSON API
// show it: the list, and once the event is finished who gets what.
type View struct {
	Event *tournament.Event
	// List is nil while the arbiter has set none.
	List *List
	// Finished: the final standings stand and the prizes are given
	// (Awards, Declined, Unawarded); until then nothing is given yet.
	Finished  bool
	Awards    []Award
	Declined  []Award
	Unawarded []Prize
	// Total is the sum of the awards.
	Total int64
	// CanSet tells whether the reader may change the list now: a manager
	// of an event not finished.
	CanSet bool
	// Unknown are the players of each category of the list who fit it
	// not because their data is missing (no birth year for the juniors):
	// the site does not guess, and the arbiter may complete the data.
	Unknown []Unknown
}

// Unknown counts the players whose data a category reads is missing.
type Unknown struct {
	Category Category
	Missing  Missing
	Players  int
}

// Award is a player's award: the prize of the player's place in its list
// in the tie-break order, what the player gets of it under the rule for
// ties, and the players it was pooled with.
type Award struct {
	Prize    Prize
	PlayerID int64
	StartNo  int
	Name     string
	// Rank and Score are the player's in the final standings.
	Rank  int
	Score float64
	// From and To are the places of the list the player's group tied on
	// points occupies, Tied its players (1: not tied).
	From, To, Tied int
	Amount         int64
}

// Shared reports whether the award is a share of prizes pooled among
// players tied on points.
func (a Award) Shared() bool { return a.Tied > 1 }

// Read reads an event's prize list and, once the event is finished, its
// awards, given from the final standings.
func (s *Service) Read(ctx context.Context, eventID int64) (*View, error) {
	var v *View
	err := s.store.View(ctx, func(tx Tx) error {
		e, players, rounds, err := tournament.ReadPublic(ctx, tx, eventID)
		if err != nil {
			return err
		}
		v = &View{Event: e, Finished: e.Status == tournament.Finished}
		v.CanSet = !v.Finished && tournament.CanManage(tournament.UserFromContext(ctx), e) && prizesFor(e) == nil
		if v.List, err = tx.PrizeList(eventID); err != nil || v.List == nil {
			return err
		}
		people, err := persons(tx, players)
		if err != nil {
			return err
		}
		v.Unknown = unknown(v.List, players, people)
		if !v.Finished {
			return nil
		}
		st, err := s.events.StandingsOf(tx, e, players, rounds, 0)
		if err != nil {
			return err
		}
		return v.give(st, players, people)
	})
	return v, err
}

// give computes the awards of the final standings st.
func (v *View) give(st *tournament.Standings, players []tournament.Player, people map[int64]*tournament.Person) error {
	byID := make(map[int64]*tournament.Player, len(players))
	for i := range players {
		byID[players[i].ID] = &players[i]
	}
	categories := map[string]Category{}
	for _, p := range v.List.Prizes {
		if p.Kind != "" {
			categories[p.Key()] = p.Category
		}
	}
	in := prizes.Input{Ties: v.List.Ties, OnePerPlayer: v.List.OnePerPlayer}
	for _, p := range v.List.Prizes {
		key := ""
		if p.Kind != "" {
			key = p.Key()
		}
		in.Prizes = append(in.Prizes, prizes.Prize{Category: key, Place: p.Place, Amount: p.Amount})
	}
	rows := map[int64]tournament.StandingsRow{}
	for _, row := range st.Rows {
		rows[row.PlayerID] = row
		p := byID[row.PlayerID]
		line := prizes.Player{ID: row.PlayerID, Score: row.Score, Rank: row.Rank}
		for key, c := range categories {
			if ok, _ := fits(c, p, people[p.PersonID]); ok {
				line.Categories = append(line.Categories, key)
			}
		}
		in.Players = append(in.Players, line)
	}
	r, err := prizes.Compute(in)
	if err != nil {
		return err
	}
	prizeOf := func(category string, place int) Prize {
		for _, p := range v.List.Prizes {
			if p.Place == place && (p.Kind == "" && category == "" || p.Kind != "" && p.Key() == category) {
				return p
			}
		}
		// A place past the list's in a group that shares its prizes.
		return Prize{Category: categories[category], Place: place}
	}
	award := func(category string, place, from, to, tied int, playerID, amount int64) Award {
		p, row := byID[playerID], rows[playerID]
		return Award{Prize: prizeOf(category, place), PlayerID: playerID, StartNo: p.StartNo, Name: p.Name,
			Rank: row.Rank, Score: row.Score, From: from, To: to, Tied: tied, Amount: amount}
	}
	for _, a := range r.Awards {
		v.Awards = append(v.Awards, award(a.Category, a.Place, a.From, a.To, a.Tied, a.PlayerID, a.Amount))
	}
	for _, d := range r.Declined {
		v.Declined = append(v.Declined, award(d.Category, d.Place, d.Place, d.Place, 1, d.PlayerID, d.Amount))
	}
	for _, p := range r.Unawarded {
		v.Unawarded = append(v.Unawarded, prizeOf(p.Category, p.Place))
	}
	v.Total = r.Total()
	return nil
}

// persons reads the persons of the register the players are linked to:
// a player's sex is kept there alone, and a birth year may be.
func persons(tx tournament.PersonTx, players []tournament.Player) (map[int64]*tournament.Person, error) {
	out := map[int64]*tournament.Person{}
	for _, p := range players {
		if p.PersonID == 0 || out[p.PersonID] != nil || p.Sex != "" && p.BirthYear != 0 {
			continue
		}
		person, err := tx.Person(p.PersonID)
		if tournament.ErrorCode(err) == tournament.ENOTFOUND {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[p.PersonID] = person
	}
	return out, nil
}

// Missing is what a player lacks for the rules of a category to be read.
type Missing string

// What a player may lack.
const (
	MissingNone      Missing = ""
	MissingSex       Missing = "sex"
	MissingBirthYear Missing = "birth_year"
	MissingClub      Missing = "club"
	MissingRegion    Missing = "region"
)

// fits tells whether player p (linked to person, nil when not) fits the
// category c, and when the answer is no because the data is missing,
// what is missing: a player whose sex or birth year is not recorded fits
// no category that reads it.
func fits(c Category, p *tournament.Player, person *tournament.Person) (bool, Missing) {
	sex, born := p.Sex, p.BirthYear
	if person != nil {
		if sex == "" {
			sex = person.Sex
		}
		if born == 0 {
			born = person.BirthYear
		}
	}
	switch c.Kind {
	case Women:
		if sex == "" {
			return false, MissingSex
		}
		return sex == tournament.Women, MissingNone
	case Juniors, Veterans:
		if born == 0 {
			return false, MissingBirthYear
		}
		if c.Kind == Juniors {
			return born >= c.BornFrom, MissingNone
		}
		return born <= c.BornTo, MissingNone
	case Rating:
		return p.Rating > 0 && p.Rating < c.RatingBelow, MissingNone
	case Unrated:
		return p.Rating == 0, MissingNone
	case Club:
		if p.Club == "" {
			return false, MissingClub
		}
		return sameName(p.Club, c.Club), MissingNone
	case Region:
		if p.City == "" {
			return false, MissingRegion
		}
		return sameName(p.City, c.Region), MissingNone
	}
	return false, MissingNone
}

// sameName compares a club's or region's names as people type them: case,
// spaces and ё/е aside.
func sameName(a, b string) bool {
	return tournament.FoldName(strings.TrimSpace(a)) == tournament.FoldName(strings.TrimSpace(b))
}

// unknown counts, for each category of the list, the players whose data it
// reads is missing.
func unknown(l *List, players []tournament.Player, people map[int64]*tournament.Person) []Unknown {
	var out []Unknown
	seen := map[string]bool{}
	for _, p := range l.Prizes {
		if p.Kind == "" || seen[p.Key()] {
			continue
		}
		seen[p.Key()] = true
		counts := map[Missing]int{}
		for i := range players {
			if _, missing := fits(p.Category, &players[i], people[players[i].PersonID]); missing != MissingNone {
				counts[missing]++
			}
		}
		for _, m := range []Missing{MissingSex, MissingBirthYear, MissingClub, MissingRegion} {
			if counts[m] > 0 {
				out = append(out, Unknown{Category: p.Category, Missing: m, Players: counts[m]})
			}
		}
	}
	return out
}

// fitted refuses a list that cannot work with the event's players: more
// prizes by place than players, a category nobody fits (saying how many
// players lack the data it reads), a category with more prizes than
// players who fit it.
func fitted(l *List, players []tournament.Player, people map[int64]*tournament.Person) error {
	counts := map[string]int{}
	var order []Category
	for _, p := range l.Prizes {
		key := p.Key()
		if counts[key] == 0 {
			order = append(order, p.Category)
		}
		counts[key] = max(counts[key], p.Place)
	}
	for _, c := range order {
		places := counts[c.Key()]
		if c.Kind == "" {
			if places > len(players) {
				return tournament.Invalid("prizes", "%d prizes by place for %d players: a prize list has no more prizes than the event has players", places, len(players))
			}
			continue
		}
		fit, lacking := 0, map[Missing]int{}
		for i := range players {
			p := &players[i]
			ok, missing := fits(c, p, people[p.PersonID])
			if ok {
				fit++
			}
			if missing != MissingNone {
				lacking[missing]++
			}
		}
		switch {
		case fit == 0 && len(lacking) > 0:
			for _, m := range []Missing{MissingSex, MissingBirthYear, MissingClub, MissingRegion} {
				if lacking[m] > 0 {
					return tournament.Invalid("prizes", "nobody fits %s: %d of the %d players have no %s recorded, and a player whose data is missing fits no category that reads it", listName(c), lacking[m], len(players), missingWords(m))
				}
			}
		case fit == 0:
			return tournament.Invalid("prizes", "nobody of the event's %d players fits %s", len(players), listName(c))
		case places > fit:
			return tournament.Invalid("prizes", "%s: %d prizes, and only %d of the players fit the category", listName(c), places, fit)
		}
	}
	return nil
}

// missingWords names missing data in a message (catalog.Term).
type missingWords Missing

var missingKeys = map[Missing]string{MissingSex: "prizes.missing.sex", MissingBirthYear: "prizes.missing.birth_year",
	MissingClub: "prizes.missing.club", MissingRegion: "prizes.missing.region"}

func (m missingWords) Key() string    { return missingKeys[Missing(m)] }
func (m missingWords) Words() string  { return strings.ReplaceAll(string(m), "_", " ") }
func (m missingWords) String() string { return m.Words() }
