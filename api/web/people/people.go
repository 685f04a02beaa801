package people

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/people"
)

// peopleRoutesWeb registers the register of people: the list and search
// and each person's page for everyone; adding for arbiters, changing for
// administrators.
func (h *handler) peopleRoutesWeb(g, m gin.IRoutes) {
	g.GET("/people", h.Page(h.peoplePage))
	g.GET("/people/:pid", h.Cached(), h.Page(h.personPage))
	m.POST("/people", h.Page(h.addPerson))
	m.POST("/people/:pid", h.Page(h.editPerson))
}

// personFields are the person form's fields; titleRows rows of titles
// follow them (titleFields).
var personFields = append([]string{"surname", "given_names", "patronymic", "latin_surname", "latin_given_names", "latin_system", "sex", "birth_year", "club", "region", "rank", "federation"},
	titleFields()...)

// titleRows is how many ranks and titles the person form has rows for: a
// person holds a national rank and an FMJD title in a game or two.
const titleRows = 4

// titleField names a field of a row of titles, as the service names the
// title at fault (titles[1].title).
func titleField(row int, name string) string { return fmt.Sprintf("titles[%d].%s", row, name) }

func titleFields() []string {
	var out []string
	for row := range titleRows {
		for _, name := range []string{"game", "title", "awarded", "awarded_by"} {
			out = append(out, titleField(row, name))
		}
	}
	return out
}

// personInput reads the person form; a Latin form left empty follows the
// Cyrillic one.
func personInput(f *kit.Form) (people.PersonInput, error) {
	in := people.PersonInput{}
	text := func(name string) *string {
		v := f.Values[name]
		return &v
	}
	in.Surname, in.GivenNames, in.Patronymic, in.Sex, in.Club, in.Region, in.Rank = text("surname"), text("given_names"), text("patronymic"), text("sex"), text("club"), text("region"), text("rank")
	in.Federation = text("federation")
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
	titles := make([]tournament.PersonTitle, titleRows)
	for row := range titles {
		titles[row] = tournament.PersonTitle{Game: tournament.GameKind(f.Values[titleField(row, "game")]), Title: f.Values[titleField(row, "title")],
			Awarded: f.Values[titleField(row, "awarded")], AwardedBy: f.Values[titleField(row, "awarded_by")]}
	}
	in.Titles = &titles
	return in, nil
}

type peoplePageData struct {
	*people.PeoplePage
	Form *kit.Form
	// Games are the games a person's titles may be of.
	Games []tournament.GameKind
	Prev  string
	Next  string
}

func (h *handler) renderPeople(c *gin.Context, status int, f *kit.Form) error {
	page, err := core.PageParam(c)
	if err != nil {
		return err
	}
	found, err := h.People.People(c.Request.Context(), c.Query("q"), page)
	if err != nil {
		return err
	}
	data := peoplePageData{PeoplePage: found, Form: f, Games: tournament.GameKinds}
	at := func(n int) string {
		return "/people?" + url.Values{"q": {found.Query}, "page": {strconv.Itoa(n)}}.Encode()
	}
	if page > 1 {
		data.Prev = at(page - 1)
	}
	if found.More {
		data.Next = at(page + 1)
	}
	h.Render(c, status, "people", "people.title", data)
	return nil
}

func (h *handler) peoplePage(c *gin.Context) error {
	return h.renderPeople(c, http.StatusOK, kit.NewForm())
}

func (h *handler) addPerson(c *gin.Context) error {
	f := kit.FormValues(c, personFields...)
	in, err := personInput(f)
	in.ConfirmSimilar = c.PostForm("confirm_similar") == "1"
	if err == nil {
		var p *tournament.Person
		if p, err = h.People.CreatePerson(c.Request.Context(), in); err == nil {
			c.Redirect(http.StatusSeeOther, fmt.Sprintf("/people/%d", p.ID))
			return nil
		}
	}
	if err := f.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	return h.renderPeople(c, kit.FormStatus(err), f)
}

type personPageData struct {
	*people.PersonView
	Form  *kit.Form // the administrator's edit form
	Games []tournament.GameKind
	Merge *kit.Form
	// PhotoForm is the photo's upload, with what was refused; PhotoURL
	// the photo's address, "" when there is none.
	PhotoForm *kit.Form
	PhotoURL  string
	// Merged is the merge just made into this person, offered for undoing.
	Merged int64
	// Ratings are the person's lists with their charts.
	Ratings []personRating
	// Following: the signed-in reader follows the person.
	Following bool
}

func (h *handler) renderPerson(c *gin.Context, status int, id int64, edit, merge, photo *kit.Form) error {
	v, err := h.People.PersonPage(c.Request.Context(), id)
	if err != nil {
		return err
	}
	data := personPageData{PersonView: v, Form: edit, Games: tournament.GameKinds, Merge: merge, PhotoForm: photo}
	if data.Ratings, err = h.personRatings(c, id); err != nil {
		return err
	}
	if data.Following, err = h.Entries.FollowingPerson(c.Request.Context(), v.Person.ID); err != nil {
		return err
	}
	if data.Form == nil {
		p := v.Person
		data.Form = kit.NewForm()
		for k, val := range map[string]string{"surname": p.Surname, "given_names": p.GivenNames, "patronymic": p.Patronymic, "latin_surname": p.LatinSurname,
			"latin_given_names": p.LatinGivenNames, "latin_system": p.LatinSystem, "sex": p.Sex, "club": p.Club, "region": p.Region, "rank": p.Rank, "federation": p.Federation} {
			data.Form.Values[k] = val
		}
		if p.BirthYear != 0 {
			data.Form.Values["birth_year"] = strconv.Itoa(p.BirthYear)
		}
		for row, title := range p.Titles[:min(len(p.Titles), titleRows)] {
			for name, val := range map[string]string{"game": string(title.Game), "title": title.Title, "awarded": title.Awarded, "awarded_by": title.AwardedBy} {
				data.Form.Values[titleField(row, name)] = val
			}
		}
	}
	if data.Merge == nil {
		data.Merge = kit.NewForm()
	}
	if data.PhotoForm == nil {
		data.PhotoForm = kit.NewForm()
	}
	if v.Photo != nil {
		data.PhotoURL = core.PhotoURL(v.Photo)
	}
	if m, err := strconv.ParseInt(c.Query("merged"), 10, 64); err == nil && data.CanEdit {
		data.Merged = m
	}
	h.Render(c, status, "person", "people.person_title", data)
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
	f := kit.FormValues(c, personFields...)
	in, err := personInput(f)
	in.ConfirmSimilar = c.PostForm("confirm_similar") == "1"
	if err == nil {
		if _, err = h.People.UpdatePerson(c.Request.Context(), id, in); err == nil {
			c.Redirect(http.StatusSeeOther, fmt.Sprintf("/people/%d", id))
			return nil
		}
	}
	if err := f.Fail(err, h.Translator(c)); err != nil {
		return err
	}
	return h.renderPerson(c, kit.FormStatus(err), id, f, nil, nil)
}
