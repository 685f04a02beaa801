package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/people"
)

// The register of people (people.RegisterTx, and tournament.PersonTx,
// what the events read of it), created by migration 20261125074256-people.

type personRow struct {
	ID              int64 `gorm:"primaryKey"`
	FederationID    string
	Federation      string
	Surname         string
	GivenNames      string
	LatinSurname    string
	LatinGivenNames string
	LatinSystem     string
	Patronymic      string
	// NameKey is the names folded for search: Cyrillic and Latin forms,
	// lower case, ё as е, with the federation ID.
	NameKey   string
	Sex       string
	BirthYear int
	Club      string
	// ClubKey is the club folded for search as NameKey.
	ClubKey    string
	Region     string
	Rank       string
	Titles     []tournament.PersonTitle `gorm:"serializer:json"`
	MergedInto int64
	CreatedAt  time.Time
}

func (personRow) TableName() string { return "people" }

type mergeRow struct {
	ID       int64 `gorm:"primaryKey"`
	FromID   int64
	IntoID   int64
	Players  string // JSON list of player IDs
	At       time.Time
	UserID   int64
	UndoneAt *time.Time
	// Standings are the persons' standings before the merge, JSON of
	// mergeStandings; "" for none.
	Standings string
}

// mergeStandings are the standings a merge keeps for its undo.
type mergeStandings struct {
	From []people.Standing `json:"from,omitempty"`
	Into []people.Standing `json:"into,omitempty"`
}

func (mergeRow) TableName() string { return "person_merges" }

type registerAuditRow struct {
	ID        int64 `gorm:"primaryKey"`
	At        time.Time
	UserID    int64
	UserEmail string
	Action    string
	PersonID  int64
	Before    string
	After     string
}

func (registerAuditRow) TableName() string { return "register_audit" }

var (
	_ tournament.PersonTx = (*tx)(nil)
	_ people.Tx           = (*tx)(nil)
)

// People returns the store of the register of people, on the same database
// and in the same transactions as the tournament store: an event's player
// is linked to a person in the transaction that writes the register.
func (s *Store) People() people.Store { return peopleStore{s} }

type peopleStore struct{ s *Store }

func (p peopleStore) Update(ctx context.Context, fn func(tx people.Tx) error) error {
	return p.s.run(ctx, p.s.db, nil, func(t *tx) error { return fn(t) })
}

func (p peopleStore) View(ctx context.Context, fn func(tx people.Tx) error) error {
	return p.s.run(ctx, p.s.read, p.s.viewOptions(), func(t *tx) error { return fn(t) })
}

func personKey(p *tournament.Person) string {
	return foldKey(strings.Join([]string{p.Surname, p.GivenNames, p.Patronymic, p.LatinSurname, p.LatinGivenNames, p.FederationID}, " "))
}

// foldKey folds a text for search: lower case, ё as е.
func foldKey(s string) string { return strings.ReplaceAll(strings.ToLower(s), "ё", "е") }

func personToRow(p *tournament.Person) *personRow {
	// The column holds a list, never NULL: a person with no titles has [].
	titles := p.Titles
	if titles == nil {
		titles = []tournament.PersonTitle{}
	}
	return &personRow{ID: p.ID, FederationID: p.FederationID, Surname: p.Surname, GivenNames: p.GivenNames, LatinSurname: p.LatinSurname,
		LatinGivenNames: p.LatinGivenNames, LatinSystem: p.LatinSystem, Patronymic: p.Patronymic, NameKey: personKey(p), Sex: p.Sex, BirthYear: p.BirthYear,
		Club: p.Club, ClubKey: foldKey(p.Club), Region: p.Region, Rank: p.Rank, Federation: p.Federation, Titles: titles, MergedInto: p.MergedInto, CreatedAt: p.CreatedAt.UTC()}
}

func rowToPerson(r *personRow) tournament.Person {
	return tournament.Person{ID: r.ID, FederationID: r.FederationID, Surname: r.Surname, GivenNames: r.GivenNames, LatinSurname: r.LatinSurname,
		LatinGivenNames: r.LatinGivenNames, LatinSystem: r.LatinSystem, Patronymic: r.Patronymic, Sex: r.Sex, BirthYear: r.BirthYear, Club: r.Club, Region: r.Region,
		Rank: r.Rank, Federation: r.Federation, Titles: r.Titles, MergedInto: r.MergedInto, CreatedAt: r.CreatedAt.UTC()}
}

func (t *tx) CreatePerson(p *tournament.Person) error {
	row := personToRow(p)
	if err := t.db.Create(row).Error; err != nil {
		return fmt.Errorf("add a person to the register: %w", err)
	}
	p.ID = row.ID
	return nil
}

func (t *tx) UpdatePerson(p *tournament.Person) error {
	if err := t.db.Save(personToRow(p)).Error; err != nil {
		return fmt.Errorf("change person %d: %w", p.ID, err)
	}
	return nil
}

func (t *tx) Person(id int64) (*tournament.Person, error) {
	var row personRow
	if err := t.db.First(&row, id).Error; err != nil {
		return nil, notFound(err, "person %d not found", id)
	}
	p := rowToPerson(&row)
	return &p, nil
}

func (t *tx) PersonByFederationID(id string) (*tournament.Person, error) {
	var row personRow
	if err := t.db.Where("LOWER(federation_id) = LOWER(?) AND merged_into = 0", strings.TrimSpace(id)).First(&row).Error; err != nil {
		return nil, notFound(err, "no person has the federation ID %s", id)
	}
	p := rowToPerson(&row)
	return &p, nil
}

func (t *tx) SearchPeople(words [][]string, numbers []int, offset, limit int) ([]tournament.Person, error) {
	q := t.db.Where("merged_into = 0")
	for _, forms := range words {
		var match []string
		var args []any
		for _, w := range forms {
			like := "%" + escapeLike(w) + "%"
			match = append(match, "name_key LIKE ? OR club_key LIKE ?")
			args = append(args, like, like)
		}
		q = q.Where("("+strings.Join(match, " OR ")+")", args...)
	}
	for _, n := range numbers {
		q = q.Where("(birth_year = ? OR federation_id = ?)", n, fmt.Sprint(n))
	}
	var rows []personRow
	if err := q.Order("surname, given_names, id").Offset(offset).Limit(limit).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("search the register: %w", err)
	}
	return peopleFromRows(rows), nil
}

// escapeLike drops a searched word's % and _, which LIKE would read as
// wildcards: no name holds one.
func escapeLike(w string) string { return strings.NewReplacer("%", "", "_", "").Replace(w) }

func peopleFromRows(rows []personRow) []tournament.Person {
	out := make([]tournament.Person, len(rows))
	for i := range rows {
		out[i] = rowToPerson(&rows[i])
	}
	return out
}

func (t *tx) PeopleBorn() ([]tournament.Person, error) {
	var rows []personRow
	if err := t.db.Where("merged_into = 0 AND birth_year <> 0").Order("birth_year, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the register: %w", err)
	}
	return peopleFromRows(rows), nil
}

func (t *tx) PersonPlayers(personID int64) ([]tournament.Player, error) {
	var rows []playerRow
	if err := t.db.Where("person_id = ?", personID).Order("event_id, id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the players of person %d: %w", personID, err)
	}
	return playersFromRows(rows), nil
}

func (t *tx) MovePlayers(playerIDs []int64, personID int64) error {
	if len(playerIDs) == 0 {
		return nil
	}
	if err := t.db.Model(&playerRow{}).Where("id IN ?", playerIDs).Update("person_id", personID).Error; err != nil {
		return fmt.Errorf("link players to person %d: %w", personID, err)
	}
	return nil
}

func (t *tx) CreateMerge(m *people.Merge) error {
	players, err := json.Marshal(m.Players)
	if err != nil {
		return err
	}
	row := mergeRow{FromID: m.From, IntoID: m.Into, Players: string(players), At: m.At.UTC(), UserID: m.UserID}
	if len(m.FromStandings) > 0 || len(m.IntoStandings) > 0 {
		standings, err := json.Marshal(mergeStandings{From: m.FromStandings, Into: m.IntoStandings})
		if err != nil {
			return err
		}
		row.Standings = string(standings)
	}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("record a merge: %w", err)
	}
	m.ID = row.ID
	return nil
}

func (t *tx) Merge(id int64) (*people.Merge, error) {
	var row mergeRow
	if err := t.db.First(&row, id).Error; err != nil {
		return nil, notFound(err, "merge %d not found", id)
	}
	return readMerge(row)
}

func (t *tx) StandingMerges(personID int64) ([]people.Merge, error) {
	var rows []mergeRow
	if err := t.db.Where("(from_id = ? OR into_id = ?) AND undone_at IS NULL", personID, personID).Order("id DESC").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("read the merges of person %d: %w", personID, err)
	}
	out := make([]people.Merge, len(rows))
	for i, row := range rows {
		m, err := readMerge(row)
		if err != nil {
			return nil, err
		}
		out[i] = *m
	}
	return out, nil
}

func readMerge(row mergeRow) (*people.Merge, error) {
	id := row.ID
	m := &people.Merge{ID: row.ID, From: row.FromID, Into: row.IntoID, At: row.At.UTC(), UserID: row.UserID, UndoneAt: fromOptional(row.UndoneAt)}
	if err := json.Unmarshal([]byte(row.Players), &m.Players); err != nil {
		return nil, fmt.Errorf("read merge %d: %w", id, err)
	}
	if row.Standings != "" {
		var st mergeStandings
		if err := json.Unmarshal([]byte(row.Standings), &st); err != nil {
			return nil, fmt.Errorf("read merge %d: %w", id, err)
		}
		m.FromStandings, m.IntoStandings = st.From, st.Into
	}
	return m, nil
}

func (t *tx) UpdateMerge(m *people.Merge) error {
	if err := t.db.Model(&mergeRow{}).Where("id = ?", m.ID).Update("undone_at", optionalTime(m.UndoneAt)).Error; err != nil {
		return fmt.Errorf("change merge %d: %w", m.ID, err)
	}
	return nil
}

func (t *tx) AddRegisterAudit(a *people.RegisterAudit) error {
	row := registerAuditRow{At: a.At.UTC(), UserID: a.UserID, UserEmail: a.UserEmail, Action: a.Action, PersonID: a.PersonID, Before: a.Before, After: a.After}
	if err := t.db.Create(&row).Error; err != nil {
		return fmt.Errorf("add to the register's audit log: %w", err)
	}
	a.ID = row.ID
	return nil
}
