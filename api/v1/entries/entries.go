package entries

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament"
	"adiukh/tournament/entries"
)

// handler serves online entries.
type handler struct {
	*kit.Kit
}

// Routes registers online entries, all on write (which needs a signed-in
// user): the arbiter sets the terms and decides, a player enters,
// withdraws (with a reason, by POST …/withdraw) and enters again, and
// reads their entries. The pages call the same use cases.
func Routes(k *kit.Kit, write gin.IRoutes) {
	h := &handler{Kit: k}
	write.PUT("/events/:id/entries", h.JSON(h.putEntries))
	write.POST("/events/:id/entries", h.JSON(h.postEventEntry))
	write.GET("/events/:id/entries", h.JSON(h.getEventEntries))
	write.POST("/events/:id/entries/accept", h.JSON(h.postAcceptAll))
	write.POST("/events/:id/entries/:eid/accept", h.JSON(h.postAccept))
	write.POST("/events/:id/entries/:eid/decline", h.JSON(h.postDecline))
	write.DELETE("/events/:id/entries/:eid", h.JSON(h.deleteEventEntry))
	write.POST("/events/:id/entries/:eid/withdraw", h.JSON(h.postWithdrawEntry))
	write.POST("/events/:id/entries/:eid/withdraw/confirm", h.JSON(h.postConfirmWithdrawal))
	write.POST("/events/:id/entries/:eid/withdraw/cancel", h.JSON(h.postTakeBackWithdrawal))
	write.GET("/me/entries", h.JSON(h.getMyEventEntries))
}

type entrySettingsBody struct {
	Open         *bool   `json:"open"`
	Deadline     *string `json:"deadline"`
	Max          *int    `json:"max"`
	MinBirthYear *int    `json:"min_birth_year"`
	MaxBirthYear *int    `json:"max_birth_year"`
	Sex          *string `json:"sex"`
	Region       *string `json:"region"`
	MinRating    *int    `json:"min_rating"`
	MaxRating    *int    `json:"max_rating"`
}

type entrySettingsView struct {
	Open bool `json:"open"`
	// Deadline is in the event's time zone; null for none.
	Deadline     *string `json:"deadline"`
	Max          int     `json:"max"`
	MinBirthYear int     `json:"min_birth_year"`
	MaxBirthYear int     `json:"max_birth_year"`
	Sex          string  `json:"sex"`
	Region       string  `json:"region"`
	MinRating    int     `json:"min_rating"`
	MaxRating    int     `json:"max_rating"`
}

func newEntrySettingsView(s *entries.EntrySettings, zone *time.Location) entrySettingsView {
	v := entrySettingsView{Open: s.Open, Max: s.Max, MinBirthYear: s.MinBirthYear, MaxBirthYear: s.MaxBirthYear,
		Sex: s.Sex, Region: s.Region, MinRating: s.MinRating, MaxRating: s.MaxRating}
	if !s.Deadline.IsZero() {
		d := s.Deadline.In(zone).Format(time.RFC3339)
		v.Deadline = &d
	}
	return v
}

type eventEntryView struct {
	ID      int64  `json:"id"`
	EventID int64  `json:"event_id"`
	Status  string `json:"status"`
	// Position is the place on the waiting list, 1 moving up first.
	Position  int    `json:"position,omitempty"`
	UserID    int64  `json:"user_id"`
	Email     string `json:"email"`
	Name      string `json:"name"`
	Note      string `json:"note"`
	BirthYear int    `json:"birth_year,omitempty"`
	Sex       string `json:"sex,omitempty"`
	Region    string `json:"region,omitempty"`
	// Rating is the register's published rating of the event's list.
	Rating   int    `json:"rating,omitempty"`
	Reason   string `json:"reason,omitempty"`
	PlayerID int64  `json:"player_id,omitempty"`
	// WithdrawnFrom is the first round the entry's player no longer plays;
	// Removed says the desk took the accepted player off the start list.
	WithdrawnFrom  int     `json:"withdrawn_from,omitempty"`
	Removed        bool    `json:"removed,omitempty"`
	WithdrawReason string  `json:"withdraw_reason,omitempty"`
	WithdrawnAt    *string `json:"withdrawn_at,omitempty"`
	CreatedAt      string  `json:"created_at"`
	// Meets is whether an entry awaiting a decision meets the event's
	// conditions as they are now; only the arbiter's list says.
	Meets *bool `json:"meets_conditions,omitempty"`
	// PersonID and FederationID are the register's person the account is
	// linked to; only the arbiter's list says.
	PersonID     int64  `json:"person_id,omitempty"`
	FederationID string `json:"federation_id,omitempty"`
}

func newEventEntryView(e *entries.Entry) eventEntryView {
	v := eventEntryView{ID: e.ID, EventID: e.EventID, Status: string(e.Status), Position: e.Position, UserID: e.UserID, Email: e.UserEmail, Name: e.Name, Note: e.Note,
		BirthYear: e.BirthYear, Sex: e.Sex, Region: e.Region, Rating: e.Rating, Reason: e.Reason, PlayerID: e.PlayerID,
		WithdrawnFrom: e.WithdrawnFrom, Removed: e.Removed, WithdrawReason: e.WithdrawReason, CreatedAt: e.CreatedAt.UTC().Format(time.RFC3339)}
	if !e.WithdrawnAt.IsZero() {
		at := e.WithdrawnAt.UTC().Format(time.RFC3339)
		v.WithdrawnAt = &at
	}
	return v
}

func (h *handler) putEntries(c *gin.Context) error {
	id, body, err := kit.PathBody[entrySettingsBody](c, "id")
	if err != nil {
		return err
	}
	set, err := h.Entries.SetEntries(c.Request.Context(), id, entries.EntrySettingsInput(body))
	if err != nil {
		return err
	}
	e, err := h.Events.Event(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEntrySettingsView(set, e.Location()))
	return nil
}

type eventEntryBody struct {
	Note      string `json:"note"`
	BirthYear int    `json:"birth_year"`
	Sex       string `json:"sex"`
	Region    string `json:"region"`
	// Rating is read only to say why it is refused: an entry's rating is
	// the register's.
	Rating *int `json:"rating"`
}

func (h *handler) postEventEntry(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body eventEntryBody
	if c.Request.ContentLength != 0 {
		if err := kit.DecodeJSON(c, &body); err != nil {
			return err
		}
	}
	if body.Rating != nil {
		return tournament.Invalid("rating", "an entry carries no rating: the conditions and the start list read your published rating in the register")
	}
	en, err := h.Entries.Enter(c.Request.Context(), id, entries.EntryInput{Note: body.Note, BirthYear: body.BirthYear, Sex: body.Sex, Region: body.Region})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newEventEntryView(en))
	return nil
}

func (h *handler) getEventEntries(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	v, err := h.Entries.Entries(c.Request.Context(), id)
	if err != nil {
		return err
	}
	views := make([]eventEntryView, len(v.Entries))
	for i := range v.Entries {
		views[i] = newEventEntryView(&v.Entries[i])
		if meets, ok := v.Meets[v.Entries[i].ID]; ok {
			views[i].Meets = &meets
		}
		if p := v.Persons[v.Entries[i].ID]; p != nil {
			views[i].PersonID, views[i].FederationID = p.ID, p.FederationID
		}
	}
	out := entriesPageView{Settings: newEntrySettingsView(&v.Settings, v.Zone), Open: v.Open, Full: v.Full, Entries: views,
		CanEnter: v.CanEnter, CanWithdraw: v.CanWithdraw, WithdrawAsks: v.WithdrawAsks, CanTakeBack: v.CanTakeBack}
	if v.Places >= 0 {
		out.Places = &v.Places
	}
	if v.Mine != nil {
		mine := newEventEntryView(v.Mine)
		out.Mine = &mine
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func (h *handler) postAcceptAll(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	done, err := h.Entries.AcceptEntries(c.Request.Context(), id)
	if err != nil {
		return err
	}
	views := make([]eventEntryView, len(done))
	for i := range done {
		views[i] = newEventEntryView(&done[i])
	}
	c.JSON(http.StatusOK, acceptedView{views})
	return nil
}

// acceptBody may name the register's person to link the player to; the
// register of persons is not part of this version, so the entry is linked
// to its account only and person_id is read and left unused. surname and
// given_names (and the optional patronymic) are the arbiter's split of a
// name the entrant's account gives as one string, which acceptance needs.
type acceptBody struct {
	PersonID   int64  `json:"person_id"`
	Surname    string `json:"surname"`
	GivenNames string `json:"given_names"`
	Patronymic string `json:"patronymic"`
}

func (h *handler) postAccept(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	var body acceptBody
	if c.Request.ContentLength != 0 {
		if err := kit.DecodeJSON(c, &body); err != nil {
			return err
		}
	}
	en, err := h.Entries.AcceptEntryAs(c.Request.Context(), ids[0], ids[1], entries.EntrantNames{Surname: body.Surname, GivenNames: body.GivenNames, Patronymic: body.Patronymic})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEventEntryView(en))
	return nil
}

func (h *handler) postDecline(c *gin.Context) error {
	ids, body, err := kit.PathIDsBody[kit.ReasonBody](c, "id", "eid")
	if err != nil {
		return err
	}
	en, err := h.Entries.DeclineEntry(c.Request.Context(), ids[0], ids[1], body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEventEntryView(en))
	return nil
}

// deleteEventEntry withdraws the caller's entry without a reason; the
// answer is the entry, "withdrawing" when the arbiter is to confirm it.
func (h *handler) deleteEventEntry(c *gin.Context) error {
	return h.withdrawEntry(c, "")
}

// postWithdrawEntry withdraws the caller's entry, with the reason of an
// optional {"reason"} body.
func (h *handler) postWithdrawEntry(c *gin.Context) error {
	var body kit.ReasonBody
	if c.Request.ContentLength != 0 {
		if err := kit.DecodeJSON(c, &body); err != nil {
			return err
		}
	}
	return h.withdrawEntry(c, body.Reason)
}

func (h *handler) withdrawEntry(c *gin.Context, reason string) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	en, err := h.Entries.WithdrawEntry(c.Request.Context(), ids[0], ids[1], reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEventEntryView(en))
	return nil
}

// postConfirmWithdrawal is the arbiter's confirmation of a player's request
// to be withdrawn; the optional {"reason"} replaces the player's.
func (h *handler) postConfirmWithdrawal(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	var body kit.ReasonBody
	if c.Request.ContentLength != 0 {
		if err := kit.DecodeJSON(c, &body); err != nil {
			return err
		}
	}
	en, err := h.Entries.ConfirmWithdrawal(c.Request.Context(), ids[0], ids[1], body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEventEntryView(en))
	return nil
}

// postTakeBackWithdrawal takes back the caller's request to be withdrawn.
func (h *handler) postTakeBackWithdrawal(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	en, err := h.Entries.TakeBackWithdrawal(c.Request.Context(), ids[0], ids[1])
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEventEntryView(en))
	return nil
}

type myEventEntryView struct {
	eventEntryView
	EventName string `json:"event_name"`
	// EventCancelled: the event is called off, for CancelReason; the
	// entry no longer changes.
	EventCancelled bool   `json:"event_cancelled"`
	CancelReason   string `json:"cancel_reason,omitempty"`
	CanWithdraw    bool   `json:"can_withdraw"`
	WithdrawAsks   bool   `json:"withdraw_asks"`
	CanTakeBack    bool   `json:"can_take_back"`
	CanEnter       bool   `json:"can_enter"`
}

// getMyEventEntries lists the caller's latest entry to each event, newest
// first, with what they may do with it.
func (h *handler) getMyEventEntries(c *gin.Context) error {
	mine, err := h.Entries.MyEntries(c.Request.Context())
	if err != nil {
		return err
	}
	views := make([]myEventEntryView, len(mine))
	for i, m := range mine {
		views[i] = myEventEntryView{eventEntryView: newEventEntryView(&m.Entry), EventName: m.Event.Name, CanWithdraw: m.CanWithdraw, WithdrawAsks: m.WithdrawAsks, CanTakeBack: m.CanTakeBack, CanEnter: m.CanEnter}
		if m.Cancelled {
			views[i].EventCancelled, views[i].CancelReason = true, m.Event.CancelReason
		}
	}
	c.JSON(http.StatusOK, myEntriesView{views})
	return nil
}

// entriesPageView is an event's entries as its entries page shows them:
// the terms, whether entries are open and the event full, every entry, and
// what the reader may do; Places is left out when the event has no limit,
// Mine when the reader has no entry.
type entriesPageView struct {
	Settings    entrySettingsView `json:"settings"`
	Open        bool              `json:"open"`
	Full        bool              `json:"full"`
	Entries     []eventEntryView  `json:"entries"`
	CanEnter    bool              `json:"can_enter"`
	CanWithdraw bool              `json:"can_withdraw"`
	// WithdrawAsks: withdrawing is a request the arbiter confirms.
	WithdrawAsks bool            `json:"withdraw_asks"`
	CanTakeBack  bool            `json:"can_take_back"`
	Places       *int            `json:"places,omitempty"`
	Mine         *eventEntryView `json:"mine,omitempty"`
}

// acceptedView answers accepting every entry that meets the terms.
type acceptedView struct {
	Accepted []eventEntryView `json:"accepted"`
}

// myEntriesView is the reader's entries, one per event.
type myEntriesView struct {
	Entries []myEventEntryView `json:"entries"`
}
