package people

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	"adiukh/tournament"
	register "adiukh/tournament/people"
)

// handler serves the register of people.
type handler struct {
	*kit.Kit
}

// Routes registers the register of people: searched and read by anyone on
// read, kept on write (which needs a signed-in user) by arbiters (adding,
// linking an event's players) and administrators (changing, merging).
func Routes(k *kit.Kit, read, write gin.IRoutes) {
	h := &handler{Kit: k}
	read.GET("/people", h.JSON(h.getPeople))
	read.GET("/people/:pid", h.JSON(h.getPerson))
	write.POST("/people", h.JSON(h.postPerson))
	write.PATCH("/people/:pid", h.JSON(h.patchPerson))
	h.mergesRoutes(write)
	h.photosRoutes(write)
	h.matchesRoutes(write)
}

// personBody is the body of POST /people and PATCH /people/{id}.
type personBody struct {
	Surname         *string `json:"surname"`
	GivenNames      *string `json:"given_names"`
	Patronymic      *string `json:"patronymic"`
	LatinSurname    *string `json:"latin_surname"`
	LatinGivenNames *string `json:"latin_given_names"`
	LatinSystem     *string `json:"latin_system"`
	Sex             *string `json:"sex"`
	BirthYear       *int    `json:"birth_year"`
	Club            *string `json:"club"`
	Region          *string `json:"region"`
	Rank            *string `json:"rank"`
	Federation      *string `json:"federation"`
	// Titles, when sent, replace the person's titles.
	Titles *[]shapes.PersonTitleView `json:"titles"`
}

func (b *personBody) input() register.PersonInput {
	return register.PersonInput{Surname: b.Surname, GivenNames: b.GivenNames, Patronymic: b.Patronymic, LatinSurname: b.LatinSurname,
		LatinGivenNames: b.LatinGivenNames, LatinSystem: b.LatinSystem, Sex: b.Sex, BirthYear: b.BirthYear,
		Club: b.Club, Region: b.Region, Rank: b.Rank, Federation: b.Federation, Titles: b.titles()}
}

func (b *personBody) titles() *[]tournament.PersonTitle {
	if b.Titles == nil {
		return nil
	}
	out := make([]tournament.PersonTitle, len(*b.Titles))
	for i, t := range *b.Titles {
		out[i] = tournament.PersonTitle{Game: tournament.GameKind(t.Game), Title: t.Title, Awarded: t.Awarded, AwardedBy: t.AwardedBy}
	}
	return &out
}

// getPeople searches the register: ?q= words of names, a federation ID or
// a birth year; ?page=.
func (h *handler) getPeople(c *gin.Context) error {
	page, err := core.PageParam(c)
	if err != nil {
		return err
	}
	found, err := h.People.People(c.Request.Context(), c.Query("q"), page)
	if err != nil {
		return err
	}
	views := make([]shapes.PersonView, len(found.People))
	for i := range found.People {
		views[i] = shapes.NewPersonView(&found.People[i])
	}
	c.JSON(http.StatusOK, peopleView{People: views, Page: found.Page, More: found.More})
	return nil
}

type personEventView struct {
	EventID  int64  `json:"event_id"`
	Event    string `json:"event"`
	Start    string `json:"start_date"`
	PlayerID int64  `json:"player_id"`
	Rating   int    `json:"rating"`
}

func (h *handler) getPerson(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	v, err := h.People.PersonPage(c.Request.Context(), id)
	if err != nil {
		return err
	}
	events := make([]personEventView, len(v.Events))
	for i, e := range v.Events {
		events[i] = personEventView{EventID: e.Event.ID, Event: e.Event.Name, Start: e.Event.StartDate, PlayerID: e.Player.ID, Rating: e.Player.Rating}
	}
	lists, err := h.personRatings(c, id)
	if err != nil {
		return err
	}
	out := personPageView{Person: shapes.NewPersonView(&v.Person), Events: events, Ratings: lists}
	if v.Photo != nil {
		out.Photo = core.PhotoURL(v.Photo)
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func (h *handler) postPerson(c *gin.Context) error {
	var body struct {
		personBody
		ConfirmSimilar bool `json:"confirm_similar"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	in := body.input()
	in.ConfirmSimilar = body.ConfirmSimilar
	p, err := h.People.CreatePerson(c.Request.Context(), in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, shapes.NewPersonView(p))
	return nil
}

func (h *handler) patchPerson(c *gin.Context) error {
	id, body, err := kit.PathBody[personBody](c, "pid")
	if err != nil {
		return err
	}
	p, err := h.People.UpdatePerson(c.Request.Context(), id, body.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.NewPersonView(p))
	return nil
}
