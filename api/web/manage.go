package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/entries"
	"adiukh/tournament/ratings"
	"adiukh/tournament/schedule"
	"adiukh/tournament/teams"
)

// The arbiter's desk of one event: its settings, players, rounds and the
// players' reports. The arbiter pages call the same service methods as the
// JSON API; the service checks the user's role on every write, and its
// *Error is shown next to the form field it names. Each form of the desk
// has its own file: web_players.go, web_results.go, web_game_edit.go, ….

// managePageData is the arbiter's desk for one event.
type managePageData struct {
	kit.EventHeader
	Settings kit.EventFormData
	Warnings []tournament.Warning
	Players  []tournament.Player
	Rounds   []tournament.Round
	Player   *kit.Form // the add-player form
	Team     *kit.Form // the add-team form of a team event
	// Teams are the teams of a team event with their rosters.
	Teams    []teams.Team
	TeamDesk *teamDesk // the team forms of a team event
	CSV      *kit.Form
	Status   *kit.Form // pair, publish, finish and withdraw errors
	// LiveSettings are an event played live's settings, whose thematic
	// start the arbiter gives the rounds to come in the form LiveStart
	// (nil for another event, or one of micro-matches, which start from
	// their drawn openings).
	LiveSettings *correspondence.Settings
	LiveStart    *kit.Form
	NextPair     int
	// CanPair offers pairing the next round (EventData.CanPair).
	CanPair bool
	// ReadyToFinish: every round is played; finishing puts the event in
	// the federation's exports.
	ReadyToFinish bool
	// MissingSheets are the played games whose score sheet has not come
	// in, by round, MissingSheetCount how many: an event that does not
	// wait for them shows the count and folds the boards away.
	MissingSheets     []missingSheets
	MissingSheetCount int
	// Panel holds the players' accounts and their reports.
	Panel *playerPanel
	// Regulations is the attached regulations (nil for none) and its
	// upload form; RegulationsMB the largest file it takes.
	Regulations     *tournament.Regulations
	RegulationsForm *kit.Form
	RegulationsMB   int
	// Who is the register searched for at the desk (?who=), Found the
	// persons found with their published rating in the event's list.
	Who   string
	Found []foundPerson
}

// foundPerson is a person of the register found at the desk, to register.
type foundPerson struct {
	tournament.Person
	Rating int // the published rating in the event's list; 0 for none
	// Plays: the person is a player of the event already.
	Plays bool
}

// deskFound is how many persons a search at the desk shows.
const deskFound = 20

// findPeople searches the register at the desk for the persons to register,
// with their published rating in the event's list.
func (h *handler) findPeople(c *gin.Context, d *managePageData) error {
	ctx := c.Request.Context()
	page, err := h.People.People(ctx, d.Who, 1)
	if err != nil {
		return err
	}
	published := map[int64]int{}
	if list := ratings.ListOfGame(d.Event.Game, d.Event.Discipline); list != "" {
		l, err := h.Ratings.Read(ctx, list, ratings.Filter{})
		if err != nil {
			return err
		}
		for _, r := range l.Rows {
			published[r.Person.ID] = r.Rating
		}
	}
	plays := map[int64]bool{}
	for _, p := range d.Players {
		plays[p.PersonID] = true
	}
	for _, p := range page.People[:min(len(page.People), deskFound)] {
		d.Found = append(d.Found, foundPerson{Person: p, Rating: published[p.ID], Plays: plays[p.ID]})
	}
	return nil
}

// missingSheets are the boards of one round whose sheet is missing.
type missingSheets struct {
	Round  int
	Boards []int
}

func (h *handler) manageData(c *gin.Context, id int64) (*managePageData, error) {
	d, err := h.Teams.Desk(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	data := &managePageData{
		EventHeader: h.Header(c, d.Event, "manage"), Settings: h.EventFormData(kit.EventFormValues(d.Event)), Warnings: d.Event.Warnings(),
		Players: d.Players, Rounds: d.Rounds, Player: kit.NewForm(), Team: kit.NewForm(), CSV: kit.NewForm(), Status: kit.NewForm(), NextPair: len(d.Rounds) + 1,
		ReadyToFinish: d.ReadyToFinish(), CanPair: d.CanPair(), Teams: d.Teams, Panel: newPlayerPanel(d.Reports, true),
		Regulations: d.Regulations, RegulationsForm: kit.NewForm(), RegulationsMB: entries.MaxRegulationsBytes >> 20, LiveStart: kit.NewForm(),
	}
	if d.Event.Online && !d.Event.MicroMatch.On() {
		if data.LiveSettings, err = h.Correspondence.Settings(c.Request.Context(), id); err != nil {
			return nil, err
		}
		data.LiveStart.Values["start_position"] = data.LiveSettings.StartPosition
		data.LiveStart.Values["start_side"] = data.LiveSettings.StartSide.String()
	}
	if d.TeamSettings != nil {
		data.TeamDesk = h.newTeamDesk(d.Event.Game, d.TeamSettings, d.Teams)
		data.Settings.Team = true
	}
	for i := range d.Rounds {
		if boards := d.Rounds[i].MissingSheets(d.Event); len(boards) > 0 {
			data.MissingSheets = append(data.MissingSheets, missingSheets{Round: d.Rounds[i].Number, Boards: boards})
			data.MissingSheetCount += len(boards)
		}
	}
	return data, nil
}

func (h *handler) managePage(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	e, err := h.Events.Event(c.Request.Context(), id)
	if err != nil {
		return err
	}
	if !e.Discipline.PlaysGames() {
		return h.ContestDesk(c, e, "", kit.NewForm(), http.StatusOK)
	}
	data, err := h.manageData(c, id)
	if err != nil {
		return err
	}
	if data.Who = strings.TrimSpace(c.Query("who")); data.Who != "" {
		if err := h.findPeople(c, data); err != nil {
			return err
		}
	}
	h.RenderWith(c, h.Translator(c).In(data.Event.Location()), http.StatusOK, "manage", data.Event.Name, data)
	return nil
}

// manageFailed shows the arbiter's desk again with err next to its field in
// the form that pick chooses; keep puts back what was entered. An error no
// form shows (not allowed, not found, internal) is returned for the error
// page.
func (h *handler) manageFailed(c *gin.Context, id int64, err error, pick func(*managePageData) *kit.Form, keep func(*kit.Form)) error {
	data, loadErr := h.manageData(c, id)
	if loadErr != nil {
		return loadErr
	}
	f := pick(data)
	if keep != nil {
		keep(f)
	}
	if err := f.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	h.RenderWith(c, h.Translator(c).In(data.Event.Location()), kit.FormStatus(err), "manage", data.Event.Name, data)
	return nil
}

// statusFailed shows err above the players and rounds of the desk.
func (h *handler) statusFailed(c *gin.Context, id int64, err error) error {
	return h.manageFailed(c, id, err, func(d *managePageData) *kit.Form { return d.Status }, nil)
}

func (h *handler) backToManage(c *gin.Context, id int64, anchor string) {
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/manage#%s", id, anchor))
}

func (h *handler) updateSettings(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	entered := kit.NewForm()
	in, err := eventInput(c, entered)
	if err == nil {
		if _, err = h.Events.UpdateEvent(c.Request.Context(), id, in, strings.TrimSpace(c.PostForm("reason"))); err == nil {
			h.backToManage(c, id, "settings")
			return nil
		}
	}
	// A composition contest's desk is the contest's: the form is shown
	// again there.
	if e, evErr := h.Events.Event(c.Request.Context(), id); evErr == nil && !e.Discipline.PlaysGames() {
		return h.AfterForm(c, fmt.Sprintf("/events/%d/manage", id), entered, err, func(f *kit.Form, status int) error { return h.ContestDesk(c, e, "event", f, status) })
	}
	return h.manageFailed(c, id, err, func(d *managePageData) *kit.Form { return d.Settings.Form }, func(f *kit.Form) { f.Values = entered.Values })
}

// saveLiveStart gives the rounds to come of an event played live their
// thematic start (correspondence.Service.Configure): the form the desk shows
// it in, as the JSON API's settings give it.
func (h *handler) saveLiveStart(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	entered := kit.NewForm()
	in := correspondence.SettingsInput{}
	kit.ReadStart(c, entered, &in)
	entered.Values["reason"] = c.PostForm("reason")
	if _, err := h.Correspondence.Configure(c.Request.Context(), id, in, entered.Values["reason"]); err != nil {
		return h.manageFailed(c, id, err, func(d *managePageData) *kit.Form { return d.LiveStart }, func(f *kit.Form) { f.Values = entered.Values })
	}
	h.backToManage(c, id, "live-start")
	return nil
}

func (h *handler) pairRound(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	if _, err := h.Teams.PairNextRound(c.Request.Context(), id); err != nil {
		return h.statusFailed(c, id, err)
	}
	h.backToManage(c, id, "rounds")
	return nil
}

func (h *handler) publishRound(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	if _, err := h.Events.PublishRound(c.Request.Context(), ids[0], int(ids[1])); err != nil {
		return h.statusFailed(c, ids[0], err)
	}
	h.backToManage(c, ids[0], "rounds")
	return nil
}

// setRoundStart sets the date and hour a round starts at the boards.
func (h *handler) setRoundStart(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "n")
	if err != nil {
		return err
	}
	in := schedule.RoundStartInput{Date: c.PostForm("date"), Time: c.PostForm("time")}
	if _, err := h.Schedule.SetRoundStart(c.Request.Context(), ids[0], int(ids[1]), in); err != nil {
		return h.statusFailed(c, ids[0], err)
	}
	h.backToManage(c, ids[0], "rounds")
	return nil
}

func (h *handler) finishEvent(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	status := string(tournament.Finished)
	if _, err := h.Events.UpdateEvent(c.Request.Context(), id, tournament.EventInput{Status: &status}, ""); err != nil {
		return h.statusFailed(c, id, err)
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/standings", id))
	return nil
}
