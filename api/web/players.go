package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/entries"
)

// The players' forms of the arbiter's desk: one player, a pasted list, and
// the destructive actions (withdraw, take a withdrawal back, remove), which
// ask for a reason and a confirmation first.

// playerInput reads the fields of a player; an empty number is left out.
func playerInput(values map[string]string) (tournament.PlayerInput, error) {
	in := tournament.PlayerInput{Name: ptr(values["name"]), Club: ptr(values["club"]), City: ptr(values["city"]), FederationID: ptr(values["federation_id"]), Federation: ptr(values["federation"]), Title: ptr(values["title"])}
	for _, n := range []struct {
		field string
		to    **int
	}{{"rating", &in.Rating}, {"birth_year", &in.BirthYear}} {
		if values[n.field] == "" {
			continue
		}
		v, err := strconv.Atoi(values[n.field])
		if err != nil {
			return in, tournament.Invalid(n.field, "%q is not a whole number", values[n.field])
		}
		*n.to = &v
	}
	return in, nil
}

var playerFields = []string{"name", "rating", "birth_year", "club", "city", "federation_id", "federation", "title"}

// personField names the person of the register a new player is, by
// federation ID: the player takes the person's details where the form
// leaves them empty.
const personField = "person"

// personInput reads the fields of a new player, the person of the register
// they are among them (personField).
func (h *handler) personInput(c *gin.Context, values map[string]string) (tournament.PlayerInput, error) {
	in, err := playerInput(values)
	if err != nil || values[personField] == "" {
		return in, err
	}
	p, err := h.People.PersonByFederationID(c.Request.Context(), values[personField])
	if err != nil {
		return in, err
	}
	in.PersonID = &p.ID
	return in, nil
}

func (h *handler) addPlayer(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	values := map[string]string{}
	for _, k := range append(playerFields, personField) {
		values[k] = strings.TrimSpace(c.PostForm(k))
	}
	in, err := h.personInput(c, values)
	if err == nil {
		in.ConfirmDuplicate = c.PostForm("confirm") == "1"
		if _, err = h.Events.RegisterPlayer(c.Request.Context(), id, in); err == nil {
			h.backToManage(c, id, "players")
			return nil
		}
	}
	return h.manageFailed(c, id, err, func(d *managePageData) *kit.Form { return d.Player }, func(f *kit.Form) { f.Values = values })
}

// addPlayersCSV registers a pasted list (entries.ParsePlayerList): all
// of it or nothing. When nothing was registered the text stays in the box
// with every bad line named, or with the possible duplicates and a button
// that sends it again with confirm=1.
func (h *handler) addPlayersCSV(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	text := c.PostForm("csv")
	lines, err := entries.ParsePlayerList(text)
	if err == nil {
		_, err = h.Entries.RegisterPlayers(c.Request.Context(), id, lines, c.PostForm("confirm") == "1")
	}
	if err != nil {
		return h.manageFailed(c, id, err, func(d *managePageData) *kit.Form { return d.CSV }, func(f *kit.Form) { f.Values["csv"] = text })
	}
	h.backToManage(c, id, "players")
	return nil
}

// confirmPageData asks the arbiter to confirm a destructive action and to
// give its reason.
type confirmPageData struct {
	kit.EventHeader
	Question string
	Action   string
	Button   string
	// Hidden are the fields of the action besides the reason.
	Hidden map[string]string
	// Anchor is the part of the desk the action belongs to, where Cancel
	// goes back.
	Anchor string
	Form   *kit.Form
	// Choices, when set, are the options of an action the arbiter must
	// choose between (radio buttons named ChoiceName under ChoiceLegend);
	// none is chosen beforehand.
	ChoiceName, ChoiceLegend string
	Choices                  []confirmChoice
}

// confirmChoice is one option of a confirmation.
type confirmChoice struct {
	Value, Label, Hint string
}

// confirmed asks for the confirmation of an action on a player (see
// confirm); the question names the player and the next round.
func (h *handler) confirmed(c *gin.Context, question, button string, hidden map[string]string, act func(reason string) error) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	return h.confirm(c, ids[0], "players", button, hidden, act, func(d *tournament.EventData, tr *kit.Translator) (string, error) {
		for i := range d.Players {
			if d.Players[i].ID == ids[1] {
				return tr.T(question, "Name", d.Players[i].Name, "N", len(d.Rounds)+1), nil
			}
		}
		return "", tournament.NotFound("player %d not found in event %d", ids[1], ids[0])
	})
}

// confirm asks for the confirmation of an action of the desk and its
// reason, unless the form already carries it (confirm=1); then it runs act
// and goes back to the desk at anchor. What act refuses is shown on the
// confirmation page, next to the reason when the reason is missing.
// question words the question from the event's data.
func (h *handler) confirm(c *gin.Context, id int64, anchor, button string, hidden map[string]string, act func(reason string) error,
	question func(*tournament.EventData, *kit.Translator) (string, error)) error {
	return h.confirmChoosing(c, id, anchor, button, hidden, act, question, nil)
}

// confirmChoosing is confirm for an action with options the arbiter
// chooses between on the confirmation page: choose sets them (and keeps
// the one sent back).
func (h *handler) confirmChoosing(c *gin.Context, id int64, anchor, button string, hidden map[string]string, act func(reason string) error,
	question func(*tournament.EventData, *kit.Translator) (string, error), choose func(*confirmPageData, *kit.Translator)) error {
	reason := strings.TrimSpace(c.PostForm("reason"))
	var err error
	if c.PostForm("confirm") == "1" {
		if err = act(reason); err == nil {
			h.backToManage(c, id, anchor)
			return nil
		}
	}
	d, loadErr := h.Events.DeskData(c.Request.Context(), id)
	if loadErr != nil {
		return loadErr
	}
	tr := h.Translator(c)
	q, qErr := question(d, tr)
	if qErr != nil {
		return qErr
	}
	data := confirmPageData{EventHeader: h.Header(c, d.Event, "manage"), Action: c.Request.URL.Path, Hidden: hidden, Anchor: anchor, Form: kit.NewForm(),
		Question: q, Button: tr.T(button)}
	data.Form.Values["reason"] = reason
	if choose != nil {
		choose(&data, tr)
		data.Form.Values[data.ChoiceName] = c.PostForm(data.ChoiceName)
	}
	status := http.StatusOK
	if err != nil {
		if err := data.Form.Fail(err, tr); err != nil {
			return err
		}
		status = kit.FormStatus(err)
	}
	h.RenderWith(c, tr, status, "confirm", d.Event.Name, data)
	return nil
}

// withdrawPlayer withdraws a player from the next round to be paired.
func (h *handler) withdrawPlayer(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	e, err := h.Events.Event(c.Request.Context(), ids[0])
	if err != nil {
		return err
	}
	if e.Discipline.PlayedOnServer() {
		return h.withdrawFromSection(c, ids[0], ids[1])
	}
	from, err := strconv.Atoi(c.PostForm("from_round"))
	if err != nil {
		return h.statusFailed(c, ids[0], tournament.Invalid("withdraw_from_round", "%q is not a round number", c.PostForm("from_round")))
	}
	return h.confirmed(c, "confirm.withdraw", "manage.withdraw_confirm", map[string]string{"from_round": strconv.Itoa(from)}, func(reason string) error {
		_, err := h.Events.UpdatePlayer(c.Request.Context(), ids[0], ids[1], tournament.PlayerInput{WithdrawFromRound: &from}, reason)
		return err
	})
}

// reinstatePlayer takes a withdrawal back while its round is not paired.
func (h *handler) reinstatePlayer(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	return h.confirmed(c, "confirm.reinstate", "manage.reinstate", nil, func(reason string) error {
		_, err := h.Events.UpdatePlayer(c.Request.Context(), ids[0], ids[1], tournament.PlayerInput{WithdrawFromRound: ptr(0)}, reason)
		return err
	})
}

// removePlayer deletes a player before round 1.
func (h *handler) removePlayer(c *gin.Context) error {
	ids, err := core.PathInts(c, "id", "pid")
	if err != nil {
		return err
	}
	return h.confirmed(c, "confirm.remove", "manage.remove", nil, func(reason string) error {
		return h.Events.RemovePlayer(c.Request.Context(), ids[0], ids[1], reason)
	})
}
