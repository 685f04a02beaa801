// Package hall is what the readers of an event played over the board see
// of its current round (issue 67): the hall page's boards with their
// players, results and, where a relay brings them, positions and last
// moves; the round's timer on the hall screen; and the watch that tells
// the pages and the API's stream of every change, on every instance.
package hall

import (
	"context"
	"fmt"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/relay"
	"adiukh/tournament/teams"
)

// Service reads an event's hall and follows its changes.
type Service struct {
	store    tournament.Store
	now      func() time.Time
	versions Versions
	// relays is the relay of the boards' games; nil shows the pairings
	// and results alone.
	relays *relay.Service
	// feed tells of the events written on any instance (the versions'
	// feed): a followed hall is read again as its event changes, not at
	// the next poll.
	feed     relay.WriteFeed
	watchers watchers
}

// Versions tells an event's version as this instance knows it (the page
// cache's versions, store.Store): every write of the event's data raises
// it, on whichever instance it was made.
type Versions interface {
	EventVersions(ctx context.Context, eventID int64) (shared, event int64, err error)
	// KnownEventVersions are the versions kept in memory, ok while the
	// instance hears of every write; a follower asks them first.
	KnownEventVersions(eventID int64) (shared, event int64, ok bool)
}

// NewService returns the service over the domain's store st, which must
// tell its versions (Versions) for the hall to be followed, showing what
// relays brings of the boards' games (nil: the pairings and results
// alone); now is the clock of the round timer, time.Now when nil.
func NewService(st tournament.Store, now func() time.Time, relays *relay.Service) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{store: st, now: now, relays: relays}
	s.versions, _ = st.(Versions)
	s.feed, _ = st.(relay.WriteFeed)
	s.watchers.wake = make(chan struct{}, 1)
	return s
}

// Hall is one round of an event as its hall shows it: every board of the
// round, the timer, and the other rounds a reader may open.
type Hall struct {
	Event *tournament.Event
	// Round is the round shown: the one asked for, else the last
	// published; 0 while no round is published (Boards is then empty).
	Round  int
	Rounds []int // the published rounds, first to last
	// Finished: every board of the round has its result.
	Finished bool
	Boards   []Board
	// Matches are a team event's matches of the round by table, each
	// naming its boards in board order: the hall shows them grouped by
	// match. Nil for an event of players, whose boards stand one by one.
	Matches []Match
	Timer   Timer
	// Version is the event's version the hall was read at and the
	// relay's stamp of the round, added: each only grows, so the sum moves
	// with either. The stream's event ID, which a reader that comes back
	// names to be sent only what changed.
	Version int64
	// relayStamp is the relay's part of Version.
	relayStamp int64
}

// Board is one board of the round in the hall.
type Board struct {
	// Number is the board's number in the round (a team event's game
	// number, teams.GameNumber); Table and MatchBoard place a team event's
	// board as its pairings do, board 2 of the match at table 1 (0 for an
	// event of players).
	Number            int
	Table, MatchBoard int
	White             Seat
	// Black is the zero Seat on the bye's board (Bye).
	Black Seat
	Bye   bool
	// Result is nil until the arbiter enters it; Score is then the result
	// as the event shows it (17:7, 1:0, +:−) and Forfeit tells a game not
	// played at the board.
	Result  *tournament.Result
	Score   string
	Forfeit bool
	// Relay is what the relay has of the board's game, nil while it has
	// nothing (no source named, no move): the board shows its pairing.
	// Position is the position after its last move, nil before the first.
	Relay    *relay.BoardView
	Position rules.State
	// Paused tells the readers where the board's relay stopped until the
	// arbiter has checked it, never why (the relay tells why to those who
	// check it alone); nil while it goes on (or has nothing).
	Paused *relay.Pause
}

// ShownNumber is the number the board's readers know it by: its board in
// its match in a team event (as the team pairings show it), its number in
// the round otherwise.
func (b Board) ShownNumber() int {
	if b.MatchBoard != 0 {
		return b.MatchBoard
	}
	return b.Number
}

// Match is one match of a team event's round in the hall: its teams, its
// score so far as the match card counts it, and its boards.
type Match struct {
	Table int
	Home  Team
	// Away is the zero Team on the home team's bye (Bye).
	Away  Team
	Bye   bool
	Score teams.MatchScore
	// Boards are the numbers (Board.Number) of the match's boards with a
	// game, in the match's board order. A board a team left empty has no
	// game and no place in the hall; its forfeit is in the score.
	Boards []int
}

// Team is a team at a match as the hall names it.
type Team struct {
	ID      int64
	StartNo int
	Name    string
}

// NewPlies tells what of board b's relayed plies a reader who has the
// board as seen lacks: the plies from ply from on (counted from 0). When
// the relay only added plies, they are those after the reader's; when it
// went back (a correction, plies taken back: corrected), those from the
// first that differs, which replace the reader's from there.
func NewPlies(seen, b Board) (from int, corrected bool) {
	var had, has []relay.Ply
	if seen.Relay != nil {
		had = seen.Relay.Plies
	}
	if b.Relay != nil {
		has = b.Relay.Plies
	}
	for from < min(len(had), len(has)) && had[from].Move == has[from].Move {
		from++
	}
	return from, from < len(had)
}

// Seat is a player at a board as the hall names them.
type Seat struct {
	PlayerID   int64
	StartNo    int
	Name       string
	Title      string
	Federation string
	Rating     int
}

// Read reads round n of an event (0: the last published round) as its
// hall shows it to the context's user. A draft is never shown, not even to
// the arbiter: the hall is what the players and the public see. An event
// whose games are played on the site has no hall: its games have their
// own pages.
func (s *Service) Read(ctx context.Context, eventID int64, n int) (*Hall, error) {
	// The version is read first: a change committed between it and the
	// read is in the hall and raises the version past it, so that a
	// follower reads again rather than missing it.
	version, err := s.version(ctx, eventID)
	if err != nil {
		return nil, err
	}
	var h *Hall
	err = s.store.View(ctx, func(tx tournament.Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := hasHall(e); err != nil {
			return err
		}
		h, err = read(tx, e, n, s.now())
		return err
	})
	if err != nil {
		return nil, err
	}
	h.Version = version
	return h, s.relayed(ctx, h)
}

// relayed adds to the hall what the relay has of its round's boards, and
// the relay's stamp to its version.
func (s *Service) relayed(ctx context.Context, h *Hall) error {
	if s.relays == nil || h.Round == 0 {
		return nil
	}
	v, err := s.relays.Round(ctx, h.Event.ID, h.Round)
	if err != nil {
		return err
	}
	h.Version += v.Stamp
	h.relayStamp = v.Stamp
	game := h.Event.Game.Rules()
	for i := range h.Boards {
		b := &h.Boards[i]
		r := v.Board(b.Number)
		if b.Bye || r == nil || r.Source == "" && len(r.Plies) == 0 && r.Paused == nil {
			continue
		}
		b.Relay, b.Paused = r, r.Paused
		if n := len(r.Plies); n > 0 {
			// The side to move is the FEN's own; the side given is the
			// one a notation without it (Adiukh's) needs.
			side := rules.White
			if n%2 == 1 {
				side = rules.Black
			}
			if st, err := game.ParseState(r.FEN, side); err == nil {
				b.Position = st
			}
		}
	}
	return nil
}

// hasHall refuses an event without rounds played at the boards.
func hasHall(e *tournament.Event) error {
	switch {
	case !e.Discipline.PlaysGames():
		return tournament.NotFound("the event is a composition contest: it has no rounds to show in a hall")
	case e.Online || e.Discipline.PlayedOnServer():
		return tournament.NotFound("the games of this event are played on the site: each has its own page, and the event has no hall")
	}
	return nil
}

// read builds the hall of round n of e (0: the last published) at now.
func read(tx tournament.Tx, e *tournament.Event, n int, now time.Time) (*Hall, error) {
	all, err := tx.Rounds(e.ID)
	if err != nil {
		return nil, err
	}
	h := &Hall{Event: e}
	var round *tournament.Round
	for i := range all {
		if all[i].Status == tournament.Draft {
			continue
		}
		h.Rounds = append(h.Rounds, all[i].Number)
		if n == 0 || all[i].Number == n {
			round = &all[i]
		}
	}
	if n != 0 && (round == nil || round.Number != n) {
		return nil, tournament.NotFound("round %d of the event is not published", n)
	}
	h.Timer = timerOf(e, round, now)
	if round == nil {
		return h, nil
	}
	h.Round, h.Finished = round.Number, round.Status == tournament.Done
	players, err := tx.Players(e.ID)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*tournament.Player, len(players))
	for i := range players {
		byID[players[i].ID] = &players[i]
	}
	h.Boards = make([]Board, len(round.Games))
	for i := range round.Games {
		g := &round.Games[i]
		b := Board{Number: g.Board, White: seatOf(byID[g.WhiteID]), Bye: g.IsBye(), Result: g.Result}
		if !b.Bye {
			b.Black = seatOf(byID[g.BlackID])
		}
		if g.Result != nil {
			b.Score, b.Forfeit = e.ScoreText(*g.Result), !b.Bye && !g.Result.Played()
		}
		h.Boards[i] = b
	}
	if e.Discipline.IsTeam() {
		if h.Matches, err = matchesOf(tx, e, round, h.Boards); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// matchesOf reads the matches of round r of team event e in the hall's
// transaction, which the store's transactions keep the teams in, and
// places each of the round's boards in its match.
func matchesOf(tx tournament.Tx, e *tournament.Event, r *tournament.Round, boards []Board) ([]Match, error) {
	tt, ok := tx.(teams.TeamTx)
	if !ok {
		return nil, fmt.Errorf("the store keeps no teams: the hall of team event %d cannot show its matches", e.ID)
	}
	read, err := teams.RoundMatches(tt, e, r)
	if err != nil {
		return nil, err
	}
	byNumber := make(map[int]*Board, len(boards))
	for i := range boards {
		byNumber[boards[i].Number] = &boards[i]
	}
	out := make([]Match, len(read))
	for i, m := range read {
		hm := Match{Table: m.Table, Home: teamOf(m.Home), Bye: m.IsBye(), Score: m.Score}
		if !hm.Bye {
			hm.Away = teamOf(m.Away)
		}
		for _, b := range m.Boards {
			if b.Game == nil {
				continue
			}
			hm.Boards = append(hm.Boards, b.Game.Board)
			if placed := byNumber[b.Game.Board]; placed != nil {
				placed.Table, placed.MatchBoard = m.Table, b.Board
			}
		}
		out[i] = hm
	}
	return out, nil
}

// teamOf names a team at a match; a team the event no longer lists (never,
// but a match must not fail the hall) is an empty one.
func teamOf(t *teams.Team) Team {
	if t == nil {
		return Team{}
	}
	return Team{ID: t.ID, StartNo: t.StartNo, Name: t.Name}
}

// seatOf names a player at a board; a player the event no longer lists
// (never, but a board must not fail the hall) is an empty seat.
func seatOf(p *tournament.Player) Seat {
	if p == nil {
		return Seat{}
	}
	return Seat{PlayerID: p.ID, StartNo: p.StartNo, Name: p.Name, Title: p.Title, Federation: p.Federation, Rating: p.Rating}
}

// version is the event's version as this instance knows it, kept or
// read; 0 when the store tells none.
func (s *Service) version(ctx context.Context, eventID int64) (int64, error) {
	if s.versions == nil {
		return 0, nil
	}
	if _, v, ok := s.versions.KnownEventVersions(eventID); ok {
		return v, nil
	}
	_, v, err := s.versions.EventVersions(ctx, eventID)
	return v, err
}

// MatchOf is the match board b is played in, nil for an event of players.
func (h *Hall) MatchOf(b Board) *Match {
	for i := range h.Matches {
		if b.Table != 0 && h.Matches[i].Table == b.Table {
			return &h.Matches[i]
		}
	}
	return nil
}
