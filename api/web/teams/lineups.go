package teams

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/teams"
)

// The line-ups page of a team event's round: the arbiter sets each team's
// player on every board of its match, one form a team.

// lineupForm is one team's line-up in one match: a player of the roster, or
// nobody, for every board.
type lineupForm struct {
	Table   int
	Team    *teams.Team
	Players []int64 // by board; 0 leaves the board empty
	Reason  string  // the reason sent with a line-up that was refused
	Error   string
}

type lineupsPageData struct {
	kit.EventHeader
	Round int
	Forms []lineupForm
}

func (h *handler) lineupsData(c *gin.Context, id int64, n int) (*lineupsPageData, error) {
	d, err := h.Teams.TeamEventData(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	hd := h.Header(c, d.Event, "manage")
	if !hd.CanManage {
		return nil, tournament.Forbidden("only an administrator or the event's own arbiter may change %s", d.Event.Name)
	}
	data := &lineupsPageData{EventHeader: hd, Round: n}
	for i := range d.Rounds {
		if d.Rounds[i].Number != n {
			continue
		}
		for _, m := range d.Rounds[i].Matches {
			if m.IsBye() {
				continue
			}
			home, away := lineupForm{Table: m.Table, Team: d.Team(m.HomeID)}, lineupForm{Table: m.Table, Team: d.Team(m.AwayID)}
			for _, b := range m.Boards {
				home.Players = append(home.Players, b.HomePlayerID)
				away.Players = append(away.Players, b.AwayPlayerID)
			}
			data.Forms = append(data.Forms, home, away)
		}
		return data, nil
	}
	return nil, tournament.NotFound("round %d of event %d not found", n, id)
}

func (h *handler) lineupsPage(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	data, err := h.lineupsData(c, ids[0], int(ids[1]))
	if err != nil {
		return err
	}
	h.RenderWith(c, h.Translator(c), http.StatusOK, "lineups", data.Event.Name, data)
	return nil
}

// setLineup takes one team's line-up: a player ID (or 0) per board.
func (h *handler) setLineup(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n", "team")
	if err != nil {
		return err
	}
	reason := strings.TrimSpace(c.PostForm("reason"))
	var players []int64
	for _, v := range c.PostFormArray("board") {
		id, perr := strconv.ParseInt(v, 10, 64)
		if perr != nil || id < 0 {
			err = tournament.Invalid("players", "%q is not a player", v)
			break
		}
		players = append(players, id)
	}
	if err == nil {
		_, err = h.Teams.SetLineup(c.Request.Context(), teams.LineupInput{
			EventID: ids[0], Round: int(ids[1]), TeamNo: int(ids[2]), Players: players, Reason: reason,
		})
	}
	if err == nil {
		c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/rounds/%d/lineups#team-%d", ids[0], ids[1], ids[2]))
		return nil
	}
	data, loadErr := h.lineupsData(c, ids[0], int(ids[1]))
	if loadErr != nil {
		return loadErr
	}
	tr := h.Translator(c)
	f := kit.NewForm()
	if err := f.Fail(err, tr); err != nil {
		return err
	}
	for i := range data.Forms {
		lf := &data.Forms[i]
		if lf.Team.StartNo != int(ids[2]) {
			continue
		}
		// The form shows the line-up sent, not the stored one, with the
		// error at the board it names.
		if len(players) == len(lf.Players) {
			lf.Players = players
		}
		lf.Reason = reason
		for field, msg := range f.Errors {
			var board int
			if _, scanErr := fmt.Sscanf(field, "players[%d]", &board); scanErr == nil {
				msg = tr.T("board.n", "N", board+1) + ": " + msg
			}
			lf.Error = msg
		}
	}
	h.RenderWith(c, h.Translator(c), kit.FormStatus(err), "lineups", data.Event.Name, data)
	return nil
}
