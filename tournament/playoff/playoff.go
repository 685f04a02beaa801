// Package playoff is the play-offs of ties (issue 68): the regulations of a
// Swiss or round-robin event may say that a tie on points for given places
// (first, or a qualifying place) is decided by a play-off rather than by
// tie-breaks. The arbiter creates it from the event's final standings; it is
// an event of its own (a match of N games for two players, a round robin
// for more), made by the domain's NewEvent and AdmitPlayer and linked to
// its parent (Event.ParentEventID), so that it is paired, scored, shown
// and printed as any event. A team event's tie is decided the same way by
// a team event of the tied teams (a team match, or a team round robin),
// their rosters copied by teams.Service.EnterPlayoffTeams, over the
// parent's boards. Once it is finished, the parent's final standings order
// the tied players (or teams) by its result (Plug, which engines plugs into
// tournament.Options.Playoffs and teams.Options.Playoffs), while the same
// players are still tied; a play-off whose players are no longer tied (a
// result corrected after the parent was reopened) is kept, flagged and not
// applied.
//
// It knows no HTTP and no SQL.
package playoff

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	registration "adiukh/tournament/players"
	"adiukh/tournament/teams"
)

// ActionCreate is the audit log's entry of the parent event for a new
// play-off.
const ActionCreate = "playoff.create"

// MaxGames is the most games a pair plays in a play-off: a round robin
// played through that many times.
const MaxGames = 20

// Store keeps the play-offs on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the domain's transaction with the play-offs.
type Tx interface {
	tournament.Tx
	teams.TeamTx
	ReadTx
	// CreatePlayoff keeps a new play-off; its event and players exist.
	CreatePlayoff(p *Playoff) error
}

// ReadTx reads the play-offs of an event; the standings read them in the
// domain's transaction (Plug), which the store's implements.
type ReadTx interface {
	// Playoffs lists the play-offs of the event parentID, oldest first.
	Playoffs(parentID int64) ([]Playoff, error)
}

// Playoff is a play-off of a tie: the event it is played as, the event
// whose places it decides and which player (or team) of the parent each of
// its players (or teams) is.
type Playoff struct {
	EventID  int64 // the play-off event
	ParentID int64 // the event whose tie it decides
	// From and To are the places of the parent it was created for (1 and
	// 1 for first place).
	From, To int
	// Games is how many games each pair plays (the round robin's cycles).
	Games     int
	Seats     []Seat
	CreatedAt time.Time
}

// Seat is one player of a play-off: the parent's player and the play-off
// event's; in a team event's play-off, one team: the parent's team and the
// play-off event's.
type Seat struct {
	ParentPlayerID int64 `json:"parent,omitempty"`
	PlayerID       int64 `json:"player,omitempty"`
	ParentTeamID   int64 `json:"parent_team,omitempty"`
	TeamID         int64 `json:"team,omitempty"`
}

// pair is a seat's entrant of the parent (parent) and of the play-off
// (played): its player's, or its team's.
type pair struct{ parent, played int64 }

// pairs are the seats of p as the parent's and the play-off's entrants.
func (p Playoff) pairs() []pair {
	out := make([]pair, len(p.Seats))
	for i, s := range p.Seats {
		out[i] = pair{s.ParentPlayerID, s.PlayerID}
		if s.TeamID != 0 {
			out[i] = pair{s.ParentTeamID, s.TeamID}
		}
	}
	return out
}

// seats reports whether p seats the parent's entrant id.
func (p Playoff) seats(id int64) bool {
	return slices.ContainsFunc(p.pairs(), func(x pair) bool { return x.parent == id })
}

// Input is a new play-off.
type Input struct {
	// Places are the parent's places it decides: one (1) or several that
	// follow each other (1, 2, 3 for three qualifying places).
	Places []int
	// Players are the parent's players who play it; none: every player
	// tied on points with the places.
	Players []int64
	// Teams are, in a team event, the parent's teams who play it; none:
	// every team tied on points with the places.
	Teams []int64
	// Games is how many games each pair plays (in a team event, how many
	// matches); 0: two for a match of two players, one for a round robin
	// of more and for teams.
	Games int
	// TimeControl is its time control ("G/15+5"); "": the parent's.
	TimeControl string
	// Name is the play-off event's name; the doors propose one in the
	// reader's language.
	Name string
}

// Service carries out the use cases of play-offs. The signed-in user comes
// from the context, as for tournament.Service.
type Service struct {
	store        Store
	events       *tournament.Service
	competitions *teams.Service
	now          func() time.Time
}

// NewService returns the service over st; events creates the play-off
// events and ranks the standings, competitions ranks a team event's and
// enters a team play-off's teams (a team event has no play-offs when it
// is nil); now is the clock (time.Now when nil).
func NewService(st Store, events *tournament.Service, competitions *teams.Service, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, events: events, competitions: competitions, now: now}
}

// State is where a play-off stands.
type State string

const (
	// Playing: the play-off event is not finished yet; the parent's
	// standings show the tie-breaks' order.
	Playing State = "playing"
	// Decided: finished, and the parent's final standings show its order.
	Decided State = "decided"
	// Stale: finished, but its players are no longer tied for its places
	// in the parent's final standings; its order is not applied.
	Stale State = "stale"
)

// View is a play-off as its pages and answers show it.
type View struct {
	Playoff
	Event *tournament.Event // the play-off event
	State State
	// Players are the parent's standings rows of its players, in the
	// parent's final order; Teams, in a team event, its teams'.
	Players []tournament.StandingsRow
	Teams   []teams.TeamStandingsRow
}

// Tie is a group of players tied on points in an event's final standings,
// for which a play-off may be created.
type Tie struct {
	From, To int // the places the tied players hold
	Score    float64
	Players  []tournament.StandingsRow
	// Teams are, in a team event, the tied teams.
	Teams []teams.TeamStandingsRow
	// Playoff is the play-off event already deciding it (playing or
	// decided); 0 when none.
	Playoff int64
}

// Page is an event's play-offs and the ties of its final standings.
type Page struct {
	Event    *tournament.Event
	Playoffs []View
	// Ties are the ties of the final standings a play-off may decide: a
	// finished Swiss or round-robin event's, for its managers.
	Ties []Tie
	// CanCreate tells the managers of a finished event that a play-off can
	// be created (CheckParent).
	CanCreate bool
}

// Read reads an event's play-offs with the ties of its final standings.
func (s *Service) Read(ctx context.Context, eventID int64) (*Page, error) {
	var page *Page
	err := s.store.View(ctx, func(tx Tx) error {
		e, players, rounds, err := tournament.ReadPublic(ctx, tx, eventID)
		if err != nil {
			return err
		}
		page = &Page{Event: e}
		if e.ParentEventID != 0 || !e.Discipline.PlaysGames() || e.Discipline.IsTeam() && s.competitions == nil {
			return nil
		}
		st, err := s.final(tx, e, players, rounds)
		if err != nil {
			return err
		}
		list, err := tx.Playoffs(eventID)
		if err != nil {
			return err
		}
		for _, p := range list {
			v, err := view(tx, st, p)
			if err != nil {
				return err
			}
			page.Playoffs = append(page.Playoffs, *v)
		}
		page.CanCreate = s.checkParent(e) == nil && tournament.CanManage(tournament.UserFromContext(ctx), e)
		if page.CanCreate {
			page.Ties = ties(st, page.Playoffs)
		}
		return nil
	})
	return page, err
}

// final is the final standings of the parent e: its players' and rounds'
// (read by the caller) in an event of players, its teams' in a team event.
func (s *Service) final(tx Tx, e *tournament.Event, players []tournament.Player, rounds []tournament.Round) (*standings, error) {
	if e.Discipline.IsTeam() {
		ts, err := s.competitions.TeamStandingsOf(tx, e)
		if err != nil {
			return nil, err
		}
		return teamStandings(ts), nil
	}
	st, err := s.events.StandingsOf(tx, e, players, rounds, 0)
	if err != nil {
		return nil, err
	}
	return playerStandings(st), nil
}

// Of lists the play-offs of event eventID the reader may see, oldest
// first, without the parent's standings that Read ranks them by: the
// event's documents print their games with its own (ENOTFOUND for an
// event the reader may not see; a play-off whose event is hidden from
// them is left out).
func (s *Service) Of(ctx context.Context, eventID int64) ([]Playoff, error) {
	var out []Playoff
	err := s.store.View(ctx, func(tx Tx) error {
		if _, err := tournament.Readable(ctx, tx, eventID); err != nil {
			return err
		}
		list, err := tx.Playoffs(eventID)
		if err != nil {
			return err
		}
		u := tournament.UserFromContext(ctx)
		for _, p := range list {
			child, err := tx.Event(p.EventID)
			if err != nil {
				return err
			}
			if tournament.CanRead(u, child) {
				out = append(out, p)
			}
		}
		return nil
	})
	return out, err
}

// standings are the final standings of a play-off's parent: an event of
// players' (players) or a team event's (teams), with their lines in order.
type standings struct {
	players *tournament.Standings
	teams   *teams.TeamStandings
	lines   []line
}

// line is one line of final standings a play-off decides among: a
// player's or, in a team event, a team's.
type line struct {
	id           int64 // the player's or the team's
	name         string
	score        float64
	rank, rankTo int
	playoff      int64 // the play-off that decided its place, if any
}

func playerStandings(st *tournament.Standings) *standings {
	out := &standings{players: st, lines: make([]line, len(st.Rows))}
	for i, r := range st.Rows {
		out.lines[i] = line{id: r.PlayerID, name: r.Name, score: r.Score, rank: r.Rank, rankTo: r.RankTo, playoff: r.Playoff}
	}
	return out
}

func teamStandings(st *teams.TeamStandings) *standings {
	out := &standings{teams: st, lines: make([]line, len(st.Rows))}
	for i, r := range st.Rows {
		out.lines[i] = line{id: r.TeamID, name: r.Name, score: r.Score, rank: r.Rank, rankTo: r.RankTo, playoff: r.Playoff}
	}
	return out
}

// team reports whether the standings are a team event's.
func (st *standings) team() bool { return st.teams != nil }

// rows appends the standings' rows at indexes to players or, in a team
// event, to squads.
func (st *standings) rows(indexes []int, players *[]tournament.StandingsRow, squads *[]teams.TeamStandingsRow) {
	for _, i := range indexes {
		if st.team() {
			*squads = append(*squads, st.teams.Rows[i])
		} else {
			*players = append(*players, st.players.Rows[i])
		}
	}
}

// view is play-off p with its event, where it stands in the event's
// final standings st (decided where they show its order, stale where its
// event is finished but they do not) and its players' (or teams') rows
// there.
func view(tx tournament.EventTx, st *standings, p Playoff) (*View, error) {
	child, err := tx.Event(p.EventID)
	if err != nil {
		return nil, err
	}
	v := &View{Playoff: p, Event: child, State: Playing}
	var seated []int
	for i, l := range st.lines {
		if p.seats(l.id) {
			seated = append(seated, i)
		}
		if l.playoff == p.EventID {
			v.State = Decided
		}
	}
	st.rows(seated, &v.Players, &v.Teams)
	if v.State != Decided && child.Status == tournament.Finished {
		v.State = Stale
	}
	return v, nil
}

// ties are the groups of players (or teams) tied on points in the
// standings, each with the play-off that decides it, if any.
func ties(st *standings, playoffs []View) []Tie {
	var out []Tie
	for i := 0; i < len(st.lines); {
		j := i + 1
		for j < len(st.lines) && st.lines[j].score == st.lines[i].score {
			j++
		}
		if j-i > 1 {
			t := Tie{From: i + 1, To: j, Score: st.lines[i].score}
			tied := make([]int, 0, j-i)
			for k := i; k < j; k++ {
				tied = append(tied, k)
			}
			st.rows(tied, &t.Players, &t.Teams)
			for _, p := range playoffs {
				if p.State != Stale && slices.ContainsFunc(st.lines[i:j], func(l line) bool { return p.seats(l.id) }) {
					t.Playoff = p.EventID
				}
			}
			out = append(out, t)
		}
		i = j
	}
	return out
}

// CheckParent says why event e cannot have a play-off, or nil: a play-off
// decides a tie of the final standings of a finished Swiss or round-robin
// event of games (of players, or of teams), itself no play-off.
func CheckParent(e *tournament.Event) error {
	switch {
	case e.ParentEventID != 0:
		return tournament.Invalid("", "%s is itself a play-off: a tie it leaves is decided by its tie-breaks, or by a new play-off of the event it decides", e.Name)
	case !e.Discipline.PlaysGames():
		return tournament.Invalid("", "a play-off decides a tie between players or teams of an event of games; %s is not one", e.Name)
	case !e.System.IsRoundRobin() && e.System != tournament.Swiss:
		return tournament.Invalid("", "a play-off decides a tie of a Swiss or round-robin event's standings; %s is not one", e.Name)
	case e.Status != tournament.Finished:
		return tournament.Conflict("status", "a play-off is created from the final standings: finish %s first", e.Name)
	}
	return nil
}

// checkParent is CheckParent, and refuses a team event when the service
// has no team competitions to rank it by.
func (s *Service) checkParent(e *tournament.Event) error {
	if e.Discipline.IsTeam() && s.competitions == nil {
		return tournament.Invalid("", "team play-offs are not available in this version of adiukh")
	}
	return CheckParent(e)
}

// Create creates a play-off of the tie for in.Places of the finished event
// eventID: an event of the tied players (in.Players, or every player tied
// for the places) or, in a team event, of the tied teams (in.Teams, or
// every team tied, each with its roster), linked to its parent, in
// registration, for the arbiter to pair and play as any event. It refuses
// places nobody is tied for, players (or teams) not tied for them and a
// tie another play-off decides, each with what is wrong.
func (s *Service) Create(ctx context.Context, eventID int64, in Input) (*View, error) {
	var out *View
	err := s.store.Update(ctx, func(tx Tx) error {
		parent, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := s.checkParent(parent); err != nil {
			return err
		}
		team := parent.Discipline.IsTeam()
		switch {
		case team && len(in.Players) > 0:
			return tournament.Invalid("players", "the play-off of a team event is played by teams: name the tied teams, not players")
		case !team && len(in.Teams) > 0:
			return tournament.Invalid("teams", "the play-off of an event of players is played by players: name the tied players, not teams")
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		st, err := s.final(tx, parent, players, rounds)
		if err != nil {
			return err
		}
		existing, err := tx.Playoffs(eventID)
		if err != nil {
			return err
		}
		var views []View
		for _, p := range existing {
			v, err := view(tx, st, p)
			if err != nil {
				return err
			}
			views = append(views, *v)
		}
		given := in.Players
		if team {
			given = in.Teams
		}
		seats, from, to, err := choose(st, in.Places, given, views)
		if err != nil {
			return err
		}
		games := in.Games
		switch {
		case games == 0 && len(seats) == 2 && !team:
			games = 2
		case games == 0:
			games = 1
		case games < 1 || games > MaxGames:
			return tournament.Invalid("games", "the number of games of a pair in a play-off is 1 to %d, not %d", MaxGames, games)
		}
		child, err := s.newEvent(ctx, parent, in, games)
		if err != nil {
			return err
		}
		if err := tx.CreateEvent(child); err != nil {
			return err
		}
		now := s.now()
		if err := tournament.Audit(tx, now, u, child.ID, tournament.ActionEventCreate, fmt.Sprintf("event %d", child.ID), nil, child, ""); err != nil {
			return err
		}
		p := &Playoff{EventID: child.ID, ParentID: eventID, From: from, To: to, Games: games, CreatedAt: now.UTC()}
		if team {
			err = s.seatTeams(tx, now, u, p, child, st, seats)
		} else {
			err = seatPlayers(tx, now, u, p, parent, child, players, st, seats)
		}
		if err != nil {
			return err
		}
		if err := tx.CreatePlayoff(p); err != nil {
			return err
		}
		if err := tournament.Audit(tx, now, u, eventID, ActionCreate, fmt.Sprintf("event %d", child.ID), nil, p, ""); err != nil {
			return err
		}
		out = &View{Playoff: *p, Event: child, State: Playing}
		st.rows(seats, &out.Players, &out.Teams)
		return nil
	})
	return out, err
}

// seatPlayers admits to the play-off event child copies of the parent's
// players at seats of the standings st (their accounts linked as in the
// parent), and seats them in p.
func seatPlayers(tx Tx, now time.Time, u *tournament.User, p *Playoff, parent, child *tournament.Event, players []tournament.Player, st *standings, seats []int) error {
	accounts, err := tx.PlayerAccounts(parent.ID)
	if err != nil {
		return err
	}
	for _, i := range seats {
		pl := tournament.FindPlayer(players, st.lines[i].id)
		var account *tournament.User
		if a, ok := accounts[pl.ID]; ok {
			account = &a
		}
		admitted, err := registration.AdmitPlayer(tx, now, child, u, entrant(pl), account)
		if err != nil {
			return err
		}
		p.Seats = append(p.Seats, Seat{ParentPlayerID: pl.ID, PlayerID: admitted.ID})
	}
	return nil
}

// seatTeams enters in the play-off event child copies of the parent's
// teams at seats of the team standings st, with their rosters, over the
// parent's boards (teams.Service.EnterPlayoffTeams), and seats them in p.
func (s *Service) seatTeams(tx Tx, now time.Time, u *tournament.User, p *Playoff, child *tournament.Event, st *standings, seats []int) error {
	list, err := tx.Teams(p.ParentID)
	if err != nil {
		return err
	}
	from := make([]teams.Team, 0, len(seats))
	for _, i := range seats {
		at := slices.IndexFunc(list, func(t teams.Team) bool { return t.ID == st.lines[i].id })
		if at < 0 {
			return fmt.Errorf("play-off of event %d: the standings name unknown team %d", p.ParentID, st.lines[i].id)
		}
		from = append(from, list[at])
	}
	entered, err := s.competitions.EnterPlayoffTeams(tx, now, u, child, st.teams.Settings, from)
	if err != nil {
		return err
	}
	for i, t := range entered {
		p.Seats = append(p.Seats, Seat{ParentTeamID: from[i].ID, TeamID: t.ID})
	}
	return nil
}

// newEvent is the play-off event of parent: its game, discipline, place,
// arbiters, visibility and scoring, a round robin played through games
// times at the time control asked (the parent's by default).
func (s *Service) newEvent(ctx context.Context, parent *tournament.Event, in Input, games int) (*tournament.Event, error) {
	name, game, discipline, system := in.Name, string(parent.Game), string(parent.Discipline), string(tournament.RoundRobin)
	tc := strings.TrimSpace(in.TimeControl)
	if tc == "" {
		tc = parent.TimeControl.String()
	}
	visibility, zone := string(parent.Visibility), parent.TimeZone
	e, _, err := s.events.NewEvent(ctx, tournament.EventInput{
		Name: &name, Game: &game, Discipline: &discipline, System: &system, TimeControl: &tc,
		Venue: &parent.Venue, City: &parent.City, Region: &parent.Region, ChiefArbiter: &parent.ChiefArbiter,
		Arbiters: &parent.Arbiters, Visibility: &visibility, TimeZone: &zone, Scoring: &parent.Scoring,
	})
	if err != nil {
		return nil, err
	}
	e.ParentEventID, e.Cycles = parent.ID, games
	return e, nil
}

// entrant is the play-off's copy of the parent's player p: the same
// person, details and rating.
func entrant(p *tournament.Player) tournament.PlayerInput {
	in := tournament.PlayerInput{
		Name: &p.Name, Rating: &p.Rating, BirthYear: &p.BirthYear, Club: &p.Club, City: &p.City,
		FederationID: &p.FederationID, Federation: &p.Federation, Title: &p.Title, ConfirmDuplicate: true,
	}
	if p.PersonID != 0 {
		in.PersonID = &p.PersonID
	}
	return in
}

// choose finds, in the final standings st, the players (or teams) of a new
// play-off for places (given ones, or every one tied with them), as
// indexes of its lines in the standings' order, refusing what cannot be
// decided so: places out of the table or not following each other, places
// of different scores, a place nobody is tied for, a player or team not
// tied for them, a tie a play-off already decides.
func choose(st *standings, places []int, given []int64, existing []View) (seats []int, from, to int, err error) {
	if len(places) == 0 {
		return nil, 0, 0, tournament.Invalid("places", "name the place the play-off decides (1 for first place)")
	}
	lines := st.lines
	places = slices.Clone(places)
	slices.Sort(places)
	places = slices.Compact(places)
	from, to = places[0], places[len(places)-1]
	for i, p := range places {
		if p < 1 || p > len(lines) {
			return nil, 0, 0, tournament.Invalid("places", "place %d is not in the standings; its places are 1 to %d", p, len(lines))
		}
		if i > 0 && p != places[i-1]+1 {
			return nil, 0, 0, tournament.Invalid("places", "the places of one play-off follow each other (1, 2, 3); %d does not follow %d", p, places[i-1])
		}
	}
	score := lines[from-1].score
	if other := lines[to-1]; other.score != score {
		return nil, 0, 0, tournament.Invalid("places", "places %d and %d are not one tie: %s scores %s, %s scores %s; create a play-off for each tie", from, to, lines[from-1].name, tournament.PointsText(score), other.name, tournament.PointsText(other.score))
	}
	for i, l := range lines {
		if l.score == score {
			seats = append(seats, i)
		}
	}
	if len(seats) < 2 {
		return nil, 0, 0, tournament.Invalid("places", "nobody is tied for place %d: %s alone scores %s", from, lines[seats[0]].name, tournament.PointsText(score))
	}
	if len(given) > 0 {
		if seats, err = chosen(st, from, score, given); err != nil {
			return nil, 0, 0, err
		}
		for _, p := range places {
			if !slices.Contains(seats, p-1) {
				return nil, 0, 0, tournament.Invalid(field(st), "place %d is %s's, who is not among the play-off's players", p, lines[p-1].name)
			}
		}
	}
	for _, v := range existing {
		if v.State == Stale {
			continue
		}
		for _, i := range seats {
			if v.seats(lines[i].id) {
				return nil, 0, 0, tournament.Conflict(field(st), "%s already plays in the play-off %s, which decides this tie", lines[i].name, v.Event.Name)
			}
		}
	}
	return seats, from, to, nil
}

// field is the input that names the entrants of a play-off of st: its
// players, or its teams.
func field(st *standings) string {
	if st.team() {
		return "teams"
	}
	return "players"
}

// chosen are the given players (or teams) of a play-off for place from of
// the standings st, tied on score, as indexes of its lines in the
// standings' order (so that the play-off's start numbers follow the
// tie-breaks).
func chosen(st *standings, from int, score float64, given []int64) ([]int, error) {
	var seats []int
	for _, id := range given {
		i := slices.IndexFunc(st.lines, func(l line) bool { return l.id == id })
		switch {
		case i < 0 && st.team():
			return nil, tournament.Invalid("teams", "team %d does not play in the event", id)
		case i < 0:
			return nil, tournament.Invalid("players", "player %d does not play in the event", id)
		case st.lines[i].score != score:
			return nil, tournament.Invalid(field(st), "%s is not tied for place %d: they score %s, the tie is on %s", st.lines[i].name, from, tournament.PointsText(st.lines[i].score), tournament.PointsText(score))
		case slices.Contains(seats, i):
			return nil, tournament.Invalid(field(st), "%s is named twice", st.lines[i].name)
		}
		seats = append(seats, i)
	}
	switch {
	case len(seats) < 2 && st.team():
		return nil, tournament.Invalid("teams", "a play-off is played by two teams or more; %s alone is named", st.lines[seats[0]].name)
	case len(seats) < 2:
		return nil, tournament.Invalid("players", "a play-off is played by two players or more; %s alone is named", st.lines[seats[0]].name)
	}
	slices.Sort(seats)
	return seats, nil
}

// Name is the name the doors propose for a play-off of event parent for
// places (the first and the last), in the reader's language: the event's
// name stays the arbiter's to change.
func Name(l *catalog.Localizer, parent string, places []int) string {
	if len(places) == 0 {
		return l.Sprintf("%s: play-off", parent)
	}
	from, to := slices.Min(places), slices.Max(places)
	if from == to {
		return l.Sprintf("%s: play-off for place %d", parent, from)
	}
	return l.Sprintf("%s: play-off for places %d to %d", parent, from, to)
}
