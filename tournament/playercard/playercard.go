// Package playercard is a player's card in an event: every game of the
// published rounds seen from the player, and the arithmetic behind the
// tie-breaks beside the official values, so that a reader can follow how
// the standings came to them. It reads the event through the domain's
// store and ranks it by the events' service (tournament.Service.StandingsOf)
// in the same snapshot; it writes nothing and knows no HTTP and no SQL.
//
// Every card of an event ranks the whole event (its row of the standings,
// its opponents' scores), so the ranking is kept while the event's
// versions stay (store.Store.EventVersions): a reader going through every
// card of a 4,096-player event ranks it once, not once a card (issue 59.3).
package playercard

import (
	"context"
	"math"
	"sync"

	"adiukh/tournament"
)

// Service reads players' cards. The signed-in user comes from the
// context, as for tournament.Service.
type Service struct {
	store  tournament.Store
	events *tournament.Service
	// versions tells the versions of an event's data when the store keeps
	// them; without, every card ranks its event.
	versions eventVersions
	mu       sync.Mutex
	rankings map[int64]*ranking
}

// eventVersions is what a store tells of the versions of what an event's
// pages show: the data no event owns and the event's own, each changing
// with every write of its data on any instance.
type eventVersions interface {
	EventVersions(ctx context.Context, eventID int64) (shared, event int64, err error)
}

// ranking is an event as the public reads it, ranked, at its versions.
// It is shared by the cards read at those versions and never changed.
type ranking struct {
	shared, event int64
	data          *tournament.EventData
	standings     *tournament.Standings
}

// keptRankings bounds the events whose rankings are kept: each holds the
// event's players and games, a big event's some tens of megabytes.
const keptRankings = 8

// NewService returns the service over the domain's store st; events ranks
// the standings the cards are read beside.
func NewService(st tournament.Store, events *tournament.Service) *Service {
	s := &Service{store: st, events: events, rankings: map[int64]*ranking{}}
	s.versions, _ = st.(eventVersions)
	return s
}

// PlayerCard is one player's card: every game of the published rounds seen
// from the player, and the arithmetic behind the tie-breaks (opponents'
// scores for Buchholz, their share for Sonneborn-Berger, the Adiukh
// points). Only the games the standings count are added up, so that the
// sums stand beside the official values; the games of a round still
// waiting for results are listed apart.
type PlayerCard struct {
	Player    *tournament.Player
	Row       *tournament.StandingsRow
	TieBreaks []tournament.TieBreakInfo
	// AfterRound is the round the standings (Row) are after.
	AfterRound int
	// Games are those the standings count, Total their column sums.
	Games []CardGame
	Total CardGame
	// Pending are the games of published rounds the standings do not count
	// yet, as round Incomplete still has games without a result; they are
	// listed apart and not added up.
	Pending    []CardGame
	Incomplete int
	// Behind: a published round is not counted by the standings yet, so
	// the card says after which round its values are, whether or not the
	// player has a game in that round (a withdrawn player, a bye).
	Behind bool
	// Official holds the event's own Buchholz, Sonneborn-Berger and
	// Adiukh-points tie-breaks under the columns they correspond to (nil
	// where the event does not use one); Differs is set when one of them
	// is not the column sum, which the card explains.
	Official OfficialSums
	Differs  bool
}

// CardGame is one game on a player card, seen from the player, with what it
// adds to the tie-breaks.
type CardGame struct {
	Round         int
	Board         int
	White         bool
	Opponent      *tournament.Player
	Score         string // from the player's side as the event shows it, "7:17", "0:1"
	EndReason     string
	Points        float64
	Adiukh        int     // the player's Adiukh points in the game
	OpponentScore float64 // the opponent's score in the standings
	// SBShare is the game's part of Sonneborn-Berger: the opponent's score
	// times the share of a win the player took.
	SBShare  float64
	Played   bool
	HasSheet bool
}

// OfficialSums are the official values of the tie-breaks a card's columns
// add up to in their simplest form.
type OfficialSums struct {
	Buchholz, SB, Adiukh *float64
}

// Player reads one player of an event the user may see, without reading
// the rest of the event: the card's personal part (its follow button)
// needs the player alone, not the card.
func (s *Service) Player(ctx context.Context, eventID, playerID int64) (*tournament.Player, error) {
	var p *tournament.Player
	err := s.store.View(ctx, func(tx tournament.Tx) error {
		if _, err := tournament.Readable(ctx, tx, eventID); err != nil {
			return err
		}
		var err error
		p, err = tx.Player(eventID, playerID)
		return err
	})
	return p, err
}

// PlayerCard reads the card of one player from one snapshot of the event.
// The versions are read before the snapshot: what the snapshot reads is
// at least as new as they say, so a ranking is never kept under versions
// newer than its data.
func (s *Service) PlayerCard(ctx context.Context, eventID, playerID int64) (*tournament.Event, *PlayerCard, error) {
	var e *tournament.Event
	var card *PlayerCard
	var shared, version int64
	versioned := s.versions != nil
	if versioned {
		var err error
		if shared, version, err = s.versions.EventVersions(ctx, eventID); err != nil {
			return nil, nil, err
		}
	}
	err := s.store.View(ctx, func(tx tournament.Tx) error {
		// A player of another event is refused before the event is read
		// (issue 59.3); the event first, so that a private one stays hidden.
		if _, err := tournament.Readable(ctx, tx, eventID); err != nil {
			return err
		}
		if _, err := tx.Player(eventID, playerID); err != nil {
			return err
		}
		r := s.kept(eventID, shared, version, versioned)
		if r == nil {
			ev, players, rounds, err := tournament.ReadPublic(ctx, tx, eventID)
			if err != nil {
				return err
			}
			st, err := s.events.StandingsOf(tx, ev, players, rounds, 0)
			if err != nil {
				return err
			}
			r = &ranking{shared: shared, event: version, data: &tournament.EventData{Event: ev, Players: players, Rounds: rounds}, standings: st}
			if versioned {
				s.keep(eventID, r)
			}
		}
		p := tournament.FindPlayer(r.data.Players, playerID)
		if p == nil {
			return tournament.NotFound("player %d not found in event %d", playerID, eventID)
		}
		// The caller's own copies of what the ranking shares.
		event, player := *r.data.Event, *p
		e = &event
		card = newPlayerCard(r.data, &player, r.standings)
		return nil
	})
	return e, card, err
}

// kept is the event's ranking kept at these versions, or nil.
func (s *Service) kept(eventID, shared, version int64, versioned bool) *ranking {
	if !versioned {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r := s.rankings[eventID]; r != nil && r.shared == shared && r.event == version {
		return r
	}
	return nil
}

// keep keeps the event's ranking in place of any older one, making room
// by dropping another event's when keptRankings are kept.
func (s *Service) keep(eventID int64, r *ranking) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.rankings[eventID]; !ok && len(s.rankings) >= keptRankings {
		for id := range s.rankings {
			delete(s.rankings, id)
			break
		}
	}
	s.rankings[eventID] = r
}

func newPlayerCard(d *tournament.EventData, p *tournament.Player, st *tournament.Standings) *PlayerCard {
	card := &PlayerCard{Player: p, TieBreaks: st.TieBreaks, AfterRound: st.AfterRound, Incomplete: st.Complete + 1}
	score := map[int64]float64{}
	for i, r := range st.Rows {
		score[r.PlayerID] = r.Score
		if r.PlayerID == p.ID {
			row := st.Rows[i]
			card.Row = &row
		}
	}
	for _, r := range d.Rounds {
		if r.Status == tournament.Draft {
			continue
		}
		if r.Number > st.AfterRound && !st.EveryFinishedGame {
			card.Behind = true
		}
		for _, g := range r.Games {
			if g.WhiteID != p.ID && g.BlackID != p.ID {
				continue
			}
			if st.Counts(r.Number, g) {
				card.Games = append(card.Games, newCardGame(d, r.Number, g, p.ID, score))
			} else {
				card.Pending = append(card.Pending, newCardGame(d, r.Number, g, p.ID, score))
			}
		}
	}
	for _, g := range card.Games {
		card.Total.Points += g.Points
		card.Total.Adiukh += g.Adiukh
		card.Total.OpponentScore += g.OpponentScore
		card.Total.SBShare += g.SBShare
	}
	if card.Row != nil {
		card.Official, card.Differs = officialBeside(card.Row.TieBreaks, card.Total)
	}
	return card
}

func newCardGame(d *tournament.EventData, round int, g tournament.Game, playerID int64, score map[int64]float64) CardGame {
	white := g.WhiteID == playerID
	cg := CardGame{Round: round, Board: g.Board, White: white, HasSheet: g.Sheet != ""}
	opponentID := g.BlackID
	if !white {
		opponentID = g.WhiteID
	}
	if opponentID != 0 {
		cg.Opponent = d.Player(opponentID)
	}
	if g.Result == nil {
		return cg
	}
	res := *g.Result
	cg.EndReason, cg.Played = string(res.EndReason), res.Played()
	cg.Points = d.Event.Points(res, white)
	own, other := res.White, res.Black
	if !white {
		own, other = other, own
	}
	if !res.EndReason.IsBye() {
		cg.Score = d.Event.ScoreTextFor(res, white)
	}
	if cg.Played && res.EndReason != tournament.ScoreUnknown {
		// A score that is unknown counts no checkers won (adiukh-points).
		cg.Adiukh = own
		cg.OpponentScore = score[opponentID]
		if win := d.Event.Scoring.Win; win > 0 {
			cg.SBShare = cg.OpponentScore * cg.Points / win
		}
	}
	return cg
}

// officialBeside takes the tie-breaks that the card's columns add up to in
// their simplest form: Buchholz, Sonneborn-Berger and the Adiukh points.
// The official values also count unplayed games (a virtual opponent, the
// points a forfeit or bye scores), so they may differ from the sums of the
// played games; differs tells whether any does.
func officialBeside(tieBreaks map[string]float64, total CardGame) (OfficialSums, bool) {
	var o OfficialSums
	differs := false
	for _, c := range []struct {
		id  string
		to  **float64
		sum float64
	}{{"buchholz", &o.Buchholz, total.OpponentScore}, {"sonneborn-berger", &o.SB, total.SBShare}, {"adiukh-points", &o.Adiukh, float64(total.Adiukh)}} {
		if v, ok := tieBreaks[c.id]; ok {
			*c.to = &v
			if math.Abs(v-c.sum) > 1e-9 {
				differs = true
			}
		}
	}
	return o, differs
}
