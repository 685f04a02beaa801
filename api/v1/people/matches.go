package people

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/api/v1/shapes"
	register "adiukh/tournament/people"
)

// matchesRoutes registers the linking of an event's players to
// the register, for its arbiters: the players not linked with the persons
// they may be, the sure matches linked at once, one player linked (or
// unlinked with 0), or added to the register as a new person.
func (h *handler) matchesRoutes(w gin.IRoutes) {
	w.GET("/events/:id/register-matches", h.JSON(h.getRegisterMatches))
	w.POST("/events/:id/register-matches/link-sure", h.JSON(h.postLinkSureMatches))
	w.PUT("/events/:id/players/:pid/person", h.JSON(h.putPlayerPerson))
	w.POST("/events/:id/players/:pid/person", h.JSON(h.postPlayerPerson))
}

type candidateView struct {
	Person         shapes.PersonView `json:"person"`
	Distance       int               `json:"distance"`
	Missing        int               `json:"missing"`
	SameBirthYear  bool              `json:"same_birth_year"`
	OtherBirthYear bool              `json:"other_birth_year"`
	Sure           bool              `json:"sure"`
	// Namesake: as close as sure, but so is another candidate.
	Namesake bool `json:"namesake"`
}

func (h *handler) getRegisterMatches(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	v, err := h.People.RegisterMatches(c.Request.Context(), id)
	if err != nil {
		return err
	}
	out := make([]registerMatchView, len(v.Matches))
	for i, m := range v.Matches {
		candidates := make([]candidateView, len(m.Candidates))
		for j, cand := range m.Candidates {
			candidates[j] = candidateView{Person: shapes.NewPersonView(&cand.Person), Distance: cand.Distance, Missing: cand.Missing,
				SameBirthYear: cand.SameBirthYear, OtherBirthYear: cand.OtherBirthYear, Sure: cand.Sure, Namesake: cand.Namesake}
		}
		out[i] = registerMatchView{Player: shapes.NewPlayerView(&m.Player), Candidates: candidates, Surname: m.Surname, GivenNames: m.GivenNames, Patronymic: m.Patronymic}
	}
	c.JSON(http.StatusOK, registerMatchesView{Players: out, Sure: v.Sure})
	return nil
}

func (h *handler) postLinkSureMatches(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	n, err := h.People.LinkSureMatches(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, linkedView{n})
	return nil
}

// putPlayerPerson links a player to a person: {"person_id": ID}, 0 to
// unlink.
func (h *handler) putPlayerPerson(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	var body struct {
		PersonID int64 `json:"person_id"`
	}
	if err := kit.DecodeJSON(c, &body); err != nil {
		return err
	}
	p, err := h.People.LinkPlayerToPerson(c.Request.Context(), ids[0], ids[1], body.PersonID)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, shapes.NewPlayerView(p))
	return nil
}

// postPlayerPerson adds the player to the register as a new person and
// links them; 201 with the person.
func (h *handler) postPlayerPerson(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	var body struct {
		Surname    string `json:"surname"`
		GivenNames string `json:"given_names"`
		Patronymic string `json:"patronymic"`
	}
	if c.Request.ContentLength > 0 {
		if err := kit.DecodeJSON(c, &body); err != nil {
			return err
		}
	}
	p, err := h.People.AddPlayerToRegister(c.Request.Context(), ids[0], ids[1], register.NewPersonNames{Surname: body.Surname, GivenNames: body.GivenNames, Patronymic: body.Patronymic})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, shapes.NewPersonView(p))
	return nil
}
