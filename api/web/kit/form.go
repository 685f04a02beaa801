package kit

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/rules"
	"adiukh/tournament"
)

// Form is what a form page shows again after a failed submit: the values
// entered, and the error of each field by its name ("" for the form as a
// whole).
type Form struct {
	Values map[string]string
	Errors map[string]string
	// Details are the problems of each line of a field made of lines (a
	// pasted list), by the field's name, each saying its line.
	Details map[string][]string
}

// NewForm is an empty form, for a page shown the first time.
func NewForm() *Form {
	return &Form{Values: map[string]string{}, Errors: map[string]string{}, Details: map[string][]string{}}
}

// Fail puts an error in the input (EINVALID) or against the current state
// (ECONFLICT) next to the field it names, and a body too large or a
// database that cannot save now (ETOOLARGE, EUNAVAILABLE) above the form,
// which keeps what was typed; other errors (not allowed, not
// found, internal) are returned for the caller to answer with an error page.
// The message is shown in the reader's language.
func (f *Form) Fail(err error, tr *Translator) error {
	var e *tournament.Error
	if !errors.As(err, &e) || (e.Code != tournament.EINVALID && e.Code != tournament.ECONFLICT && e.Code != tournament.ETOOLARGE && e.Code != tournament.EUNAVAILABLE) {
		return err
	}
	f.Errors[e.Field] = tr.Phrase(e)
	fields := 0
	for _, d := range e.Details {
		if d.Line == 0 {
			// Several inputs of the form are wrong: each at its field.
			f.Errors[d.Field] = tr.Phrase(d)
			fields++
			continue
		}
		f.Details[e.Field] = append(f.Details[e.Field], tr.Detail(d))
	}
	if fields > 1 {
		f.Errors[""] = tr.N("form.errors", fields)
	}
	return nil
}

// FormStatus is the status of a form shown again with its error.
func FormStatus(err error) int {
	var e *tournament.Error
	if errors.As(err, &e) && core.StatusOf[e.Code] != 0 {
		return core.StatusOf[e.Code]
	}
	return http.StatusBadRequest
}

// Labelled returns the errors of the form's fields (not of the form as a
// whole) in the order of their names, each after the name of its input —
// for a form that shows them together rather than at each input. rename
// pairs a field with the catalogue field that names its input ("name",
// "full_name"); a field renamed to "" is left out (it is shown at its
// input).
func (f *Form) Labelled(tr *Translator, rename ...string) []string {
	labels := map[string]string{}
	for i := 0; i+1 < len(rename); i += 2 {
		labels[rename[i]] = rename[i+1]
	}
	var out []string
	for _, field := range slices.Sorted(maps.Keys(f.Errors)) {
		label, renamed := labels[field]
		if !renamed {
			label = field
		}
		switch {
		case field == "" || renamed && label == "":
			continue
		case tr.Field(label) != "":
			out = append(out, tr.Field(label)+": "+f.Errors[field])
		default:
			out = append(out, f.Errors[field])
		}
	}
	return out
}

// Err returns the error of a field, for templates.
func (f *Form) Err(field string) string { return f.Errors[field] }

// Items returns the errors of the items of a list typed in one field
// (sections[1].name, problems[2]) in the items' order, for templates: the
// field has no input per item to show them at.
func (f *Form) Items(list string) []string {
	type item struct {
		index   int
		message string
	}
	var items []item
	for field, message := range f.Errors {
		if rest, ok := strings.CutPrefix(field, list+"["); ok {
			var i int
			fmt.Sscanf(rest, "%d]", &i)
			items = append(items, item{i, message})
		}
	}
	slices.SortFunc(items, func(a, b item) int {
		return cmp.Or(cmp.Compare(a.index, b.index), strings.Compare(a.message, b.message))
	})
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.message
	}
	return out
}

// Lines returns the problems of each line of a field, for templates.
func (f *Form) Lines(field string) []string { return f.Details[field] }

// V returns the entered value of a field, for templates.
func (f *Form) V(field string) string { return f.Values[field] }

// NumberInput is one input of a group of numbers in a form: its name, the
// catalogue's label of it, and where its value goes.
type NumberInput struct {
	Field, Label string
	To           *float64
}

// ReadNumbers reads a group of numbers as people type them ("1,5" or
// "1.5"). A value that is not a number is refused at the group, where the
// form shows its errors, with the label of its input.
func ReadNumbers(v map[string]string, group string, inputs ...NumberInput) error {
	for _, in := range inputs {
		x, err := strconv.ParseFloat(strings.Replace(strings.TrimSpace(v[in.Field]), ",", ".", 1), 64)
		if err != nil {
			return tournament.Invalid(group, "%s: %q is not a number", rules.Message{Format: in.Label}, v[in.Field])
		}
		*in.To = x
	}
	return nil
}

// For tells whether a team form holds what was entered for team id.
func (f *Form) For(id int64) bool { return f.Values["team"] == strconv.FormatInt(id, 10) }

// FormValues is a form holding the values posted for keys.
func FormValues(c *gin.Context, keys ...string) *Form {
	f := NewForm()
	for _, k := range keys {
		f.Values[k] = c.PostForm(k)
	}
	return f
}
