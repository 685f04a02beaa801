package kit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// ResultsPageData is the fast result entry of one round.
type ResultsPageData struct {
	EventHeader
	Round    *tournament.Round
	Boards   []BoardRow
	Versions string // "board:version,…" as the page saw them
	Form     *Form
	Saved    string
	Reasons  []tournament.EndReason
	// SheetRequired is set for disciplines whose played games need a
	// score sheet (§10.2); their results go through the sheet form.
	SheetRequired bool
	// Warnings are what the result just saved may have upset.
	Warnings []tournament.Warning
	// Outcomes say what became of each sheet of a batch just sent.
	Outcomes []SheetOutcomeRow
	// Matches group the boards of a team round by match; Games finds a
	// board's row by its number within the round, the number typed.
	Matches []MatchRow
	Games   map[int]BoardRow
}

// ResultsData is the fast result entry of round n of event id.
func (k *Kit) ResultsData(c *gin.Context, id int64, n int) (*ResultsPageData, error) {
	d, err := k.Events.DeskData(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	hd := k.Header(c, d.Event, "manage")
	for i := range d.Rounds {
		if d.Rounds[i].Number != n {
			continue
		}
		r := &d.Rounds[i]
		data := &ResultsPageData{EventHeader: hd, Round: r, Boards: BoardRows(d, r), Form: NewForm(), Reasons: tournament.ArbiterReasons(d.Event.Discipline), SheetRequired: d.Event.Discipline.SheetRequired()}
		var versions []string
		for _, g := range r.Games {
			versions = append(versions, fmt.Sprintf("%d:%d", g.Board, g.Version))
		}
		data.Versions = strings.Join(versions, ",")
		data.Form.Values["end_reason"] = string(tournament.FinalPosition)
		if d.Event.Discipline.IsTeam() {
			if err := k.GroupByMatch(c, data); err != nil {
				return nil, err
			}
		}
		return data, nil
	}
	return nil, tournament.NotFound("round %d of event %d not found", n, id)
}

// VersionOf finds a board's version in the "board:version,…" list the page
// was rendered with, so that a result typed against a stale page is refused.
// A list the form lost (empty, or no such list) asks for the page again
// rather than blaming the board.
func VersionOf(versions string, round, board int) (int, error) {
	listed := false
	for _, item := range strings.Split(versions, ",") {
		b, v, ok := strings.Cut(item, ":")
		n, err := strconv.Atoi(v)
		if !ok || err != nil {
			continue
		}
		listed = true
		if b == strconv.Itoa(board) {
			return n, nil
		}
	}
	if !listed {
		return 0, tournament.Invalid("version", "the form lost the boards' versions; reload the page")
	}
	return 0, tournament.Invalid("board", "round %d has no board %d", round, board)
}

// SavedBoard is where a result just saved lies in a team round.
type SavedBoard struct {
	Table, Board int
}

// SavedAt names the board of a team round whose result was just saved as
// the page shows it: its match's table and its board within the match,
// not the game's number within the round that was typed. It is nil for an
// individual round, or a number no board of the round has.
func (d *ResultsPageData) SavedAt() *SavedBoard {
	n, err := strconv.Atoi(d.Saved)
	if err != nil || n < 1 {
		return nil
	}
	for _, m := range d.Matches {
		for _, b := range m.Boards {
			if b.GameNo == n {
				return &SavedBoard{Table: m.Table, Board: b.Board}
			}
		}
	}
	return nil
}

// GroupByMatch lays a team round's boards out match by match: the teams,
// the table and the board within the match beside the number typed.
func (k *Kit) GroupByMatch(c *gin.Context, data *ResultsPageData) error {
	d, err := k.Teams.TeamEventData(c.Request.Context(), data.Event.ID)
	if err != nil {
		return err
	}
	for i := range d.Rounds {
		if d.Rounds[i].Number == data.Round.Number {
			data.Matches = NewMatchRows(d, &d.Rounds[i])
		}
	}
	data.Games = map[int]BoardRow{}
	for _, b := range data.Boards {
		data.Games[b.Board] = b
	}
	return nil
}
