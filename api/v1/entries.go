package v1

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament/entries"
)

// entriesRoutesV1 registers online entries: the arbiter sets the terms and
// decides, a player enters and withdraws. The pages call the same use
// cases.
func (h *handler) entriesRoutesV1(write *gin.RouterGroup) {
	write.PUT("/events/:id/entries", h.JSON(h.putEntries))
	write.POST("/events/:id/entries", h.JSON(h.postEventEntry))
	write.GET("/events/:id/entries", h.JSON(h.getEventEntries))
	write.POST("/events/:id/entries/accept", h.JSON(h.postAcceptAll))
	write.POST("/events/:id/entries/:eid/accept", h.JSON(h.postAccept))
	write.POST("/events/:id/entries/:eid/decline", h.JSON(h.postDecline))
	write.DELETE("/events/:id/entries/:eid", h.JSON(h.deleteEventEntry))
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
	ID        int64  `json:"id"`
	Status    string `json:"status"`
	UserID    int64  `json:"user_id"`
	Email     string `json:"email"`
	Name      string `json:"name"`
	Note      string `json:"note"`
	BirthYear int    `json:"birth_year,omitempty"`
	Sex       string `json:"sex,omitempty"`
	Region    string `json:"region,omitempty"`
	Rating    int    `json:"rating,omitempty"`
	Reason    string `json:"reason,omitempty"`
	PlayerID  int64  `json:"player_id,omitempty"`
	CreatedAt string `json:"created_at"`
	// Meets is whether the entry meets the event's conditions as they are
	// now; only the arbiter's list says.
	Meets *bool `json:"meets_conditions,omitempty"`
}

func newEventEntryView(e *entries.Entry) eventEntryView {
	return eventEntryView{ID: e.ID, Status: string(e.Status), UserID: e.UserID, Email: e.UserEmail, Name: e.Name, Note: e.Note,
		BirthYear: e.BirthYear, Sex: e.Sex, Region: e.Region, Rating: e.Rating, Reason: e.Reason, PlayerID: e.PlayerID,
		CreatedAt: e.CreatedAt.UTC().Format(time.RFC3339)}
}

func (h *handler) putEntries(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body entrySettingsBody
	if err := decodeJSON(c, &body); err != nil {
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
	Rating    int    `json:"rating"`
}

func (h *handler) postEventEntry(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	var body eventEntryBody
	if c.Request.ContentLength != 0 {
		if err := decodeJSON(c, &body); err != nil {
			return err
		}
	}
	en, err := h.Entries.Enter(c.Request.Context(), id, entries.EntryInput(body))
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{"id": en.ID, "status": en.Status})
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
		if v.Meets != nil {
			meets := v.Meets[v.Entries[i].ID]
			views[i].Meets = &meets
		}
	}
	c.JSON(http.StatusOK, gin.H{"settings": newEntrySettingsView(&v.Settings, v.Zone), "open": v.Open, "entries": views})
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
	c.JSON(http.StatusOK, gin.H{"accepted": views})
	return nil
}

// acceptBody may name the register's person to link the player to; the
// register of persons is not part of this version, so the entry is linked
// to its account only and person_id is read and left unused. surname and
// given_names are the arbiter's split of a name the entrant's account
// gives as one string, which acceptance needs.
type acceptBody struct {
	PersonID   int64  `json:"person_id"`
	Surname    string `json:"surname"`
	GivenNames string `json:"given_names"`
}

func (h *handler) postAccept(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	var body acceptBody
	if c.Request.ContentLength != 0 {
		if err := decodeJSON(c, &body); err != nil {
			return err
		}
	}
	en, err := h.Entries.AcceptEntryAs(c.Request.Context(), ids[0], ids[1], entries.EntrantNames{Surname: body.Surname, GivenNames: body.GivenNames})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEventEntryView(en))
	return nil
}

func (h *handler) postDecline(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	var body reasonBody
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	en, err := h.Entries.DeclineEntry(c.Request.Context(), ids[0], ids[1], body.Reason)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newEventEntryView(en))
	return nil
}

func (h *handler) deleteEventEntry(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "eid")
	if err != nil {
		return err
	}
	if err := h.Entries.WithdrawEntry(c.Request.Context(), ids[0], ids[1]); err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"id": ids[1], "status": "withdrawn"})
	return nil
}
