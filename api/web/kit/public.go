package kit

import (
	"fmt"
	"slices"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/rules"
	"adiukh/tournament"
	"adiukh/tournament/checkin"
	"adiukh/tournament/entries"
)

// BoardRow is one board of a round as the pairings table shows it.
type BoardRow struct {
	Board     int
	White     *tournament.Player
	Black     *tournament.Player // nil for the bye
	Result    *tournament.Result
	HasSheet  bool
	Version   int
	EndReason string
	// ByePoints is what the bye of this board scores, shown in its result
	// column; the black column names the bye.
	ByePoints float64
	// SheetMissing: a played game of a recorded discipline without its sheet.
	SheetMissing bool
	// WhiteScore and BlackScore are the players' scores before the round,
	// shown beside their names from round 2 on (Scored).
	Scored                 bool
	WhiteScore, BlackScore float64
	// Opening is the opening drawn for this board of a micro-match event
	// that draws one for each board (the round's is shown above the
	// boards); Micro its two games.
	Opening *tournament.DrawnOpening
	Micro   []microGame
	game    *tournament.Game
}

// Mark is the row's BoardMark in round n, which its reader's parts read.
func (row BoardRow) Mark(n int) BoardMark {
	m := BoardMark{Round: n, Board: row.Board, Game: row.game.ID, White: row.White.ID}
	if row.Black != nil {
		m.Black = row.Black.ID
	}
	return m
}

// BoardRows are the boards of round r as the pairings table shows them.
func BoardRows(d *tournament.EventData, r *tournament.Round) []BoardRow {
	rows := make([]BoardRow, len(r.Games))
	for i := range r.Games {
		rows[i] = boardRow(d, r, &r.Games[i])
	}
	return rows
}

// boardRow is game g of round r as the pairings table shows it.
func boardRow(d *tournament.EventData, r *tournament.Round, g *tournament.Game) BoardRow {
	row := BoardRow{Board: g.Board, White: d.Player(g.WhiteID), Result: g.Result, HasSheet: g.Sheet != "", Version: g.Version,
		SheetMissing: d.Event.AwaitsSheet(r, g), game: g}
	if !g.IsBye() {
		row.Black = d.Player(g.BlackID)
		if d.Event.MicroMatch.On() {
			row.Micro = microGames(d.Event.ID, r.Number, g)
		}
		if d.Event.MicroMatch == tournament.DrawPerBoard {
			row.Opening = r.OpeningOf(g.Board)
		}
	}
	if g.Result != nil {
		row.EndReason = string(g.Result.EndReason)
		if g.IsBye() {
			row.ByePoints = d.Event.Points(*g.Result, true)
		}
	}
	return row
}

// microGame is one game of a micro-match in its board's row: its score, ""
// until entered, and the address of its page in the game viewer once its
// score sheet came in, "" before.
type microGame struct {
	Score, Link string
}

// microGames are the two games of a micro-match board of round n.
func microGames(eventID int64, n int, g *tournament.Game) []microGame {
	out := make([]microGame, len(g.MicroGames))
	for i, r := range g.MicroGames {
		if r != nil {
			out[i].Score = r.Score()
		}
		if g.MicroSheets[i].Sheet != "" {
			out[i].Link = fmt.Sprintf("/events/%d/rounds/%d/boards/%d?game=%d", eventID, n, g.Board, i+1)
		}
	}
	return out
}

// EventHeader is what every page of one event shows above its tabs.
type EventHeader struct {
	Event     *tournament.Event
	Tab       string
	CanManage bool
	// Judge: the reader judges the event's composition contest, whose
	// jury page only the judges and the director may open.
	Judge bool
	// Following: the signed-in reader follows the event.
	Following bool
	// MyEntry is the signed-in reader's latest entry to the event, whose
	// state the entries tab names; nil when they have none.
	MyEntry *entries.Entry
	// Rated: the lists have rated the event's games; its rating report
	// is a tab.
	Rated bool
	// Regulations: the event has its regulations attached, which the
	// header links.
	Regulations bool
}

// LiveEvery: the public tabs of a running event show new results in place,
// except to its arbiters, whose forms on them must keep what they type,
// every base. An event played live on the site changes by the second:
// its tabs look every onlineLiveEvery at most, so a game's end shows in
// the standings within seconds, and its games tab, which has no form,
// follows the clocks for its arbiters too. 0: the page does not look.
func (head EventHeader) LiveEvery(base time.Duration) time.Duration {
	if head.Event == nil || head.Event.Status != tournament.Running {
		return 0
	}
	if head.Event.Online {
		base = min(base, onlineLiveEvery)
		if head.Tab == "games" {
			return base
		}
	}
	if head.CanManage {
		return 0
	}
	switch head.Tab {
	case "pairings", "standings", "crosstable", "players":
		return base
	}
	return 0
}

// onlineLiveEvery is how often the open tabs of an event played live on
// the site look for news: the page cache answers 304 while nothing changed.
const onlineLiveEvery = 3 * time.Second

// Header is the header of event e's pages, the tab tab open.
func (k *Kit) Header(c *gin.Context, e *tournament.Event, tab string) EventHeader {
	ctx := c.Request.Context()
	u := tournament.UserFromContext(ctx)
	head := EventHeader{Event: e, Tab: tab, CanManage: tournament.CanManage(u, e)}
	// The follow button, the reader's entry and the ratings tab are left
	// out, and the failure logged, rather than the whole page failed.
	var err error
	if u != nil {
		// Only a signed-in reader's pages show it, and those are not cached.
		if head.Following, err = k.Entries.Following(ctx, e.ID, 0); err != nil {
			k.Log.Error("event header: is the reader following", "event", e.ID, "err", err)
		}
		if e.Discipline.PlaysGames() && !e.Discipline.IsTeam() {
			if head.MyEntry, err = k.Entries.MyEntry(ctx, e.ID); err != nil {
				k.Log.Error("event header: the reader's entry", "event", e.ID, "err", err)
			}
		}
	}
	if head.Regulations, err = k.Entries.HasRegulations(ctx, e.ID); err != nil {
		k.Log.Error("event header: has the event regulations", "event", e.ID, "err", err)
	}
	if e.Rated && e.Status == tournament.Finished && k.Ratings != nil {
		if head.Rated, err = k.Ratings.EventRated(ctx, e.ID); err != nil {
			k.Log.Error("event header: the event's rating", "event", e.ID, "err", err)
		}
	}
	if u != nil && !head.CanManage && !e.Discipline.PlaysGames() && k.Composition != nil {
		if cv, err := k.Composition.Contest(ctx, e.ID); err == nil {
			head.Judge = cv.IsJudge
		}
	}
	return head
}

// EventPageData is the pairings page of one round of an event.
type EventPageData struct {
	EventHeader
	Players []tournament.Player
	Rounds  []int
	Round   *tournament.Round // the round shown; nil before round 1 is published
	Boards  []BoardRow
	// Titled: some player of the event holds a rank or title, which the
	// pairings show in a column of its own.
	Titled bool
	// Seats and Review serve the swap form of a draft round, Pairing the
	// pairing typed by hand (Swiss): each keeps what was entered and shows
	// its own error.
	Seats   []SeatOption
	Review  *Form
	Pairing *Form
	// Panel holds the reports of a signed-in player or arbiter; nil for
	// anonymous readers.
	Panel *PlayerPanel
	// Cards explain a Swiss round's pairings to its arbiter; CardsError
	// says why they could not be built.
	Cards      []tournament.PairingCard
	CardsError string
	// Checkin is the signed-in player's check-in for the event's next
	// round while it is open (checkin.Service.Mine), their personal part
	// event_checkin; nil for anyone else.
	Checkin *checkin.RoundView
}

// NewEventPageData shows round n, or the latest round when there is no
// round n.
func NewEventPageData(hd EventHeader, d *tournament.EventData, n int) *EventPageData {
	data := &EventPageData{EventHeader: hd, Players: d.Players, Review: NewForm(), Pairing: NewForm(),
		Titled: slices.ContainsFunc(d.Players, func(p tournament.Player) bool { return p.Title != "" })}
	for i := range d.Rounds {
		data.Rounds = append(data.Rounds, d.Rounds[i].Number)
	}
	if len(d.Rounds) > 0 {
		data.Round = &d.Rounds[len(d.Rounds)-1]
		for i := range d.Rounds {
			if d.Rounds[i].Number == n {
				data.Round = &d.Rounds[i]
			}
		}
		data.Boards = BoardRows(d, data.Round)
		if data.Round.Number > 1 {
			scores := d.ScoresBefore(data.Round.Number)
			for i := range data.Boards {
				b := &data.Boards[i]
				b.Scored, b.WhiteScore = true, scores[b.White.ID]
				if b.Black != nil {
					b.BlackScore = scores[b.Black.ID]
				}
			}
		}
		if data.Round.Status == tournament.Draft && hd.CanManage {
			data.Seats = SeatOptions(data.Boards)
		}
	}
	return data
}

// SheetVerdict replays a sheet by the rules of the game: its first game.
func SheetVerdict(game tournament.GameKind, sheet string) rules.Verdict {
	verdicts := game.Rules().ValidateGames(sheet)
	if len(verdicts) == 0 {
		return rules.Verdict{}
	}
	return verdicts[0]
}

// FindBoard finds board board of round round; nil, nil when there is none.
func FindBoard(d *tournament.EventData, round, board int) (*tournament.Round, *tournament.Game) {
	for i := range d.Rounds {
		if d.Rounds[i].Number != round {
			continue
		}
		for j := range d.Rounds[i].Games {
			if d.Rounds[i].Games[j].Board == board {
				return &d.Rounds[i], &d.Rounds[i].Games[j]
			}
		}
	}
	return nil, nil
}

// Board is board board of round round with its row as the pairings table
// shows it, for the pages of one board; not found is the reader's error.
func Board(d *tournament.EventData, round, board int) (*tournament.Round, *tournament.Game, BoardRow, error) {
	r, g := FindBoard(d, round, board)
	if g == nil {
		return nil, nil, BoardRow{}, tournament.NotFound("board %d of round %d not found", board, round)
	}
	return r, g, boardRow(d, r, g), nil
}
