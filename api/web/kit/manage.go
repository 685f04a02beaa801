package kit

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
	"adiukh/tournament/correspondence"
	"adiukh/tournament/entries"
	"adiukh/tournament/teams"
)

// ManagePageData is the arbiter's desk for one event.
type ManagePageData struct {
	EventHeader
	Settings EventFormData
	Warnings []tournament.Warning
	Players  []tournament.Player
	Rounds   []tournament.Round
	Player   *Form // the add-player form
	Team     *Form // the add-team form of a team event
	// Teams are the teams of a team event with their rosters.
	Teams    []teams.Team
	TeamDesk *TeamDesk // the team forms of a team event
	CSV      *Form
	Status   *Form // pair, publish, finish and withdraw errors
	// LiveSettings are an event played live's settings, whose thematic
	// start the arbiter gives the rounds to come in the form LiveStart
	// (nil for another event, or one of micro-matches, which start from
	// their drawn openings).
	LiveSettings *correspondence.Settings
	LiveStart    *Form
	NextPair     int
	// Relayed holds the numbers of the rounds relayed move by move
	// (teams.Desk.Relayed), whose relay page the desk links.
	Relayed map[int]bool
	// CanPair offers pairing the next round (EventData.CanPair).
	CanPair bool
	// ReadyToFinish: every round is played; finishing puts the event in
	// the federation's exports.
	ReadyToFinish bool
	// MissingSheets are the played games whose score sheet has not come
	// in, by round, MissingSheetCount how many: an event that does not
	// wait for them shows the count and folds the boards away.
	MissingSheets     []MissingSheets
	MissingSheetCount int
	// Panel holds the players' accounts and their reports.
	Panel *PlayerPanel
	// Regulations is the attached regulations (nil for none) and its
	// upload form; RegulationsMB the largest file it takes.
	Regulations     *tournament.Regulations
	RegulationsForm *Form
	RegulationsMB   int
	// Who is the register searched for at the desk (?who=), Found the
	// persons found with their published rating in the event's list.
	Who   string
	Found []FoundPerson
}

// FoundPerson is a person of the register found at the desk, to register.
type FoundPerson struct {
	tournament.Person
	Rating int // the published rating in the event's list; 0 for none
	// Plays: the person is a player of the event already.
	Plays bool
}

// MissingSheets are the boards of one round whose sheet is missing.
type MissingSheets struct {
	Round  int
	Boards []int
}

// ManageData is the arbiter's desk of event id with every form empty.
func (k *Kit) ManageData(c *gin.Context, id int64) (*ManagePageData, error) {
	d, err := k.Teams.Desk(c.Request.Context(), id)
	if err != nil {
		return nil, err
	}
	data := &ManagePageData{
		EventHeader: k.Header(c, d.Event, "manage"), Settings: k.EventFormData(EventFormValues(d.Event)), Warnings: d.Event.Warnings(),
		Players: d.Players, Rounds: d.Rounds, Player: NewForm(), Team: NewForm(), CSV: NewForm(), Status: NewForm(), NextPair: len(d.Rounds) + 1,
		ReadyToFinish: d.ReadyToFinish(), CanPair: d.CanPair(), Teams: d.Teams, Panel: NewPlayerPanel(d.Reports, true),
		Regulations: d.Regulations, RegulationsForm: NewForm(), RegulationsMB: entries.MaxRegulationsBytes >> 20, LiveStart: NewForm(), Relayed: d.Relayed,
	}
	if d.Event.Online && !d.Event.MicroMatch.On() {
		if data.LiveSettings, err = k.Correspondence.Settings(c.Request.Context(), id); err != nil {
			return nil, err
		}
		data.LiveStart.Values["start_position"] = data.LiveSettings.StartPosition
		data.LiveStart.Values["start_side"] = data.LiveSettings.StartSide.String()
	}
	if d.TeamSettings != nil {
		data.TeamDesk = k.NewTeamDesk(d.Event.Game, d.TeamSettings, d.Teams)
		data.Settings.Team = true
	}
	for i := range d.Rounds {
		if boards := d.Rounds[i].MissingSheets(d.Event); len(boards) > 0 {
			data.MissingSheets = append(data.MissingSheets, MissingSheets{Round: d.Rounds[i].Number, Boards: boards})
			data.MissingSheetCount += len(boards)
		}
	}
	return data, nil
}

// ManageFailed shows the arbiter's desk again with err next to its field in
// the form that pick chooses; keep puts back what was entered. An error no
// form shows (not allowed, not found, internal) is returned for the error
// page.
func (k *Kit) ManageFailed(c *gin.Context, id int64, err error, pick func(*ManagePageData) *Form, keep func(*Form)) error {
	data, loadErr := k.ManageData(c, id)
	if loadErr != nil {
		return loadErr
	}
	f := pick(data)
	if keep != nil {
		keep(f)
	}
	if err := f.Fail(err, k.Translator(c)); err != nil {
		return err
	}
	k.RenderWith(c, k.Translator(c).In(data.Event.Location()), FormStatus(err), "manage", data.Event.Name, data)
	return nil
}

// StatusFailed shows err above the players and rounds of the desk.
func (k *Kit) StatusFailed(c *gin.Context, id int64, err error) error {
	return k.ManageFailed(c, id, err, func(d *ManagePageData) *Form { return d.Status }, nil)
}

// BackToManage sends the arbiter back to the desk of event id, at anchor.
func (k *Kit) BackToManage(c *gin.Context, id int64, anchor string) {
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/manage#%s", id, anchor))
}
