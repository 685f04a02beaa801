package ratings

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/rating"
)

// Options configure a Service; the zero value is the federation's
// defaults.
type Options struct {
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Service carries out the use cases of the rating lists.
type Service struct {
	store Store
	opt   Options
	now   func() time.Time
}

// NewService returns the rating lists' service over st.
func NewService(st Store, opt Options) *Service {
	s := &Service{store: st, opt: opt, now: opt.Now}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

func checkList(list string) error {
	if !slices.Contains(Lists, list) {
		return tournament.NotFound("no rating list %q; the lists are %s, %s and %s", list, term(Standard), term(Rapid), term(Blitz))
	}
	return nil
}

// term names a list in a message as the catalogue names it: «Адиюх —
// классическая программа», "standard".
func term(list string) ListName { return ListName(list) }

// ListName is a list as a message names it: by its game and discipline
// in the reader's language, by its key in English formats.
type ListName string

// Its key names its game: "rating_list.russian-rapid" is «Русские шашки —
// быстрая программа».
func (l ListName) Key() string   { return "rating_list." + string(l) }
func (l ListName) Words() string { return string(l) }

// Row is one person's line of a published list.
type Row struct {
	Person tournament.Person
	rating.State
	// Change is what the last period did to the rating; Played tells
	// whether the person played in it.
	Change int
	Played bool
	// K is the coefficient in force for the next period.
	K int
}

// List is a published rating list: its last period and its rows, highest
// rating first.
type List struct {
	Name   string
	Period *Period // nil before the first period
	Rows   []Row
	// Options are the list's options now, which the next period is rated
	// with; OptionsLog their changes, newest first, for an administrator
	// (nil for others).
	Options    rating.Options
	OptionsLog []OptionsChange
}

// ClosePeriod closes the list's next period up to until (YYYY-MM-DD), for
// an administrator, in one transaction: every rated, finished event of the
// list that ended on or before until and was not rated yet, its games over
// the board between two persons of the register, and the corrections of
// games rated before whose result has changed since. The period is
// published and frozen: a period up to a date not after the last one's, or
// after today, is refused.
func (s *Service) ClosePeriod(ctx context.Context, list, until string) (*List, error) {
	u, err := s.checkClose(ctx, list, until)
	if err != nil {
		return nil, err
	}
	var out *List
	err = s.store.Update(ctx, func(tx Tx) error {
		if err := tx.LockList(list); err != nil {
			return err
		}
		if _, err := afterLastPeriod(tx, list, until); err != nil {
			return err
		}
		events, games, records, err := s.gamesOf(tx, list, until)
		if err != nil {
			return err
		}
		corrections, corrected, err := correctionsOf(tx, list)
		if err != nil {
			return err
		}
		published, err := tx.States(list)
		if err != nil {
			return err
		}
		opt, err := tx.Options(list)
		if err != nil {
			return err
		}
		after, changes := rating.Close(published, games, corrections, opt)
		p := &Period{List: list, Until: until, ClosedAt: s.now().UTC(), UserID: u.ID, Events: len(events), Games: len(games), Options: opt}
		if err := tx.CreatePeriod(p); err != nil {
			return err
		}
		for i := range records {
			records[i].PeriodID, records[i].RatedIn = p.ID, p.ID
		}
		for i := range corrected {
			corrected[i].PeriodID = p.ID
		}
		if err := tx.SaveRatedGames(append(records, corrected...)); err != nil {
			return err
		}
		if err := tx.SaveStates(list, after); err != nil {
			return err
		}
		if err := tx.SaveChanges(p.ID, changes); err != nil {
			return err
		}
		out, err = listOf(tx, list)
		return err
	})
	return out, err
}

// checkClose refuses to close, or to show what closing would take, unless
// an administrator asks for a list's period up to a day not after today;
// it answers who asks.
func (s *Service) checkClose(ctx context.Context, list, until string) (*tournament.User, error) {
	u := tournament.UserFromContext(ctx)
	switch {
	case u == nil:
		return nil, tournament.Unauthorized("sign in to close a rating period")
	case u.Role != tournament.Admin:
		return nil, tournament.Forbidden("only administrators close rating periods")
	}
	if err := checkList(list); err != nil {
		return nil, err
	}
	if _, err := time.Parse(time.DateOnly, until); err != nil {
		return nil, tournament.Invalid("until", "%q is not a date; write it as 2026-12-31", until)
	}
	// A period is frozen once closed, and events still to be played would
	// fall into the next one: a day not yet lived cannot end a period.
	// Today is the site's (the default zone's), as its pages date things.
	if today := s.now().In(tournament.DefaultLocation()).Format(time.DateOnly); until > today {
		return nil, tournament.Invalid("until", "a period ends today (%s) at the latest, not on %s: events played later belong to the next period", tournament.Date(today), tournament.Date(until))
	}
	return u, nil
}

// afterLastPeriod refuses a period that does not end after the list's
// last one, and answers the last one (nil before the first).
func afterLastPeriod(tx Tx, list, until string) (*Period, error) {
	periods, err := tx.Periods(list)
	if err != nil || len(periods) == 0 {
		return nil, err
	}
	if until <= periods[0].Until {
		return nil, tournament.Conflict("until", "the %s list's period up to %s is closed already; a new period ends after it", term(list), tournament.Date(periods[0].Until))
	}
	return &periods[0], nil
}

// gamesOf collects the games of the period: those of the rated, finished
// events of the list that ended by until and are not rated yet, played
// over the board (no forfeit, bye or double forfeit) between two players
// linked to persons.
func (s *Service) gamesOf(tx Tx, list, until string) ([]int64, []rating.Game, []RatedGame, error) {
	all, err := tx.Events(0, true)
	if err != nil {
		return nil, nil, nil, err
	}
	rated, err := tx.RatedEvents()
	if err != nil {
		return nil, nil, nil, err
	}
	var events []int64
	var games []rating.Game
	var records []RatedGame
	for _, e := range all {
		last := cmp.Or(e.EndDate, e.StartDate)
		if !e.Rated || e.Status != tournament.Finished || ListOfGame(e.Game, e.Discipline) != list || rated[e.ID] || last == "" || last > until {
			continue
		}
		players, err := tx.Players(e.ID)
		if err != nil {
			return nil, nil, nil, err
		}
		person := map[int64]int64{}
		for _, p := range players {
			person[p.ID] = p.PersonID
		}
		rounds, err := tx.Rounds(e.ID)
		if err != nil {
			return nil, nil, nil, err
		}
		events = append(events, e.ID)
		for _, r := range rounds {
			for _, g := range r.Games {
				a, b := person[g.WhiteID], person[g.BlackID]
				if g.Result == nil || !g.Result.Played() || a == 0 || b == 0 || a == b {
					continue
				}
				// The formula counts Adiukh's 24 points: another game's
				// result by who won.
				pa, pb := e.Game.OnAdiukhScale(g.Result.White, g.Result.Black)
				games = append(games, rating.Game{GameID: g.ID, A: a, B: b, PointsA: pa, PointsB: pb})
				records = append(records, RatedGame{GameID: g.ID, List: list, EventID: e.ID, A: a, B: b, PointsA: pa, PointsB: pb})
			}
		}
	}
	return events, games, records, nil
}

// correctionsOf finds the games rated before whose result was corrected
// since, and keeps their new scores: each is carried into the period
// being closed (rating.Correction), for the persons the game's players
// are now (after a merge, the person kept). A game that is no longer
// played over the board (a result corrected to a forfeit) is left as it
// was rated.
func correctionsOf(tx Tx, list string) ([]rating.Correction, []RatedGame, error) {
	kept, err := tx.RatedGames(list)
	if err != nil {
		return nil, nil, err
	}
	byEvent := map[int64][]RatedGame{}
	for _, g := range kept {
		byEvent[g.EventID] = append(byEvent[g.EventID], g)
	}
	var corrections []rating.Correction
	var changed []RatedGame
	for eventID, games := range byEvent {
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return nil, nil, err
		}
		now := map[int64]*tournament.Result{}
		for _, r := range rounds {
			for _, g := range r.Games {
				now[g.ID] = g.Result
			}
		}
		for _, g := range games {
			res := now[g.GameID]
			if res == nil || !res.Played() {
				continue
			}
			white, black := GameOfList(list).OnAdiukhScale(res.White, res.Black)
			if white == g.PointsA && black == g.PointsB {
				continue
			}
			corrections = append(corrections, rating.Correction{GameID: g.GameID, A: g.A, B: g.B, OldPointsA: g.PointsA, OldPointsB: g.PointsB, NewPointsA: white, NewPointsB: black})
			g.PointsA, g.PointsB = white, black
			changed = append(changed, g)
		}
	}
	var persons []int64
	for _, k := range corrections {
		persons = append(persons, k.A, k.B)
	}
	merged, err := currentPersons(tx, persons)
	if err != nil {
		return nil, nil, err
	}
	for i := range corrections {
		corrections[i].A, corrections[i].B = merged[corrections[i].A], merged[corrections[i].B]
	}
	slices.SortFunc(changed, func(a, b RatedGame) int { return cmp.Compare(a.GameID, b.GameID) })
	return corrections, changed, nil
}

// currentPersons maps each person to the one they stand merged into, at
// the end of the merges (a person not merged to themself): a game rated
// before a merge is corrected in the rating of the person kept.
func currentPersons(tx Tx, ids []int64) (map[int64]int64, error) {
	out := make(map[int64]int64, len(ids))
	for _, id := range ids {
		out[id] = id
	}
	for pending := slices.Sorted(maps.Keys(out)); len(pending) > 0; {
		people, err := tx.PeopleByID(pending)
		if err != nil {
			return nil, err
		}
		next := map[int64]bool{}
		for id, now := range out {
			if p, ok := people[now]; ok && p.MergedInto != 0 {
				out[id] = p.MergedInto
				next[p.MergedInto] = true
			}
		}
		pending = slices.Sorted(maps.Keys(next))
	}
	return out, nil
}

// listOf reads a published list with its last period.
func listOf(tx Tx, list string) (*List, error) {
	opt, err := tx.Options(list)
	if err != nil {
		return nil, err
	}
	out := &List{Name: list, Options: opt}
	periods, err := tx.Periods(list)
	if err != nil {
		return nil, err
	}
	changes, played := map[int64]int{}, map[int64]bool{}
	if len(periods) > 0 {
		out.Period = &periods[0]
		cs, err := tx.Changes(periods[0].ID)
		if err != nil {
			return nil, err
		}
		persons := make([]int64, len(cs))
		for i, c := range cs {
			persons[i] = c.Person
		}
		// A person merged since the period shows their change on the
		// row of the person kept.
		merged, err := currentPersons(tx, persons)
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			changes[merged[c.Person]] += c.Delta()
			played[merged[c.Person]] = true
		}
	}
	states, err := tx.States(list)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(states))
	for id := range states {
		ids = append(ids, id)
	}
	people, err := tx.PeopleByID(ids)
	if err != nil {
		return nil, err
	}
	for id, st := range states {
		row := Row{Person: people[id], State: st, K: rating.K(st), Change: changes[id], Played: played[id]}
		out.Rows = append(out.Rows, row)
	}
	slices.SortFunc(out.Rows, func(a, b Row) int {
		return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.Person.FederationID, b.Person.FederationID))
	})
	return out, nil
}

// Filter narrows a list for its page: region, club, sex, an age group and
// a search of names.
type Filter struct {
	Region, Club, Sex string
	// Age is an age group as FIDE's: "U10" … "U20", those who turn at most
	// that age in the year of the list's period (a junior, U20, until the
	// end of the year they turn 20), or "65+", those who turn 65 or more.
	Age string
	// Query is words of the name (either script) or a federation ID.
	Query string
}

// AgeGroups are the age groups a list can be filtered by.
var AgeGroups = []string{"U10", "U12", "U14", "U16", "U18", "U20", "65+"}

func (f Filter) keeps(r *Row, year int) bool {
	p := &r.Person
	switch {
	case f.Region != "" && !tournament.SameFolded(p.Region, f.Region),
		f.Club != "" && !tournament.SameFolded(p.Club, f.Club),
		f.Sex != "" && p.Sex != f.Sex:
		return false
	}
	if f.Age != "" {
		if p.BirthYear == 0 {
			return false
		}
		age := year - p.BirthYear
		if f.Age == "65+" {
			if age < 65 {
				return false
			}
		} else if limit, err := strconv.Atoi(f.Age[1:]); err != nil || age > limit {
			return false
		}
	}
	return f.Query == "" || matches(p, f.Query)
}

// matches reports whether a list's search finds the person: each word is
// part of the names in either script, or the federation ID.
func matches(p *tournament.Person, query string) bool {
	names := tournament.FoldName(strings.Join([]string{p.Surname, p.GivenNames, p.Patronymic, p.LatinSurname, p.LatinGivenNames}, " "))
	for _, w := range strings.Fields(tournament.FoldName(query)) {
		if w != strings.ToLower(p.FederationID) && !strings.Contains(names, w) {
			return false
		}
	}
	return true
}

// Read reads a published list for anyone, narrowed by the filter.
func (s *Service) Read(ctx context.Context, list string, f Filter) (*List, error) {
	if err := checkList(list); err != nil {
		return nil, err
	}
	if f.Age != "" && !slices.Contains(AgeGroups, f.Age) {
		return nil, tournament.Invalid("age", "unknown age group %q", f.Age)
	}
	var out *List
	err := s.store.View(ctx, func(tx Tx) (err error) {
		if out, err = listOf(tx, list); err != nil {
			return err
		}
		if u := tournament.UserFromContext(ctx); u != nil && u.Role == tournament.Admin {
			out.OptionsLog, err = optionsLog(tx, list)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	year := s.now().Year()
	if out.Period != nil {
		if t, err := time.Parse(time.DateOnly, out.Period.Until); err == nil {
			year = t.Year()
		}
	}
	kept := out.Rows[:0]
	for i := range out.Rows {
		if f.keeps(&out.Rows[i], year) {
			kept = append(kept, out.Rows[i])
		}
	}
	out.Rows = kept
	return out, nil
}

// History is a person's standing in one list and its course, period by
// period.
type History struct {
	List    string
	Current *rating.State // nil when the person is not in the list
	Periods []Period
	Changes []rating.Change
	// Opponents names the opponents of the changes' lines.
	Opponents map[int64]tournament.Person
}

// PersonHistory reads a person's standing and history in every list; the
// history has the periods of the persons merged into them too.
func (s *Service) PersonHistory(ctx context.Context, personID int64) ([]History, error) {
	var out []History
	err := s.store.View(ctx, func(tx Tx) error {
		if _, err := tx.Person(personID); err != nil {
			return err
		}
		merged, err := tx.MergedInto(personID)
		if err != nil {
			return err
		}
		persons := append([]int64{personID}, merged...)
		for _, list := range Lists {
			h := History{List: list}
			states, err := tx.States(list)
			if err != nil {
				return err
			}
			if st, ok := states[personID]; ok {
				h.Current = &st
			}
			if h.Periods, h.Changes, err = tx.PersonChanges(list, persons); err != nil {
				return err
			}
			inGamePoints(list, h.Changes)
			var opponents []int64
			for _, c := range h.Changes {
				for _, l := range c.Lines {
					opponents = append(opponents, l.Opponent)
				}
			}
			if h.Opponents, err = tx.PeopleByID(opponents); err != nil {
				return err
			}
			out = append(out, h)
		}
		return nil
	})
	return out, err
}

// Report is what a closed period did: every person's change with each
// game's line (opponent and their rating, D, E, s), highest new rating
// first; People names the persons and their opponents.
type Report struct {
	Period  Period
	Changes []rating.Change
	People  map[int64]tournament.Person
	// Corrected says where the games its corrections correct were played,
	// by game ID: a game of an earlier period, which the report does not
	// show otherwise. A game of an event the reader may not see is left
	// out.
	Corrected map[int64]*GamePlace
}

// GamePlace is where a rated game was played: its event, round and board
// (the board's number in the round, as its page is addressed).
type GamePlace struct {
	EventID      int64
	Event        string
	Round, Board int
}

// PeriodReport reads a closed period's report, for anyone.
func (s *Service) PeriodReport(ctx context.Context, list string, periodID int64) (*Report, error) {
	if err := checkList(list); err != nil {
		return nil, err
	}
	r := &Report{}
	err := s.store.View(ctx, func(tx Tx) error {
		periods, err := tx.Periods(list)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(periods, func(p Period) bool { return p.ID == periodID })
		if i < 0 {
			return tournament.NotFound("period %d of the %s list not found", periodID, term(list))
		}
		r.Period = periods[i]
		if r.Changes, err = tx.Changes(periodID); err != nil {
			return err
		}
		inGamePoints(list, r.Changes)
		ids := map[int64]bool{}
		for _, c := range r.Changes {
			ids[c.Person] = true
			for _, l := range c.Lines {
				ids[l.Opponent] = true
			}
		}
		if r.People, err = tx.PeopleByID(slices.Collect(maps.Keys(ids))); err != nil {
			return err
		}
		r.Corrected, err = correctedPlaces(ctx, tx, r.Changes)
		return err
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// inGamePoints restates the scores of the changes' lines, kept in Adiukh's
// 24 points for the formula, as the list's game writes them: a Russian
// draughts list shows 2:0, 1:1 and 0:2, never 24:0.
func inGamePoints(list string, changes []rating.Change) {
	for i := range changes {
		inGamePointsOfLines(list, changes[i].Lines)
	}
}

func inGamePointsOfLines(list string, lines []rating.Line) {
	game := GameOfList(list)
	for i := range lines {
		lines[i].Points, lines[i].OpponentPoints = game.FromAdiukhScale(lines[i].Points, lines[i].OpponentPoints)
	}
}

// correctedPlaces finds where the games corrected in a period's changes
// were played, in the events the context's user may see.
func correctedPlaces(ctx context.Context, tx Tx, changes []rating.Change) (map[int64]*GamePlace, error) {
	wanted := map[int64]bool{}
	for _, c := range changes {
		for _, l := range c.Lines {
			if l.Correction && l.GameID != 0 {
				wanted[l.GameID] = true
			}
		}
	}
	if len(wanted) == 0 {
		return nil, nil
	}
	kept, err := tx.RatedGamesByID(slices.Collect(maps.Keys(wanted)))
	if err != nil {
		return nil, err
	}
	events := map[int64]bool{}
	for _, g := range kept {
		events[g.EventID] = true
	}
	out := map[int64]*GamePlace{}
	for _, id := range slices.Sorted(maps.Keys(events)) {
		e, err := tx.Event(id)
		if err != nil {
			return nil, err
		}
		if !tournament.CanRead(tournament.UserFromContext(ctx), e) {
			continue
		}
		rounds, err := tx.Rounds(id)
		if err != nil {
			return nil, err
		}
		for _, r := range rounds {
			for _, g := range r.Games {
				if wanted[g.ID] {
					out[g.ID] = &GamePlace{EventID: e.ID, Event: e.Name, Round: r.Number, Board: g.Board}
				}
			}
		}
	}
	return out, nil
}
