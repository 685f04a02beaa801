package tournament

import (
	"context"
	"fmt"
)

// Standings ranks an event's players after round afterRound; 0 means after
// the last round that, with all rounds before it, has every result.
func (s *Service) Standings(ctx context.Context, eventID int64, afterRound int) (*Standings, error) {
	var st *Standings
	err := s.store.View(ctx, func(tx Tx) error {
		if _, err := readable(ctx, tx, eventID); err != nil {
			return err
		}
		if err := RoundPaired(tx, eventID, afterRound); err != nil {
			return err
		}
		e, players, rounds, err := loadPublic(ctx, tx, eventID)
		if err != nil {
			return err
		}
		st, err = s.standings(tx, e, players, rounds, afterRound)
		return err
	})
	return st, err
}

// EventData is an event with everything in it, read in one transaction:
// what a page or a printed document of the whole event needs.
type EventData struct {
	Event   *Event
	Players []Player // by start number
	Rounds  []Round  // by number, with games by board; drafts only for those who may change the event
}

// Player returns the player with that ID, or nil.
func (d *EventData) Player(id int64) *Player {
	return findPlayer(d.Players, id)
}

// ReadyToFinish reports whether the event may be finished now: every round
// is paired and has all its results, and it is not finished yet (the same
// check finishing makes). Until it is finished, federation exports leave
// it out, so the desk offers it prominently.
func (d *EventData) ReadyToFinish() bool {
	return d.Event.Status != Finished && d.Event.Status != Cancelled && checkStatusChange(d.Event, Finished, d.Rounds) == nil
}

// CanPair tells whether the desk offers pairing the next round: the event
// is not finished, its rounds do not all start at once (a correspondence
// section played as a round robin, StartsAtOnce), the last round is
// published and rounds are left. Whether the next round may really be
// paired (a Swiss round waits for every result) CreateRound decides, and
// its refusal says why.
func (d *EventData) CanPair() bool {
	lastIsDraft := len(d.Rounds) > 0 && d.Rounds[len(d.Rounds)-1].Status == Draft
	allPaired := d.Event.Rounds > 0 && len(d.Rounds) >= d.Event.Rounds
	return d.Event.Status != Finished && d.Event.Status != Cancelled && !lastIsDraft && !allPaired && !d.Event.StartsAtOnce()
}

// ScoresBefore is every player's score (in the event's scoring table) from
// the results of the rounds before round n, byes included; a game without
// a result adds nothing yet.
func (d *EventData) ScoresBefore(n int) map[int64]float64 {
	scores := make(map[int64]float64, len(d.Players))
	for _, r := range d.Rounds {
		if r.Number >= n {
			continue
		}
		for _, g := range r.Games {
			if g.Result == nil {
				continue
			}
			scores[g.WhiteID] += d.Event.Points(*g.Result, true)
			if !g.IsBye() {
				scores[g.BlackID] += d.Event.Points(*g.Result, false)
			}
		}
	}
	return scores
}

// EventData reads an event with its players and rounds.
func (s *Service) EventData(ctx context.Context, eventID int64) (*EventData, error) {
	var d *EventData
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		players, rounds, err := playersAndRounds(tx, eventID)
		if err != nil {
			return err
		}
		d = &EventData{Event: e, Players: players, Rounds: visibleRounds(UserFromContext(ctx), e, rounds)}
		return nil
	})
	return d, err
}

// DeskData reads an event for its arbiter's desk: the same snapshot as
// EventData, drafts included, refused with the reason to anyone who may not
// manage the event. The desk's pages authorise once, here; the desk's main
// page reads the rest of it by teams.Service.Desk.
func (s *Service) DeskData(ctx context.Context, eventID int64) (*EventData, error) {
	var d *EventData
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := MayManage(ctx, e); err != nil {
			return err
		}
		players, rounds, err := playersAndRounds(tx, eventID)
		if err != nil {
			return err
		}
		// Its managers see every round, drafts included.
		d = &EventData{Event: e, Players: players, Rounds: rounds}
		return nil
	})
	return d, err
}

// playersAndRounds reads the players and the rounds of an event, which most
// use cases need together: who plays, and what has been paired.
func playersAndRounds(tx playerRoundTx, eventID int64) ([]Player, []Round, error) {
	players, err := tx.Players(eventID)
	if err != nil {
		return nil, nil, err
	}
	rounds, err := tx.Rounds(eventID)
	if err != nil {
		return nil, nil, err
	}
	return players, rounds, nil
}

// Players lists the players of an event by start number.
func (s *Service) Players(ctx context.Context, eventID int64) ([]Player, error) {
	var players []Player
	err := s.store.View(ctx, func(tx Tx) error {
		if _, err := readable(ctx, tx, eventID); err != nil {
			return err
		}
		var err error
		players, err = tx.Players(eventID)
		return err
	})
	return players, err
}

// RoundPaired refuses the standings after round n, when n is past every
// round paired in the event, by the count of its rounds alone (see
// teams.Service.CheckRound); 0 (no round asked) and a negative n, which the caller's own
// checks word, pass.
func RoundPaired(tx RoundTx, eventID int64, n int) error {
	if n <= 0 {
		return nil
	}
	paired, err := tx.CountRounds(eventID)
	if err != nil {
		return err
	}
	if n > paired {
		return Invalid("round", "round %d has not been played", n)
	}
	return nil
}

// loadPublic reads an event with its players and published rounds.
func loadPublic(ctx context.Context, tx interface {
	EventTx
	playerRoundTx
}, eventID int64) (*Event, []Player, []Round, error) {
	e, err := readable(ctx, tx, eventID)
	if err != nil {
		return nil, nil, nil, err
	}
	players, rounds, err := playersAndRounds(tx, eventID)
	if err != nil {
		return nil, nil, nil, err
	}
	return e, players, visibleRounds(nil, e, rounds), nil
}

// standingsRound checks the round standings are asked after: 0 means the
// last complete round. It returns that round and the number of complete
// rounds, after any of which standings can be shown.
func standingsRound(done func(i int) bool, published, afterRound int) (after, complete int, err error) {
	for complete < published && done(complete) {
		complete++
	}
	switch {
	case afterRound == 0:
		afterRound = complete
	case afterRound < 0:
		return 0, 0, Invalid("round", "a round is numbered from 1, not %d", afterRound)
	case afterRound > published:
		return 0, 0, Invalid("round", "round %d has not been played; %d rounds are published", afterRound, published)
	case afterRound > complete:
		return 0, 0, Invalid("round", "round %d still has games without a result", complete+1)
	}
	return afterRound, complete, nil
}

// StandingsOf ranks the event e, its players and the rounds the reader
// sees, read by the caller in its own snapshot tx (package playercard), as
// Standings ranks them: after round afterRound, 0 for the last complete
// round.
func (s *Service) StandingsOf(tx StandingsTx, e *Event, players []Player, rounds []Round, afterRound int) (*Standings, error) {
	return s.standings(tx, e, players, rounds, afterRound)
}

// standings ranks the event; its final standings (after its last round,
// every result in) show the places its finished play-offs decided
// (Options.Playoffs), read in the same snapshot tx.
func (s *Service) standings(tx StandingsTx, e *Event, players []Player, rounds []Round, afterRound int) (*Standings, error) {
	st, err := s.rank(e, players, rounds, afterRound)
	if err != nil || s.playoffs == nil || len(rounds) == 0 || st.AfterRound != len(rounds) {
		return st, err
	}
	return st, s.playoffs.Decide(tx, st, func(p *Event) (*Standings, error) {
		players, rounds, err := playersAndRounds(tx, p.ID)
		if err != nil {
			return nil, err
		}
		return s.rank(p, players, visibleRounds(nil, p, rounds), 0)
	})
}

func (s *Service) rank(e *Event, players []Player, rounds []Round, afterRound int) (*Standings, error) {
	afterRound, complete, err := standingsRound(func(i int) bool { return rounds[i].Status == Done }, len(rounds), afterRound)
	if err != nil {
		return nil, err
	}
	// Correspondence games end one by one over months, so the current
	// standings count every result at once, not when its round is complete.
	every := e.Discipline == Correspondence && afterRound == complete
	st := &Standings{Event: e, AfterRound: afterRound, EveryFinishedGame: every, Complete: complete}
	counted := rounds[:0:0]
	for _, r := range rounds {
		if r.Number > afterRound && !every {
			continue
		}
		// A round whose every game counts is passed as read, not copied: a
		// copy of a 4,096-player event's games is 28 MB.
		n := 0
		for _, g := range r.Games {
			if st.Counts(r.Number, g) {
				n++
				if g.Result != nil && g.Result.EndReason == ScoreUnknown {
					st.UnscoredGames++
				}
			}
		}
		if n < len(r.Games) {
			games := r.Games
			r.Games = make([]Game, 0, n)
			for _, g := range games {
				if st.Counts(r.Number, g) {
					r.Games = append(r.Games, g)
				}
			}
		}
		counted = append(counted, r)
	}
	rows, err := s.ranker.Rank(StandingsInput{Event: e, Players: players, Rounds: counted, AfterRound: afterRound})
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*Player, len(players))
	for i := range players {
		byID[players[i].ID] = &players[i]
	}
	for i := range rows {
		p := byID[rows[i].PlayerID]
		if p == nil {
			return nil, fmt.Errorf("standings of event %d name unknown player %d", e.ID, rows[i].PlayerID)
		}
		rows[i].StartNo, rows[i].Name, rows[i].Title, rows[i].Club, rows[i].Rating = p.StartNo, p.Name, p.Title, p.Club, p.Rating
		rows[i].Federation = p.Federation
		for id := range rows[i].TieBreaks {
			if !e.Game.OffersTieBreak(id) {
				// The checkers won count Adiukh's games only: a row of
				// another game's event does not carry them.
				delete(rows[i].TieBreaks, id)
			}
		}
	}
	st.Rows = rows
	for _, id := range e.TieBreaks {
		for _, tb := range s.ranker.TieBreaks() {
			if tb.ID == id {
				st.TieBreaks = append(st.TieBreaks, tb)
			}
		}
	}
	return st, nil
}

// Counts reports whether game g of round n is counted in these standings:
// every game of the rounds up to AfterRound and, where each result counts
// at once, every finished game of a later round. A page that lists games
// next to the standings tells the others apart by it.
func (st *Standings) Counts(n int, g Game) bool {
	return n <= st.AfterRound || st.EveryFinishedGame && g.Result != nil
}

// Audit lists every recorded change of an event, oldest first. Only those
// who may change the event may read it.
func (s *Service) Audit(ctx context.Context, eventID int64) ([]AuditEntry, error) {
	var entries []AuditEntry
	err := s.store.View(ctx, func(tx Tx) error {
		if _, _, err := managed(ctx, tx, eventID); err != nil {
			return err
		}
		var err error
		entries, err = tx.Audit(eventID)
		return err
	})
	return entries, err
}
