package events

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// eventsPageData lists events by where they are in their life.
type eventsPageData struct {
	Disciplines []tournament.Discipline
	Discipline  string // the filter, "" for all
	Running     []tournament.Event
	Upcoming    []tournament.Event
	Finished    []tournament.Event
	CanCreate   bool
}

func (h *handler) eventsPage(c *gin.Context) error {
	events, err := h.Events.Events(c.Request.Context())
	if err != nil {
		return err
	}
	data := eventsPageData{Disciplines: tournament.Disciplines, Discipline: c.Query("discipline")}
	for _, e := range events {
		if data.Discipline != "" && string(e.Discipline) != data.Discipline {
			continue
		}
		switch e.Status {
		case tournament.Running:
			data.Running = append(data.Running, e)
		case tournament.Registration:
			data.Upcoming = append(data.Upcoming, e)
		default:
			data.Finished = append(data.Finished, e)
		}
	}
	data.CanCreate = tournament.MayCreateEvent(c.Request.Context()) == nil
	h.Render(c, http.StatusOK, "events", "events.title", data)
	return nil
}
