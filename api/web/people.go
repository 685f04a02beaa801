package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament"
)

// peopleRoutesWeb registers the register of people: the list and search
// and each person's page for everyone; adding for arbiters, changing,
// duplicates and merging for administrators.
func (h *handler) peopleRoutesWeb(g, m *gin.RouterGroup) {
	g.GET("/people", h.Page(h.peoplePage))
	g.GET("/people/:pid", h.Cached(), h.Page(h.personPage))
	m.POST("/people", h.Page(h.addPerson))
	m.POST("/people/:pid", h.Page(h.editPerson))
	m.GET("/people-duplicates", h.Page(h.duplicatesPage))
	m.POST("/people/:pid/merge", h.Page(h.mergePerson))
	m.POST("/people-merges/:mid/undo", h.Page(h.undoMerge))
	m.POST("/people/:pid/claim", h.Page(h.claimPerson))
	m.GET("/people-claims", h.Page(h.claimsPage))
	m.POST("/people-claims/:cid/confirm", h.Page(h.decidePersonClaim(true)))
	m.POST("/people-claims/:cid/decline", h.Page(h.decidePersonClaim(false)))
}

// claimPerson asks to link the reader's account to the person.
func (h *handler) claimPerson(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	if _, err := h.Events.ClaimPerson(c.Request.Context(), id); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, fmt.Sprintf("/people/%d", id))
	return nil
}

// claimsPage lists the requests to link accounts to persons, for the
// administrators and arbiters who decide them.
func (h *handler) claimsPage(c *gin.Context) error {
	claims, err := h.Events.PendingClaims(c.Request.Context())
	if err != nil {
		return err
	}
	h.render(c, http.StatusOK, "people_claims", "people.claims", claims)
	return nil
}

func (h *handler) decidePersonClaim(confirm bool) core.HandlerFunc {
	return func(c *gin.Context) error {
		id, err := core.PathInt(c, "cid")
		if err != nil {
			return err
		}
		if err := h.Events.DecideClaim(c.Request.Context(), id, confirm, c.PostForm("reason")); err != nil {
			return err
		}
		c.Redirect(http.StatusSeeOther, "/people-claims")
		return nil
	}
}

// personFields are the person form's fields.
var personFields = []string{"surname", "given_names", "latin_surname", "latin_given_names", "latin_system", "sex", "birth_year", "club", "region", "rank"}

// personInput reads the person form; a Latin form left empty follows the
// Cyrillic one.
func personInput(f *form) (tournament.PersonInput, error) {
	in := tournament.PersonInput{}
	text := func(name string) *string {
		v := f.Values[name]
		return &v
	}
	in.Surname, in.GivenNames, in.Sex, in.Club, in.Region, in.Rank = text("surname"), text("given_names"), text("sex"), text("club"), text("region"), text("rank")
	if v := f.Values["latin_system"]; v != "" {
		in.LatinSystem = &v
	}
	if v := f.Values["latin_surname"]; v != "" {
		in.LatinSurname = &v
	}
	if v := f.Values["latin_given_names"]; v != "" {
		in.LatinGivenNames = &v
	}
	year := 0
	if v := f.Values["birth_year"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return in, tournament.Invalid("birth_year", "%q is not a year", v)
		}
		year = n
	}
	in.BirthYear = &year
	return in, nil
}

type peoplePageData struct {
	*tournament.PeoplePage
	Add bool // the reader may add people
	// Admin may edit persons and see the duplicates.
	Admin bool
	Form  *form
	Prev  string
	Next  string
}

func (h *handler) renderPeople(c *gin.Context, status int, f *form) error {
	page, err := core.PageParam(c)
	if err != nil {
		return err
	}
	found, err := h.Events.People(c.Request.Context(), c.Query("q"), page)
	if err != nil {
		return err
	}
	u := tournament.UserFromContext(c.Request.Context())
	data := peoplePageData{PeoplePage: found, Form: f,
		Add: u != nil && (u.Role == tournament.Admin || u.Role == tournament.ArbiterRole), Admin: u != nil && u.Role == tournament.Admin}
	at := func(n int) string {
		return "/people?" + url.Values{"q": {found.Query}, "page": {strconv.Itoa(n)}}.Encode()
	}
	if page > 1 {
		data.Prev = at(page - 1)
	}
	if found.More {
		data.Next = at(page + 1)
	}
	h.render(c, status, "people", "people.title", data)
	return nil
}

func (h *handler) peoplePage(c *gin.Context) error {
	return h.renderPeople(c, http.StatusOK, newForm())
}

func (h *handler) addPerson(c *gin.Context) error {
	f := formValues(c, personFields...)
	in, err := personInput(f)
	if err == nil {
		var p *tournament.Person
		if p, err = h.Events.CreatePerson(c.Request.Context(), in); err == nil {
			c.Redirect(http.StatusSeeOther, fmt.Sprintf("/people/%d", p.ID))
			return nil
		}
	}
	if err := f.fail(err, h.translator(c)); err != nil {
		return err
	}
	return h.renderPeople(c, formStatus(err), f)
}

type personPageData struct {
	*tournament.PersonView
	Admin bool
	Form  *form // the administrator's edit form
	Merge *form
	// PhotoForm is the photo's upload, with what was refused; PhotoURL
	// the photo's address, "" when there is none.
	PhotoForm *form
	PhotoURL  string
	// Merged is the merge just made into this person, offered for undoing.
	Merged int64
	// Ratings are the person's lists with their charts.
	Ratings []personRating
	// Mine is the signed-in reader's person (nil for none) and Claim
	// their latest request to be linked to one.
	Mine  *tournament.Person
	Claim *tournament.PersonClaim
	// Decides: the reader decides requests (administrators, arbiters).
	Decides bool
}

func (h *handler) renderPerson(c *gin.Context, status int, id int64, edit, merge, photo *form) error {
	v, err := h.Events.PersonPage(c.Request.Context(), id)
	if err != nil {
		return err
	}
	u := tournament.UserFromContext(c.Request.Context())
	data := personPageData{PersonView: v, Admin: u != nil && u.Role == tournament.Admin, Form: edit, Merge: merge, PhotoForm: photo}
	if data.Ratings, err = h.personRatings(c, id); err != nil {
		return err
	}
	if data.Mine, data.Claim, err = h.Events.MyPerson(c.Request.Context()); err != nil {
		return err
	}
	data.Decides = u != nil && (u.Role == tournament.Admin || u.Role == tournament.ArbiterRole)
	if data.Form == nil {
		p := v.Person
		data.Form = newForm()
		for k, val := range map[string]string{"surname": p.Surname, "given_names": p.GivenNames, "latin_surname": p.LatinSurname,
			"latin_given_names": p.LatinGivenNames, "latin_system": p.LatinSystem, "sex": p.Sex, "club": p.Club, "region": p.Region, "rank": p.Rank} {
			data.Form.Values[k] = val
		}
		if p.BirthYear != 0 {
			data.Form.Values["birth_year"] = strconv.Itoa(p.BirthYear)
		}
	}
	if data.Merge == nil {
		data.Merge = newForm()
	}
	if data.PhotoForm == nil {
		data.PhotoForm = newForm()
	}
	if v.Photo != nil {
		data.PhotoURL = core.PhotoURL(v.Photo)
	}
	if m, err := strconv.ParseInt(c.Query("merged"), 10, 64); err == nil && data.Admin {
		data.Merged = m
	}
	h.render(c, status, "person", "people.person_title", data)
	return nil
}

func (h *handler) personPage(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	return h.renderPerson(c, http.StatusOK, id, nil, nil, nil)
}

func (h *handler) editPerson(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	f := formValues(c, personFields...)
	in, err := personInput(f)
	if err == nil {
		if _, err = h.Events.UpdatePerson(c.Request.Context(), id, in); err == nil {
			c.Redirect(http.StatusSeeOther, fmt.Sprintf("/people/%d", id))
			return nil
		}
	}
	if err := f.fail(err, h.translator(c)); err != nil {
		return err
	}
	return h.renderPerson(c, formStatus(err), id, f, nil, nil)
}

// mergePerson merges the person into the one whose number the form gives,
// then shows that one with the merge's undo.
func (h *handler) mergePerson(c *gin.Context) error {
	id, err := core.PathInt(c, "pid")
	if err != nil {
		return err
	}
	f := formValues(c, "into")
	into, err := strconv.ParseInt(f.Values["into"], 10, 64)
	if err != nil {
		err = tournament.Invalid("into", "give the number of the person to merge into")
	} else {
		var m *tournament.Merge
		if m, err = h.Events.MergePeople(c.Request.Context(), id, into); err == nil {
			c.Redirect(http.StatusSeeOther, fmt.Sprintf("/people/%d?merged=%d", m.Into, m.ID))
			return nil
		}
	}
	if err := f.fail(err, h.translator(c)); err != nil {
		return err
	}
	return h.renderPerson(c, formStatus(err), id, nil, f, nil)
}

func (h *handler) undoMerge(c *gin.Context) error {
	id, err := core.PathInt(c, "mid")
	if err != nil {
		return err
	}
	if err := h.Events.UndoMerge(c.Request.Context(), id); err != nil {
		return err
	}
	c.Redirect(http.StatusSeeOther, "/people-duplicates")
	return nil
}

func (h *handler) duplicatesPage(c *gin.Context) error {
	pairs, err := h.Events.Duplicates(c.Request.Context())
	if err != nil {
		return err
	}
	h.render(c, http.StatusOK, "people_duplicates", "people.duplicates", pairs)
	return nil
}
