package events

import (
	"net/http"
	"slices"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/teams"
)

// The public pages of team events (standard, rapid and blitz team
// competitions): matches of a round with their boards, team standings with
// the boards' standings, and the team crosstable. The arbiter's forms for
// them are the desk's.

type teamEventPageData struct {
	kit.EventHeader
	Teams   []teams.Team
	Players int // on all rosters
	// Titled: some player on a roster holds a rank or title, which the
	// board tables show in a column of their own.
	Titled  bool
	Rounds  []int
	Round   *teams.TeamRound
	Matches []kit.MatchRow
}

// teamEventPage shows the matches of one round of a team event, by default
// the latest.
func (h *handler) teamEventPage(c *gin.Context, id int64) error {
	d, err := h.Teams.TeamEventData(c.Request.Context(), id)
	if err != nil {
		return err
	}
	data := teamEventPageData{EventHeader: h.Header(c, d.Event, "pairings"), Teams: d.Teams}
	for i := range d.Teams {
		data.Players += len(d.Teams[i].Roster)
		data.Titled = data.Titled || slices.ContainsFunc(d.Teams[i].Roster, func(p tournament.Player) bool { return p.Title != "" })
	}
	n, err := core.QueryInt(c, "round")
	if err != nil {
		return err
	}
	for i := range d.Rounds {
		data.Rounds = append(data.Rounds, d.Rounds[i].Number)
	}
	if n != 0 && !slices.Contains(data.Rounds, n) {
		return tournament.NotFound("round %d of event %d not found", n, id)
	}
	if len(d.Rounds) > 0 {
		data.Round = &d.Rounds[len(d.Rounds)-1]
		for i := range d.Rounds {
			if d.Rounds[i].Number == n {
				data.Round = &d.Rounds[i]
			}
		}
		data.Matches = kit.NewMatchRows(d, data.Round)
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "team_event", d.Event.Name, data)
	return nil
}

type teamStandingsPageData struct {
	kit.EventHeader
	Standings   *teams.TeamStandings
	AfterRounds []int
}

func (h *handler) teamStandingsPage(c *gin.Context, st *teams.TeamStandings) error {
	h.RenderWith(c, h.Translator(c), http.StatusOK, "team_standings", st.Event.Name,
		teamStandingsPageData{EventHeader: h.Header(c, st.Event, "standings"), Standings: st, AfterRounds: upTo(st.Complete)})
	return nil
}

// teamGrid is a round-robin team crosstable: one cell list per opponent.
type teamGrid struct {
	Numbers []int
	Rows    []teamGridRow
}

type teamGridRow struct {
	Row   teams.TeamCrosstableRow
	Cells [][]teams.TeamCrosstableCell // by opponent start number - 1
}

type teamCrosstablePageData struct {
	kit.EventHeader
	Crosstable *teams.TeamCrosstable
	Grid       *teamGrid
}

func newTeamGrid(ct *teams.TeamCrosstable) *teamGrid {
	g := &teamGrid{}
	for _, r := range ct.Rows {
		g.Numbers = append(g.Numbers, r.Team.StartNo)
	}
	for _, r := range ct.Rows {
		row := teamGridRow{Row: r, Cells: make([][]teams.TeamCrosstableCell, len(ct.Rows))}
		for _, cell := range r.Matches {
			if cell.OpponentNo >= 1 && cell.OpponentNo <= len(ct.Rows) {
				row.Cells[cell.OpponentNo-1] = append(row.Cells[cell.OpponentNo-1], cell)
			}
		}
		g.Rows = append(g.Rows, row)
	}
	return g
}

func (h *handler) teamCrosstablePage(c *gin.Context, ct *teams.TeamCrosstable) error {
	data := teamCrosstablePageData{EventHeader: h.Header(c, ct.Event, "crosstable"), Crosstable: ct}
	if ct.Event.System.IsRoundRobin() {
		data.Grid = newTeamGrid(ct)
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "team_crosstable", ct.Event.Name, data)
	return nil
}
