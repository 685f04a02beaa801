package v1

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
	"adiukh/tournament/people"
)

// peopleRoutesV1 registers the register of people: searched and read by
// anyone, kept by arbiters (adding) and administrators (changing).
func (h *handler) peopleRoutesV1(g, w *gin.RouterGroup) {
	g.GET("/people", h.JSON(h.getPeople))
	g.GET("/people/:pid", h.JSON(h.getPerson))
	w.POST("/people", h.JSON(h.postPerson))
	w.PATCH("/people/:pid", h.JSON(h.patchPerson))
}

type personView struct {
	ID              int64  `json:"id"`
	FederationID    string `json:"federation_id"`
	Surname         string `json:"surname"`
	GivenNames      string `json:"given_names"`
	Patronymic      string `json:"patronymic"`
	LatinSurname    string `json:"latin_surname"`
	LatinGivenNames string `json:"latin_given_names"`
	LatinSystem     string `json:"latin_system"`
	Sex             string `json:"sex,omitempty"`
	BirthYear       int    `json:"birth_year,omitempty"`
	Club            string `json:"club"`
	Region          string `json:"region"`
	Rank            string `json:"rank"`
	Federation      string `json:"federation,omitempty"`
	// Titles are the person's ranks and titles, each of a game.
	Titles     []personTitleView `json:"titles"`
	MergedInto int64             `json:"merged_into,omitempty"`
	CreatedAt  time.Time         `json:"created_at"`
}

func newPersonView(p *tournament.Person) personView {
	return personView{ID: p.ID, FederationID: p.FederationID, Surname: p.Surname, GivenNames: p.GivenNames, Patronymic: p.Patronymic,
		LatinSurname: p.LatinSurname, LatinGivenNames: p.LatinGivenNames, LatinSystem: p.LatinSystem, Sex: p.Sex,
		BirthYear: p.BirthYear, Club: p.Club, Region: p.Region, Rank: p.Rank, Federation: p.Federation, Titles: personTitleViews(p.Titles), MergedInto: p.MergedInto, CreatedAt: p.CreatedAt}
}

// personTitleView is a rank or title of a person in a game, as answered
// and as sent: the date awarded (YYYY-MM-DD) and the body may be empty.
type personTitleView struct {
	Game      string `json:"game"`
	Title     string `json:"title"`
	Awarded   string `json:"awarded"`
	AwardedBy string `json:"awarded_by"`
}

func personTitleViews(titles []tournament.PersonTitle) []personTitleView {
	out := make([]personTitleView, len(titles))
	for i, t := range titles {
		out[i] = personTitleView{Game: string(t.Game), Title: t.Title, Awarded: t.Awarded, AwardedBy: t.AwardedBy}
	}
	return out
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
	Titles *[]personTitleView `json:"titles"`
}

func (b *personBody) input() people.PersonInput {
	return people.PersonInput{Surname: b.Surname, GivenNames: b.GivenNames, Patronymic: b.Patronymic, LatinSurname: b.LatinSurname,
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
	views := make([]personView, len(found.People))
	for i := range found.People {
		views[i] = newPersonView(&found.People[i])
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
	out := personPageView{Person: newPersonView(&v.Person), Events: events, Ratings: lists}
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
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	in := body.input()
	in.ConfirmSimilar = body.ConfirmSimilar
	p, err := h.People.CreatePerson(c.Request.Context(), in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, newPersonView(p))
	return nil
}

func (h *handler) patchPerson(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	var body personBody
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	p, err := h.People.UpdatePerson(c.Request.Context(), id, body.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newPersonView(p))
	return nil
}
