package people

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"adiukh/internal/names"
	"adiukh/tournament"
)

// An event's players come from a TRF file, a pasted list or the desk, and
// only those whose federation ID is in the register are linked on the way
// in (entries.Service.RegisterPlayers, interchange.Service.ImportTRF). The
// others are offered to the arbiter here: each with the persons of the
// register they may be, to confirm one, or to add the player to the
// register as a new person.

// maxCandidates is how many persons a player is offered: the closest.
const maxCandidates = 5

// PersonCandidate is a person of the register an event's player may be.
type PersonCandidate struct {
	Person tournament.Person
	// Distance is how many letters the names differ by (0: the same words
	// up to order, case and ё/е, in either script); Missing how many words
	// one has and the other lacks (a patronymic, one part of a double
	// surname).
	Distance, Missing int
	// SameBirthYear: both birth years are known and equal; OtherBirthYear:
	// both are known and differ.
	SameBirthYear, OtherBirthYear bool
	// Sure: the candidate is the player beyond doubt, the same words of
	// the name and the same birth year, and no other candidate is so.
	// Namesake: the same, but another candidate is so too (two persons of
	// one name born the same year), and the arbiter chooses (issue 60:
	// both read "sure").
	Sure, Namesake bool
}

// exact reports whether the candidate has the player's name, word for
// word, and birth year.
func (c PersonCandidate) exact() bool { return c.Distance == 0 && c.Missing == 0 && c.SameBirthYear }

// RegisterMatch is an event's player not linked to the register, with the
// persons they may be, closest first.
type RegisterMatch struct {
	Player     tournament.Player
	Candidates []PersonCandidate
	// Surname, GivenNames and Patronymic are how the player would be
	// added to the register as a new person, for the arbiter to confirm
	// or correct: their account's parts, or the desk's name surname first
	// (no patronymic); all empty when the account gives the name as one
	// string, which is not split by guessing.
	Surname, GivenNames, Patronymic string
}

// Sure is the one candidate that is the player beyond doubt, or nil: only
// when no other candidate is as close.
func (m RegisterMatch) Sure() *tournament.Person {
	for i := range m.Candidates {
		if m.Candidates[i].Sure {
			return &m.Candidates[i].Person
		}
	}
	return nil
}

// RegisterMatches is the desk's page of an event's players not linked to
// the register, each with the persons they may be.
type RegisterMatches struct {
	Event   tournament.Event
	Matches []RegisterMatch
	// Sure counts the matches LinkSureMatches would link.
	Sure int
}

// RegisterMatches reads an event's players who are not linked to the
// register, each with the persons they may be, for its arbiter.
func (s *Service) RegisterMatches(ctx context.Context, eventID int64) (*RegisterMatches, error) {
	out := &RegisterMatches{}
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := tournament.MayManage(ctx, e); err != nil {
			return err
		}
		out.Event = *e
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		out.Matches, err = registerMatches(tx, eventID, players)
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, m := range out.Matches {
		if m.Sure() != nil {
			out.Sure++
		}
	}
	return out, nil
}

func registerMatches(tx Tx, eventID int64, players []tournament.Player) ([]RegisterMatch, error) {
	accounts, err := tx.PlayerAccounts(eventID)
	if err != nil {
		return nil, err
	}
	linked := map[int64]bool{}
	for _, p := range players {
		linked[p.PersonID] = true
	}
	var out []RegisterMatch
	for _, p := range players {
		if p.PersonID != 0 {
			continue
		}
		candidates, err := candidatesOf(tx, &p, linked)
		if err != nil {
			return nil, err
		}
		m := RegisterMatch{Player: p, Candidates: rankCandidates(candidates)}
		if a, ok := accounts[p.ID]; ok {
			m.Surname, m.GivenNames, m.Patronymic = split(&p, &a)
		} else {
			m.Surname, m.GivenNames, m.Patronymic = split(&p, nil)
		}
		out = append(out, m)
	}
	return out, nil
}

// searchLimit is how many persons one search of the register for a
// player's candidates reads at most.
const searchLimit = 2000

// candidatesOf finds the persons a player may be: those whose names match
// the player's (names.Match: the words in any order, ё = е, a missing
// patronymic or part of a double surname, a slip in a word, Cyrillic or
// Latin), the persons already linked to another player of the event left
// out, those born the player's year first.
func candidatesOf(tx RegisterTx, p *tournament.Player, taken map[int64]bool) ([]PersonCandidate, error) {
	forms := searchForms(p.Name)
	if len(forms) == 0 {
		return nil, nil
	}
	found, err := tx.SearchPeople([][]string{forms}, nil, 0, searchLimit)
	if err != nil {
		return nil, err
	}
	name := []names.Prepared{names.Prepare(p.Name)}
	var out []PersonCandidate
	for _, person := range found {
		if taken[person.ID] {
			continue
		}
		forms := nameForms(&person)
		if person.Patronymic != "" {
			// The desk and the entries name players without the
			// patronymic, as lists do: that name is the person's in full.
			forms = append(forms, names.Prepare(person.Name()))
		}
		s, ok := bestMatch(name, forms)
		if !ok {
			continue
		}
		out = append(out, candidate(person, s, p.BirthYear))
	}
	return out, nil
}

// candidate is a person a name matched with score s, their birth year
// told against the one given (0 for unknown).
func candidate(person tournament.Person, s names.Score, birthYear int) PersonCandidate {
	known := birthYear != 0 && person.BirthYear != 0
	return PersonCandidate{Person: person, Distance: s.Slips, Missing: s.Missing,
		SameBirthYear: known && birthYear == person.BirthYear, OtherBirthYear: known && birthYear != person.BirthYear}
}

// rankCandidates orders candidates by birth year (the same first, then
// unknown, then another) and closeness, and keeps the closest
// maxCandidates.
func rankCandidates(out []PersonCandidate) []PersonCandidate {
	slices.SortFunc(out, func(a, b PersonCandidate) int {
		rank := func(c PersonCandidate) int {
			switch {
			case c.SameBirthYear:
				return 0
			case c.OtherBirthYear:
				return 2
			}
			return 1
		}
		return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a.Distance+a.Missing, b.Distance+b.Missing), cmp.Compare(a.Person.ID, b.Person.ID))
	})
	exact := 0
	for _, c := range out {
		if c.exact() {
			exact++
		}
	}
	for i := range out {
		out[i].Sure, out[i].Namesake = out[i].exact() && exact == 1, out[i].exact() && exact > 1
	}
	if len(out) > maxCandidates {
		out = out[:maxCandidates]
	}
	return out
}

// searchForms are what the register is searched by for a name's
// candidates: each word of three letters or more (the parts of a
// hyphenated one apart) and, so that a slip in every word still finds the
// person, the halves of the long ones (a slip leaves one half whole); each
// in its Latin form too, for a person written in Latin letters only.
func searchForms(name string) []string {
	var out []string
	for _, w := range names.Words(name) {
		r := []rune(w)
		if len(r) < 3 {
			continue
		}
		forms := []string{w}
		if len(r) >= 6 {
			half := (len(r) + 1) / 2
			forms = []string{string(r[:half]), string(r[len(r)-half:])}
		}
		for _, f := range forms {
			out = append(out, f, names.Fold(names.Transliterate(f, names.ICAO)))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// LinkPlayerToPerson links an event's player to a person of the register,
// as its arbiter confirms a match; 0 unlinks the player. The player takes
// the person's federation ID and the details the player lacks
// (linkPerson). A person plays once in an event.
func (s *Service) LinkPlayerToPerson(ctx context.Context, eventID, playerID, personID int64) (*tournament.Player, error) {
	var p *tournament.Player
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, players, player, err := managedPlayer(ctx, tx, eventID, playerID)
		if err != nil {
			return err
		}
		p = player
		var person *tournament.Person
		if personID != 0 {
			if person, err = tournament.PersonOf(tx, personID); err != nil {
				return err
			}
		}
		return linkPerson(tx, s.now(), u, e.Game, players, p, person)
	})
	return p, err
}

// LinkSureMatches links, in one transaction, every unlinked player of an
// event who has one sure match in the register (the same name and birth
// year, and no other as close), and returns how many it linked.
func (s *Service) LinkSureMatches(ctx context.Context, eventID int64) (int, error) {
	linked := 0
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		matches, err := registerMatches(tx, eventID, players)
		if err != nil {
			return err
		}
		for _, m := range matches {
			person := m.Sure()
			if person == nil {
				continue
			}
			i := slices.IndexFunc(players, func(p tournament.Player) bool { return p.ID == m.Player.ID })
			if err := linkPerson(tx, s.now(), u, e.Game, players, &players[i], person); err != nil {
				return err
			}
			linked++
		}
		return nil
	})
	return linked, err
}

// split is how a player would be added to the register: the parts of
// their account's name; else, unless the name is their account's one
// string (never split by guessing: all empty), the first word of the
// desk's name as the surname, the order of every list, and no
// patronymic.
func split(p *tournament.Player, account *tournament.User) (surname, given, patronymic string) {
	if account != nil && account.NamedInParts() {
		return account.Surname, account.GivenNames, account.Patronymic
	}
	name := strings.Join(strings.Fields(p.Name), " ")
	if account != nil && tournament.SameFolded(name, account.Name) {
		return "", "", ""
	}
	surname, given, _ = strings.Cut(name, " ")
	return surname, given, ""
}

// NewPersonNames are the names a player is added to the register under,
// as the arbiter confirms them (the patronymic optional); left empty,
// RegisterMatch's are taken.
type NewPersonNames struct {
	Surname, GivenNames, Patronymic string
}

// AddPlayerToRegister adds an event's player who is not in the register
// as a new person and links them; for the event's arbiter, who may add
// people. The names are the arbiter's, or else the player's account's
// parts, or else the desk's name with the first word as the surname; a
// name the account gives as one string must be split by the arbiter. The
// person takes the sex the account gives, and the player's birth year,
// club, city and title (of the event's game, awarded by nobody known).
func (s *Service) AddPlayerToRegister(ctx context.Context, eventID, playerID int64, names NewPersonNames) (*tournament.Person, error) {
	if _, err := mayAddPeople(ctx); err != nil {
		return nil, err
	}
	var person *tournament.Person
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, players, p, err := managedPlayer(ctx, tx, eventID, playerID)
		if err != nil {
			return err
		}
		if p.PersonID != 0 {
			return tournament.Conflict("person_id", "%s is linked to the register already", p.Name)
		}
		accounts, err := tx.PlayerAccounts(eventID)
		if err != nil {
			return err
		}
		var account *tournament.User
		if a, ok := accounts[p.ID]; ok {
			account = &a
		}
		surname, given, patronymic := names.Surname, names.GivenNames, names.Patronymic
		if strings.TrimSpace(surname+given) == "" {
			surname, given, patronymic = split(p, account)
			switch {
			case surname == "":
				return tournament.Invalid("surname", "the account of %s gives the name as one string; give the surname and the given names apart", p.Name)
			case given == "":
				return tournament.Invalid("given_names", "the player's name %q has no given name; add the person to the register with their full name, then link them", p.Name)
			}
		}
		sex := ""
		if account != nil {
			sex = account.Sex
		}
		person = &tournament.Person{CreatedAt: s.now().UTC()}
		var titles []tournament.PersonTitle
		if p.Title != "" {
			titles = append(titles, tournament.PersonTitle{Game: e.Game.OrDefault(), Title: p.Title})
		}
		in := PersonInput{Surname: &surname, GivenNames: &given, Patronymic: &patronymic, Sex: &sex, BirthYear: &p.BirthYear, Club: &p.Club, Region: &p.City, Titles: &titles}
		if err := in.apply(person, s.now().Year()); err != nil {
			return err
		}
		if err := s.createPerson(tx, u, person); err != nil {
			return err
		}
		return linkPerson(tx, s.now(), u, e.Game, players, p, person)
	})
	if err != nil {
		return nil, err
	}
	return person, nil
}

// managedPlayer locks an event the user may manage and reads its players
// with the one named, which must be among them.
func managedPlayer(ctx context.Context, tx Tx, eventID, playerID int64) (*tournament.Event, *tournament.User, []tournament.Player, *tournament.Player, error) {
	e, u, err := tournament.Manageable(ctx, tx, eventID)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	players, err := tx.Players(eventID)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	i := slices.IndexFunc(players, func(p tournament.Player) bool { return p.ID == playerID })
	if i < 0 {
		return nil, nil, nil, nil, tournament.NotFound("player %d not found in event %d", playerID, eventID)
	}
	return e, u, players, &players[i], nil
}
