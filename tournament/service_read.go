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
// is not finished, its games are not played on the server (a
// correspondence section starts all its games at once), the last round is
// published and rounds are left. Whether the next round may really be
// paired (a Swiss round waits for every result) CreateRound decides, and
// its refusal says why.
func (d *EventData) CanPair() bool {
	lastIsDraft := len(d.Rounds) > 0 && d.Rounds[len(d.Rounds)-1].Status == Draft
	allPaired := d.Event.Rounds > 0 && len(d.Rounds) >= d.Event.Rounds
	return d.Event.Status != Finished && d.Event.Status != Cancelled && !lastIsDraft && !allPaired && !d.Event.Discipline.PlayedOnServer()
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

// BoardData reads, of an event the user may see, the event, round n with
// its board b alone and that board's players: what a board's page shows,
// without the rest of the event (issue 59.3). A round the user may not
// see yet (a draft) has no board.
func (s *Service) BoardData(ctx context.Context, eventID int64, n, b int) (*EventData, error) {
	var d *EventData
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		r, err := tx.Board(eventID, n, b)
		if err != nil {
			return err
		}
		if len(visibleRounds(UserFromContext(ctx), e, []Round{*r})) == 0 {
			return NotFound("board %d of round %d not found", b, n)
		}
		d = &EventData{Event: e, Rounds: []Round{*r}}
		for _, id := range []int64{r.Games[0].WhiteID, r.Games[0].BlackID} {
			if id == 0 {
				continue
			}
			p, err := tx.Player(eventID, id)
			if err != nil {
				return err
			}
			d.Players = append(d.Players, *p)
		}
		return nil
	})
	return d, err
}

// CheckRound refuses, reading only the event and the count of its rounds,
// a round number past every round paired in it: a page of one round
// (?round=N) answers a wrong number at the cost of two small reads, not of
// the whole event (issue 59.3). A round paired but not published passes
// here; the page's own read refuses it.
func (s *Service) CheckRound(ctx context.Context, eventID int64, n int) error {
	return s.store.View(ctx, func(tx Tx) error {
		if _, err := readable(ctx, tx, eventID); err != nil {
			return err
		}
		paired, err := tx.CountRounds(eventID)
		if err != nil {
			return err
		}
		if n > paired {
			return NotFound("round %d of event %d not found", n, eventID)
		}
		return nil
	})
}

// Player reads one player of an event the user may see, without reading
// the rest of the event.
func (s *Service) Player(ctx context.Context, eventID, playerID int64) (*Player, error) {
	var p *Player
	err := s.store.View(ctx, func(tx Tx) error {
		if _, err := readable(ctx, tx, eventID); err != nil {
			return err
		}
		var err error
		p, err = tx.Player(eventID, playerID)
		return err
	})
	return p, err
}

// RoundPaired refuses the standings after round n, when n is past every
// round paired in the event, by the count of its rounds alone (see
// CheckRound); 0 (no round asked) and a negative n, which the caller's own
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
func (s *Service) StandingsOf(tx Tx, e *Event, players []Player, rounds []Round, afterRound int) (*Standings, error) {
	return s.standings(tx, e, players, rounds, afterRound)
}

// standings ranks the event; its final standings (after its last round,
// every result in) show the places its finished play-offs decided
// (Options.Playoffs), read in the same snapshot tx.
func (s *Service) standings(tx Tx, e *Event, players []Player, rounds []Round, afterRound int) (*Standings, error) {
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

// Crosstable is every player's games round by round, with the standings
// after the last finished round. Rows are by start number.
type Crosstable struct {
	Event     *Event
	Standings *Standings
	Rows      []CrosstableRow
}

// CrosstableRow is one player's line of the crosstable.
type CrosstableRow struct {
	Player Player
	Rank   int
	RankTo int
	Score  float64
	// Games holds one cell per published round, in round order.
	Games []CrosstableCell
}

// CrosstableCell is one round of one player, seen from that player.
type CrosstableCell struct {
	Round int
	// OpponentNo is the opponent's start number, 0 for a bye or a round the
	// player was not paired in.
	OpponentNo int
	White      bool
	// Result is nil while the game has no result; Score is from the
	// player's side as the event shows it (Event.ScoreTextFor: "7:17" for
	// an Adiukh loss with 7 points, "0:1" for a loss in a 1-½-0 event) and
	// Points in the event's scoring table.
	Result *Result
	Score  string
	Points float64
	// MicroGames are the board's two games of a micro-match as the board
	// keeps them (Game.MicroGames: in the first the board's White has
	// White), whichever side the cell is of.
	MicroGames [2]*Result
}

// Counts reports whether game g of round n is counted in these standings:
// every game of the rounds up to AfterRound and, where each result counts
// at once, every finished game of a later round. A page that lists games
// next to the standings tells the others apart by it.
func (st *Standings) Counts(n int, g Game) bool {
	return n <= st.AfterRound || st.EveryFinishedGame && g.Result != nil
}

// Crosstable builds the crosstable of an event.
func (s *Service) Crosstable(ctx context.Context, eventID int64) (*Crosstable, error) {
	return s.CrosstableAfter(ctx, eventID, 0)
}

// CrosstableAfter builds the crosstable of an event as it stood after round
// afterRound: the rounds up to it and the standings after it. 0 means every
// published round with the standings after the last finished one, as
// Crosstable gives. Printed tables and exported standings use it for the
// players' full details next to their places.
func (s *Service) CrosstableAfter(ctx context.Context, eventID int64, afterRound int) (*Crosstable, error) {
	var ct *Crosstable
	err := s.store.View(ctx, func(tx Tx) error {
		e, players, rounds, err := loadPublic(ctx, tx, eventID)
		if err != nil {
			return err
		}
		ct, err = s.crosstable(tx, e, players, rounds, afterRound)
		return err
	})
	return ct, err
}

// crosstable builds the crosstable of an event's rounds up to afterRound
// (0: every one, with the standings after the last complete one).
func (s *Service) crosstable(tx Tx, e *Event, players []Player, rounds []Round, afterRound int) (*Crosstable, error) {
	st, err := s.standings(tx, e, players, rounds, afterRound)
	if err != nil {
		return nil, err
	}
	if afterRound > 0 {
		// Rounds are numbered from 1 without gaps, and standings
		// checked that round afterRound exists.
		rounds = rounds[:afterRound]
	}
	return buildCrosstable(e, players, rounds, st), nil
}

func buildCrosstable(e *Event, players []Player, rounds []Round, st *Standings) *Crosstable {
	ct := &Crosstable{Event: e, Standings: st}
	row := make(map[int64]*CrosstableRow, len(players))
	no := make(map[int64]int, len(players))
	ct.Rows = make([]CrosstableRow, len(players))
	for i, p := range players {
		ct.Rows[i] = CrosstableRow{Player: p, Games: make([]CrosstableCell, len(rounds))}
		row[p.ID] = &ct.Rows[i]
		no[p.ID] = p.StartNo
	}
	for _, sr := range st.Rows {
		if r := row[sr.PlayerID]; r != nil {
			r.Rank, r.RankTo, r.Score = sr.Rank, sr.RankTo, sr.Score
		}
	}
	for ri, r := range rounds {
		for _, r2 := range ct.Rows {
			r2.Games[ri].Round = r.Number
		}
		for _, g := range r.Games {
			white := CrosstableCell{Round: r.Number, OpponentNo: no[g.BlackID], White: true, Result: g.Result, MicroGames: g.MicroGames}
			black := CrosstableCell{Round: r.Number, OpponentNo: no[g.WhiteID], Result: g.Result, MicroGames: g.MicroGames}
			if g.Result != nil {
				white.Points, black.Points = e.Points(*g.Result, true), e.Points(*g.Result, false)
				white.Score = e.ScoreText(*g.Result)
				if g.Result.EndReason != Bye {
					black.Score = e.ScoreTextFor(*g.Result, false)
				}
			}
			row[g.WhiteID].Games[ri] = white
			if !g.IsBye() {
				row[g.BlackID].Games[ri] = black
			}
		}
	}
	return ct
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
