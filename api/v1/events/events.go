package events

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// handler serves events: the list and the search, an event, its players,
// standings and audit log, the Swiss calls and the regulations.
type handler struct {
	*kit.Kit
}

// Routes registers events on read (anyone; the service hides private
// events) and write (a signed-in user).
func Routes(k *kit.Kit, read, write gin.IRoutes) {
	h := &handler{Kit: k}
	read.GET("/tiebreaks", h.JSON(h.getTieBreaks))
	read.GET("/events", h.JSON(h.getEvents))
	read.GET("/search", h.JSON(h.getSearch))
	read.GET("/events/:id", h.EventJSON(h.JSON(h.getEvent)))
	read.GET("/events/:id/players", h.EventJSON(h.JSON(h.getPlayers)))
	read.GET("/events/:id/standings", h.EventJSON(h.JSON(h.getStandings), "round"))
	read.GET("/events/:id/crosstable", h.EventJSON(h.JSON(h.getCrosstable)))
	write.GET("/events/:id/audit", h.JSON(h.getAudit))
	write.POST("/events", h.JSON(h.postEvent))
	write.PATCH("/events/:id", h.JSON(h.patchEvent))
	write.POST("/events/:id/players", h.JSON(h.postPlayer))
	write.PATCH("/events/:id/players/:pid", h.JSON(h.patchPlayer))
	write.DELETE("/events/:id/players/:pid", h.JSON(h.deletePlayer))
	write.POST("/events/:id/players/renumber", h.JSON(h.postRenumber))
	write.POST("/events/:id/players/bulk", h.JSON(h.postPlayers))
	h.swissRoutes(read, write)
	h.regulationsRoutes(read, write)
	h.prizesRoutes(read, write)
}

type scoringJSON struct {
	Win        float64 `json:"win"`
	Draw       float64 `json:"draw"`
	Loss       float64 `json:"loss"`
	Bye        float64 `json:"bye"`
	ForfeitWin float64 `json:"forfeit_win"`
}

type eventView struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	Game       string `json:"game"` // the game's key in the registry (rules/games)
	Discipline string `json:"discipline"`
	Kind       string `json:"kind"` // "individual" or "team", from the discipline
	// System is null for a composition contest, which pairs nobody.
	System       *string     `json:"system"`
	Rounds       int         `json:"rounds"`
	TimeControl  string      `json:"time_control"`
	Scoring      scoringJSON `json:"scoring"`
	TieBreaks    []string    `json:"tiebreaks"`
	StartDate    string      `json:"start_date"`
	EndDate      string      `json:"end_date"`
	Venue        string      `json:"venue"`
	City         string      `json:"city"`
	Region       string      `json:"region"`
	ChiefArbiter string      `json:"chief_arbiter"`
	Arbiters     []string    `json:"arbiters"`
	Status       string      `json:"status"`
	Visibility   string      `json:"visibility"`
	// CancelReason is the arbiter's reason of a cancelled event.
	CancelReason string `json:"cancel_reason,omitempty"`
	// ReopenedAt and ReopenReason: when a finished event was last reopened
	// for a correction, and why; absent for one never reopened.
	ReopenedAt   *time.Time `json:"reopened_at,omitempty"`
	ReopenReason string     `json:"reopen_reason,omitempty"`
	// ParentEventID is, for a play-off, the event whose tie it decides;
	// Cycles how many times its round robin is played through (a match of
	// N games: N). Absent for an event of its own.
	ParentEventID int64 `json:"parent_event_id,omitempty"`
	Cycles        int   `json:"cycles,omitempty"`
	// Sequence counts the revisions calendars show, the latest at
	// ModifiedAt (the creation until one).
	Sequence           int       `json:"sequence"`
	ModifiedAt         time.Time `json:"modified_at"`
	ManualStartNumbers bool      `json:"manual_start_numbers"`
	ForbidSameClub     bool      `json:"forbid_same_club"`
	Baku               bool      `json:"baku"`
	BlackFirst         bool      `json:"black_first"`
	SheetsRequired     bool      `json:"sheets_required"`
	Rated              bool      `json:"rated"`
	Online             bool      `json:"online"`
	NextRoundAfter     int       `json:"next_round_after"`
	// MicroMatch is "" (one game a pairing), "round" or "board": where the
	// opening of a micro-match of two games is drawn; MicroCount what the
	// standings count of one, "games" or "matches".
	MicroMatch string `json:"micro_match"`
	MicroCount string `json:"micro_count,omitempty"`
	// Knockout is the setting of a knockout event; absent for another.
	Knockout  *knockoutJSON        `json:"knockout,omitempty"`
	TimeZone  string               `json:"time_zone"`
	Warnings  []shapes.WarningView `json:"warnings"`
	CreatedAt time.Time            `json:"created_at"`
}

func newEventView(l *catalog.Localizer, e *tournament.Event) eventView {
	v := eventView{
		ID: e.ID, Name: e.Name, Game: string(e.Game.OrDefault()), Discipline: string(e.Discipline), Kind: "individual", Rounds: e.Rounds,
		TimeControl: e.TimeControl.String(),
		Scoring:     scoringJSON(e.Scoring),
		TieBreaks:   e.TieBreaks, StartDate: e.StartDate, EndDate: e.EndDate, Venue: e.Venue, City: e.City, Region: e.Region,
		ChiefArbiter: e.ChiefArbiter, Arbiters: e.Arbiters, Status: string(e.Status), Visibility: string(e.Visibility),
		CancelReason: e.CancelReason, Sequence: e.Sequence, ModifiedAt: e.Revised(),
		ManualStartNumbers: e.ManualStartNumbers, Warnings: []shapes.WarningView{}, CreatedAt: e.CreatedAt,
		ForbidSameClub: e.ForbidSameClub, Baku: e.Baku, BlackFirst: e.BlackFirst, SheetsRequired: e.SheetsRequired, Rated: e.Rated, Online: e.Online, NextRoundAfter: e.NextRoundAfter, TimeZone: e.Location().String(),
		MicroMatch: string(e.MicroMatch), ParentEventID: e.ParentEventID, Cycles: e.Cycles,
	}
	if e.MicroMatch.On() {
		v.MicroCount = string(e.MicroCount)
	}
	if e.System == tournament.Knockout {
		v.Knockout = knockoutOf(e.Knockout)
	}
	if !e.ReopenedAt.IsZero() {
		v.ReopenedAt, v.ReopenReason = &e.ReopenedAt, e.ReopenReason
	}
	if e.Discipline.IsTeam() {
		v.Kind = "team"
	}
	if e.Discipline.PlaysGames() {
		system := string(e.System)
		v.System = &system
	}
	if v.TieBreaks == nil {
		v.TieBreaks = []string{}
	}
	if v.Arbiters == nil {
		v.Arbiters = []string{}
	}
	for _, w := range e.Warnings() {
		v.Warnings = append(v.Warnings, shapes.WarningView{Field: w.Field, Message: shapes.WarningText(l, w)})
	}
	return v
}

// eventBody is the body of POST /events and PATCH /events/{id}; absent
// fields keep their value (or default).
type eventBody struct {
	Name         *string      `json:"name"`
	Game         *string      `json:"game"` // a game's key in the registry (rules/games); the registry's default when absent
	Discipline   *string      `json:"discipline"`
	System       *string      `json:"system"`
	Rounds       *int         `json:"rounds"`
	TimeControl  *string      `json:"time_control"`
	Scoring      *scoringJSON `json:"scoring"`
	TieBreaks    *[]string    `json:"tiebreaks"`
	StartDate    *string      `json:"start_date"`
	EndDate      *string      `json:"end_date"`
	Venue        *string      `json:"venue"`
	City         *string      `json:"city"`
	Region       *string      `json:"region"`
	ChiefArbiter *string      `json:"chief_arbiter"`
	Arbiters     *[]string    `json:"arbiters"`
	Status       *string      `json:"status"`
	Visibility   *string      `json:"visibility"`
	// Swiss options: players of one club do not meet; Baku acceleration.
	ForbidSameClub *bool `json:"forbid_same_club"`
	Baku           *bool `json:"baku"`
	// BlackFirst: the top-ranked player has Black in round 1 (by lot).
	BlackFirst *bool `json:"black_first"`
	// SheetsRequired: the event waits for the score sheets of played games.
	SheetsRequired *bool `json:"sheets_required"`
	// Rated puts the event in the rating list of its discipline.
	Rated *bool `json:"rated"`
	// Online plays the event's games live on the site (rapid, blitz).
	Online *bool `json:"online"`
	// NextRoundAfter is the pause in seconds after which the server pairs
	// and publishes a live event's next round; 0, the arbiter does.
	NextRoundAfter *int `json:"next_round_after"`
	// MicroMatch plays each pairing of a Russian draughts event as two
	// games from an opening drawn for the round ("round") or each board
	// ("board"); "" one game. MicroCount: "games" or "matches".
	MicroMatch *string `json:"micro_match"`
	MicroCount *string `json:"micro_count"`
	// TimeZone is where the event is played, e.g. "Europe/Moscow".
	TimeZone *string `json:"time_zone"`
	// A knockout's matches: games a match, the tie-break stages played
	// while level, a match for third place, the seeding ("rating",
	// "start_numbers", "draw"); any of them sets them all, the others
	// taking their defaults.
	MatchGames    *int             `json:"match_games"`
	TieBreakGames *[]knockoutStage `json:"tie_break_games"`
	ThirdPlace    *bool            `json:"third_place"`
	Seeding       *string          `json:"seeding"`
	// Reason is kept in the audit log with the change.
	Reason string `json:"reason"`
}

func (b *eventBody) input() tournament.EventInput {
	in := tournament.EventInput{
		Name: b.Name, Game: b.Game, Discipline: b.Discipline, System: b.System, Rounds: b.Rounds, TimeControl: b.TimeControl,
		TieBreaks: b.TieBreaks, StartDate: b.StartDate, EndDate: b.EndDate, Venue: b.Venue, City: b.City, Region: b.Region,
		ChiefArbiter: b.ChiefArbiter, Arbiters: b.Arbiters, Status: b.Status, Visibility: b.Visibility,
		ForbidSameClub: b.ForbidSameClub, Baku: b.Baku, BlackFirst: b.BlackFirst, SheetsRequired: b.SheetsRequired, Rated: b.Rated, Online: b.Online, NextRoundAfter: b.NextRoundAfter, TimeZone: b.TimeZone,
		MicroMatch: b.MicroMatch, MicroCount: b.MicroCount,
	}
	if b.Scoring != nil {
		s := tournament.Scoring(*b.Scoring)
		in.Scoring = &s
	}
	if b.MatchGames != nil || b.TieBreakGames != nil || b.ThirdPlace != nil || b.Seeding != nil {
		k := tournament.KnockoutSettings{}
		if b.MatchGames != nil {
			k.MatchGames = *b.MatchGames
		}
		if b.TieBreakGames != nil {
			for _, s := range *b.TieBreakGames {
				k.TieBreaks = append(k.TieBreaks, tournament.KnockoutStage(s))
			}
		}
		if b.ThirdPlace != nil {
			k.ThirdPlace = *b.ThirdPlace
		}
		if b.Seeding != nil {
			k.Seeding = *b.Seeding
		}
		in.Knockout = &k
	}
	return in
}

func (h *handler) getEvents(c *gin.Context) error {
	events, err := h.Events.Events(c.Request.Context())
	if err != nil {
		return err
	}
	views := make([]eventView, len(events))
	for i := range events {
		views[i] = newEventView(core.JSONLocalizer(c), &events[i])
	}
	c.JSON(http.StatusOK, eventsView{views})
	return nil
}

func (h *handler) getEvent(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	e, err := h.Events.Event(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEventView(core.JSONLocalizer(c), e))
	return nil
}

func (h *handler) postEvent(c *gin.Context) error {
	var body eventBody
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	e, err := h.Events.CreateEvent(c.Request.Context(), body.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newEventView(core.JSONLocalizer(c), e))
	return nil
}

func (h *handler) patchEvent(c *gin.Context) error {
	id, body, err := kit.PathBody[eventBody](c, "id")
	if err != nil {
		return err
	}
	in := body.input()
	var e *tournament.Event
	if body.Status != nil && *body.Status == string(tournament.Cancelled) {
		// Cancelling is its own use case: its reason is told to the
		// entrants and followers, and nothing else changes with it.
		if in.Status = nil; in != (tournament.EventInput{}) {
			return tournament.Invalid("status", "cancelling an event changes nothing else; send the other changes apart")
		}
		e, err = h.Entries.CancelEvent(c.Request.Context(), id, body.Reason)
	} else {
		e, err = h.Events.UpdateEvent(c.Request.Context(), id, in, body.Reason)
	}
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEventView(core.JSONLocalizer(c), e))
	return nil
}

func (h *handler) getTieBreaks(c *gin.Context) error {
	c.JSON(http.StatusOK, shapes.TieBreaksView{TieBreaks: shapes.TieBreakViews(h.Events.TieBreaks())})
	return nil
}

// knockoutStage is a stage of a knockout's tie-break games: their number,
// tempo ("rapid", "blitz", "deciding") and time control ("15+5", "3d";
// needed when the knockout is played on the site).
type knockoutStage struct {
	Games       int    `json:"games"`
	Tempo       string `json:"tempo"`
	TimeControl string `json:"time_control,omitempty"`
}

// knockoutJSON is a knockout event's setting as the API shows it.
type knockoutJSON struct {
	MatchGames    int             `json:"match_games"`
	TieBreakGames []knockoutStage `json:"tie_break_games"`
	ThirdPlace    bool            `json:"third_place"`
	Seeding       string          `json:"seeding"`
}

func knockoutOf(k tournament.KnockoutSettings) *knockoutJSON {
	v := &knockoutJSON{MatchGames: k.MatchGames, TieBreakGames: []knockoutStage{}, ThirdPlace: k.ThirdPlace, Seeding: k.Seeding}
	for _, s := range k.TieBreaks {
		v.TieBreakGames = append(v.TieBreakGames, knockoutStage(s))
	}
	return v
}
