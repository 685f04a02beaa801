// Package playoff is the play-offs of ties (issue 68): the regulations of a
// Swiss or round-robin event may say that a tie on points for given places
// (first, or a qualifying place) is decided by a play-off rather than by
// tie-breaks. The arbiter creates it from the event's final standings; it is
// an event of its own (a match of N games for two players, a round robin
// for more), made by the domain's NewEvent and AdmitPlayer and linked to
// its parent (Event.ParentEventID), so that it is paired, scored, shown
// and printed as any event. Once it is finished, the parent's final
// standings order the tied players by its result (Plug, which engines
// plugs into tournament.Options.Playoffs), while the same players are
// still tied; a play-off whose players are no longer tied (a result
// corrected after the parent was reopened) is kept, flagged and not
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
// whose places it decides and which player of the parent each of its
// players is.
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
// event's.
type Seat struct {
	ParentPlayerID int64 `json:"parent"`
	PlayerID       int64 `json:"player"`
}

// Input is a new play-off.
type Input struct {
	// Places are the parent's places it decides: one (1) or several that
	// follow each other (1, 2, 3 for three qualifying places).
	Places []int
	// Players are the parent's players who play it; none: every player
	// tied on points with the places.
	Players []int64
	// Games is how many games each pair plays; 0: two for a match of two
	// players, one for a round robin of more.
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
	store  Store
	events *tournament.Service
	now    func() time.Time
}

// NewService returns the service over st; events creates the play-off
// events and ranks the standings; now is the clock (time.Now when nil).
func NewService(st Store, events *tournament.Service, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, events: events, now: now}
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
	// parent's final order.
	Players []tournament.StandingsRow
}

// Tie is a group of players tied on points in an event's final standings,
// for which a play-off may be created.
type Tie struct {
	From, To int // the places the tied players hold
	Score    float64
	Players  []tournament.StandingsRow
	// Playoff is the play-off event already deciding it (playing or
	// decided); 0 when none.
	Playoff int64
}

// Page is an event's play-offs and the ties of its final standings.
type Page struct {
	Event    *tournament.Event
	Playoffs []View
	// Ties are the ties of the final standings a play-off may decide: a
	// finished individual Swiss or round-robin event's, for its managers.
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
		if e.ParentEventID != 0 || !e.Discipline.PlaysGames() || e.Discipline.IsTeam() {
			return nil
		}
		st, err := s.events.StandingsOf(tx, e, players, rounds, 0)
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
		page.CanCreate = CheckParent(e) == nil && tournament.CanManage(tournament.UserFromContext(ctx), e)
		if page.CanCreate {
			page.Ties = ties(st, page.Playoffs)
		}
		return nil
	})
	return page, err
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

// view is play-off p with its event, where it stands in the event's
// final standings st (decided where they show its order, stale where its
// event is finished but they do not) and its players' rows there.
func view(tx tournament.EventTx, st *tournament.Standings, p Playoff) (*View, error) {
	child, err := tx.Event(p.EventID)
	if err != nil {
		return nil, err
	}
	v := &View{Playoff: p, Event: child, State: Playing}
	in := map[int64]bool{}
	for _, seat := range p.Seats {
		in[seat.ParentPlayerID] = true
	}
	for _, r := range st.Rows {
		if in[r.PlayerID] {
			v.Players = append(v.Players, r)
		}
		if r.Playoff == p.EventID {
			v.State = Decided
		}
	}
	if v.State != Decided && child.Status == tournament.Finished {
		v.State = Stale
	}
	return v, nil
}

// ties are the groups of players tied on points in the standings, each
// with the play-off that decides it, if any.
func ties(st *tournament.Standings, playoffs []View) []Tie {
	var out []Tie
	for i := 0; i < len(st.Rows); {
		j := i + 1
		for j < len(st.Rows) && st.Rows[j].Score == st.Rows[i].Score {
			j++
		}
		if j-i > 1 {
			t := Tie{From: i + 1, To: j, Score: st.Rows[i].Score, Players: st.Rows[i:j]}
			for _, p := range playoffs {
				if p.State != Stale && slices.ContainsFunc(p.Seats, func(s Seat) bool {
					return slices.ContainsFunc(t.Players, func(r tournament.StandingsRow) bool { return r.PlayerID == s.ParentPlayerID })
				}) {
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
// decides a tie of the final standings of a finished individual Swiss or
// round-robin event of games, itself no play-off.
func CheckParent(e *tournament.Event) error {
	switch {
	case e.ParentEventID != 0:
		return tournament.Invalid("", "%s is itself a play-off: a tie it leaves is decided by its tie-breaks, or by a new play-off of the event it decides", e.Name)
	case !e.Discipline.PlaysGames() || e.Discipline.IsTeam():
		return tournament.Invalid("", "a play-off decides a tie between players of an individual event of games; %s is not one", e.Name)
	case !e.System.IsRoundRobin() && e.System != tournament.Swiss:
		return tournament.Invalid("", "a play-off decides a tie of a Swiss or round-robin event's standings; %s is not one", e.Name)
	case e.Status != tournament.Finished:
		return tournament.Conflict("status", "a play-off is created from the final standings: finish %s first", e.Name)
	}
	return nil
}

// Create creates a play-off of the tie for in.Places of the finished event
// eventID: an event of the tied players (in.Players, or every player tied
// for the places), linked to its parent, in registration, for the arbiter
// to pair and play as any event. It refuses places nobody is tied for,
// players not tied for them and a tie another play-off decides, each with
// what is wrong.
func (s *Service) Create(ctx context.Context, eventID int64, in Input) (*View, error) {
	var out *View
	err := s.store.Update(ctx, func(tx Tx) error {
		parent, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := CheckParent(parent); err != nil {
			return err
		}
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		rounds, err := tx.Rounds(eventID)
		if err != nil {
			return err
		}
		st, err := s.events.StandingsOf(tx, parent, players, rounds, 0)
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
		seats, from, to, err := choose(st, in.Places, in.Players, views)
		if err != nil {
			return err
		}
		games := in.Games
		switch {
		case games == 0 && len(seats) == 2:
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
		accounts, err := tx.PlayerAccounts(eventID)
		if err != nil {
			return err
		}
		p := &Playoff{EventID: child.ID, ParentID: eventID, From: from, To: to, Games: games, CreatedAt: now.UTC()}
		for _, row := range seats {
			pl := tournament.FindPlayer(players, row.PlayerID)
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
		if err := tx.CreatePlayoff(p); err != nil {
			return err
		}
		if err := tournament.Audit(tx, now, u, eventID, ActionCreate, fmt.Sprintf("event %d", child.ID), nil, p, ""); err != nil {
			return err
		}
		out = &View{Playoff: *p, Event: child, State: Playing, Players: seats}
		return nil
	})
	return out, err
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

// choose finds, in the final standings st, the players of a new play-off
// for places (given players, or every player tied with them), refusing
// what cannot be decided so: places out of the table or not following each
// other, places of different scores, a place nobody is tied for, a player
// not tied for them, a tie a play-off already decides.
func choose(st *tournament.Standings, places []int, given []int64, existing []View) (seats []tournament.StandingsRow, from, to int, err error) {
	if len(places) == 0 {
		return nil, 0, 0, tournament.Invalid("places", "name the place the play-off decides (1 for first place)")
	}
	places = slices.Clone(places)
	slices.Sort(places)
	places = slices.Compact(places)
	from, to = places[0], places[len(places)-1]
	for i, p := range places {
		if p < 1 || p > len(st.Rows) {
			return nil, 0, 0, tournament.Invalid("places", "place %d is not in the standings; its places are 1 to %d", p, len(st.Rows))
		}
		if i > 0 && p != places[i-1]+1 {
			return nil, 0, 0, tournament.Invalid("places", "the places of one play-off follow each other (1, 2, 3); %d does not follow %d", p, places[i-1])
		}
	}
	score := st.Rows[from-1].Score
	if other := st.Rows[to-1]; other.Score != score {
		return nil, 0, 0, tournament.Invalid("places", "places %d and %d are not one tie: %s scores %s, %s scores %s; create a play-off for each tie", from, to, st.Rows[from-1].Name, tournament.PointsText(score), other.Name, tournament.PointsText(other.Score))
	}
	var tied []tournament.StandingsRow
	for _, r := range st.Rows {
		if r.Score == score {
			tied = append(tied, r)
		}
	}
	if len(tied) < 2 {
		return nil, 0, 0, tournament.Invalid("places", "nobody is tied for place %d: %s alone scores %s", from, tied[0].Name, tournament.PointsText(score))
	}
	seats = tied
	if len(given) > 0 {
		seats = nil
		for _, id := range given {
			i := slices.IndexFunc(st.Rows, func(r tournament.StandingsRow) bool { return r.PlayerID == id })
			switch {
			case i < 0:
				return nil, 0, 0, tournament.Invalid("players", "player %d does not play in the event", id)
			case st.Rows[i].Score != score:
				return nil, 0, 0, tournament.Invalid("players", "%s is not tied for place %d: they score %s, the tie is on %s", st.Rows[i].Name, from, tournament.PointsText(st.Rows[i].Score), tournament.PointsText(score))
			case slices.ContainsFunc(seats, func(r tournament.StandingsRow) bool { return r.PlayerID == id }):
				return nil, 0, 0, tournament.Invalid("players", "%s is named twice", st.Rows[i].Name)
			}
			seats = append(seats, st.Rows[i])
		}
		if len(seats) < 2 {
			return nil, 0, 0, tournament.Invalid("players", "a play-off is played by two players or more; %s alone is named", seats[0].Name)
		}
		// In the standings' order, so that the play-off's start numbers
		// follow the tie-breaks.
		slices.SortFunc(seats, func(a, b tournament.StandingsRow) int {
			return slices.IndexFunc(st.Rows, func(r tournament.StandingsRow) bool { return r.PlayerID == a.PlayerID }) -
				slices.IndexFunc(st.Rows, func(r tournament.StandingsRow) bool { return r.PlayerID == b.PlayerID })
		})
		for _, p := range places {
			if !slices.ContainsFunc(seats, func(r tournament.StandingsRow) bool { return r.PlayerID == st.Rows[p-1].PlayerID }) {
				return nil, 0, 0, tournament.Invalid("players", "place %d is %s's, who is not among the play-off's players", p, st.Rows[p-1].Name)
			}
		}
	}
	for _, v := range existing {
		if v.State == Stale {
			continue
		}
		for _, seat := range v.Seats {
			if i := slices.IndexFunc(seats, func(r tournament.StandingsRow) bool { return r.PlayerID == seat.ParentPlayerID }); i >= 0 {
				return nil, 0, 0, tournament.Conflict("players", "%s already plays in the play-off %s, which decides this tie", seats[i].Name, v.Event.Name)
			}
		}
	}
	return seats, from, to, nil
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
