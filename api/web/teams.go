package web

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/entries"
	"adiukh/tournament/teams"
)

// The public pages of team events (standard, rapid and blitz team
// competitions): matches of a round with their boards, team standings with
// the boards' standings, and the team crosstable. The arbiter's forms are
// in web_manage.go, web_team_desk.go and the line-ups page below.

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

// addTeam registers a team with its roster from the arbiter's desk: the
// roster is one player per line, in board order, read as a line of the
// pasted player list is (entries.ParsePlayerLine: name, rating, birth year,
// club, city, federation ID, rank or title, federation; commas, semicolons
// or a spreadsheet's tabs between them).
func (h *handler) addTeam(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	values := map[string]string{}
	for _, k := range []string{"name", "city", "club", "captain", "roster"} {
		values[k] = strings.TrimSpace(c.PostForm(k))
	}
	in := teams.TeamInput{Name: kit.Ptr(values["name"]), City: kit.Ptr(values["city"]), Club: kit.Ptr(values["club"]), Captain: kit.Ptr(values["captain"])}
	var lines []int // the roster line of each player
	for i, line := range strings.Split(values["roster"], "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		p, perr := entries.ParsePlayerLine(line)
		var e *tournament.Error
		if errors.As(perr, &e) {
			err = atRosterLine(e, e.Field, i+1, h.Translator(c))
			break
		}
		in.Players = append(in.Players, p)
		lines = append(lines, i+1)
	}
	if err == nil {
		_, err = h.Teams.RegisterTeam(c.Request.Context(), id, in)
		err = onRosterLine(err, lines, h.Translator(c))
	}
	if err != nil {
		return h.ManageFailed(c, id, err, func(d *kit.ManagePageData) *kit.Form { return d.Team }, func(f *kit.Form) { f.Values = values })
	}
	h.BackToManage(c, id, "players")
	return nil
}

// onRosterLine shows the service's error about players[i] of a roster
// against the line of the roster text it came from: the service's message
// names the player already.
func onRosterLine(err error, lines []int, tr *kit.Translator) error {
	var e *tournament.Error
	var i int
	if !errors.As(err, &e) {
		return err
	}
	if _, scanErr := fmt.Sscanf(e.Field, "players[%d]", &i); scanErr != nil || i < 0 || i >= len(lines) {
		return err
	}
	return atRosterLine(e, "", lines[i], tr)
}

// atRosterLine is e, about one player of a roster, said with the roster's
// line and, when field is not "", the field it is about: "строка 2
// (Рейтинг): …".
func atRosterLine(e *tournament.Error, field string, line int, tr *kit.Translator) *tournament.Error {
	at := *e
	at.Field, at.Line = field, line
	where := fmt.Sprintf("line %d", line)
	if field != "" {
		where += " (" + field + ")"
	}
	return &tournament.Error{Code: e.Code, Field: "roster", Message: where + ": " + e.Message, Format: "%s", Args: []any{tr.Detail(&at)}}
}
