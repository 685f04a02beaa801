package kit

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/tournament"
)

// PlayerInput reads the fields of a player; an empty number is left out.
func PlayerInput(values map[string]string) (tournament.PlayerInput, error) {
	in := tournament.PlayerInput{Name: Ptr(values["name"]), Club: Ptr(values["club"]), City: Ptr(values["city"]), FederationID: Ptr(values["federation_id"]), Federation: Ptr(values["federation"]), Title: Ptr(values["title"])}
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

// PlayerFields are the fields of the player form.
var PlayerFields = []string{"name", "rating", "birth_year", "club", "city", "federation_id", "federation", "title"}

// PersonField names the person of the register a new player is, by
// federation ID: the player takes the person's details where the form
// leaves them empty.
const PersonField = "person"

// PersonInput reads the fields of a new player, the person of the register
// they are among them (PersonField).
func (k *Kit) PersonInput(c *gin.Context, values map[string]string) (tournament.PlayerInput, error) {
	in, err := PlayerInput(values)
	if err != nil || values[PersonField] == "" {
		return in, err
	}
	p, err := k.People.PersonByFederationID(c.Request.Context(), values[PersonField])
	if err != nil {
		return in, err
	}
	in.PersonID = &p.ID
	return in, nil
}

// ConfirmPageData asks the arbiter to confirm a destructive action and to
// give its reason.
type ConfirmPageData struct {
	EventHeader
	Question string
	Action   string
	Button   string
	// Hidden are the fields of the action besides the reason.
	Hidden map[string]string
	// Anchor is the part of the desk the action belongs to, where Cancel
	// goes back.
	Anchor string
	Form   *Form
	// Choices, when set, are the options of an action the arbiter must
	// choose between (radio buttons named ChoiceName under ChoiceLegend);
	// none is chosen beforehand.
	ChoiceName, ChoiceLegend string
	Choices                  []ConfirmChoice
}

// ConfirmChoice is one option of a confirmation.
type ConfirmChoice struct {
	Value, Label, Hint string
}

// Confirm asks for the confirmation of an action of the desk and its
// reason, unless the form already carries it (confirm=1); then it runs act
// and goes back to the desk at anchor. What act refuses is shown on the
// confirmation page, next to the reason when the reason is missing.
// question words the question from the event's data.
func (k *Kit) Confirm(c *gin.Context, id int64, anchor, button string, hidden map[string]string, act func(reason string) error,
	question func(*tournament.EventData, *Translator) (string, error)) error {
	return k.ConfirmChoosing(c, id, anchor, button, hidden, act, question, nil)
}

// ConfirmChoosing is confirm for an action with options the arbiter
// chooses between on the confirmation page: choose sets them (and keeps
// the one sent back).
func (k *Kit) ConfirmChoosing(c *gin.Context, id int64, anchor, button string, hidden map[string]string, act func(reason string) error,
	question func(*tournament.EventData, *Translator) (string, error), choose func(*ConfirmPageData, *Translator)) error {
	reason := strings.TrimSpace(c.PostForm("reason"))
	var err error
	if c.PostForm("confirm") == "1" {
		if err = act(reason); err == nil {
			k.BackToManage(c, id, anchor)
			return nil
		}
	}
	d, loadErr := k.Events.DeskData(c.Request.Context(), id)
	if loadErr != nil {
		return loadErr
	}
	tr := k.Translator(c)
	q, qErr := question(d, tr)
	if qErr != nil {
		return qErr
	}
	data := ConfirmPageData{EventHeader: k.Header(c, d.Event, "manage"), Action: c.Request.URL.Path, Hidden: hidden, Anchor: anchor, Form: NewForm(),
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
		status = FormStatus(err)
	}
	k.RenderWith(c, tr, status, "confirm", d.Event.Name, data)
	return nil
}
