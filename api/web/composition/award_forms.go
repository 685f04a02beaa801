package composition

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/composition"
)

func (h *handler) publishProvisional(c *gin.Context) error {
	f := kit.FormValues(c, "prizes", "honourable_mentions", "commendations", "place", "report", "reason")
	var unreadable []*tournament.Error
	n := func(k string) int {
		text := strings.TrimSpace(f.Values[k])
		v, err := strconv.Atoi(text)
		if err != nil && text != "" {
			unreadable = append(unreadable, tournament.Invalid(k, "%q is not a number: write how many, such as 2", text))
		}
		return v
	}
	in := composition.AwardInput{Prizes: n("prizes"), Mentions: n("honourable_mentions"), Commendations: n("commendations")}
	// Honours chosen entry by entry make the award; the numbers are then
	// not asked for.
	items, unreadableRows := awardRows(c, f)
	if len(items) > 0 || len(unreadableRows) > 0 {
		in, unreadable = composition.AwardInput{Items: items}, unreadableRows
	}
	in.Place, in.Report = f.Values["place"], f.Values["report"]
	return h.deskForm(c, "publish", f, func(id int64) error {
		if err := tournament.Every(unreadable, tournament.Invalid("", "the numbers of distinctions have %d errors", len(unreadable))); err != nil {
			return err
		}
		_, err := h.Composition.PublishProvisional(c.Request.Context(), id, in, f.Values["reason"])
		return err
	})
}

// awardEditRows is how many empty rows the award's edit form offers for
// entries to add.
const awardEditRows = 3

// awardEditRow is one row of the form that edits the provisional award.
type awardEditRow struct {
	Code, Honour, Place string
}

// editRows lists the rows of the award's edit form: what was typed when
// the form was refused, else the award's items, then empty rows to add.
func editRows(f *kit.Form, a *composition.Award) []awardEditRow {
	if rows := typedRows(f); rows != nil {
		return rows
	}
	var rows []awardEditRow
	for _, it := range a.Items {
		rows = append(rows, awardEditRow{it.Code, string(it.Honour), strconv.Itoa(it.Place)})
	}
	for range awardEditRows {
		rows = append(rows, awardEditRow{Honour: string(composition.Prize)})
	}
	return rows
}

// editAward replaces the provisional award's items by the rows of the
// form; a row without a code is left out, so clearing a code takes the
// entry out of the award.
func (h *handler) editAward(c *gin.Context) error {
	f := kit.FormValues(c, "reason")
	items, unreadable := awardRows(c, f)
	return h.deskForm(c, "edit", f, func(id int64) error {
		if err := tournament.Every(unreadable, tournament.Invalid("items", "the award's rows have %d errors", len(unreadable))); err != nil {
			return err
		}
		_, err := h.Composition.EditAward(c.Request.Context(), id, items, f.Values["reason"])
		return err
	})
}

// editAwardText changes the provisional award's place and the judge's
// report.
func (h *handler) editAwardText(c *gin.Context) error {
	f := kit.FormValues(c, "place", "report", "reason")
	return h.deskForm(c, "text", f, func(id int64) error {
		_, err := h.Composition.EditAwardText(c.Request.Context(), id, f.Values["place"], f.Values["report"], f.Values["reason"])
		return err
	})
}

// awardRows reads the rows of an award form (code, honour, place) into
// items, keeping what was typed in f; a row without a code or without an
// honour is left out.
func awardRows(c *gin.Context, f *kit.Form) ([]composition.Distinction, []*tournament.Error) {
	codes, honours, places := c.PostFormArray("code"), c.PostFormArray("honour"), c.PostFormArray("place")
	f.Values["rows"] = strconv.Itoa(len(codes))
	var items []composition.Distinction
	var unreadable []*tournament.Error
	for i, code := range codes {
		k := strconv.Itoa(i)
		honour, place := at(honours, i), strings.TrimSpace(at(places, i))
		f.Values["code_"+k], f.Values["honour_"+k], f.Values["place_"+k] = code, honour, place
		if strings.TrimSpace(code) == "" || honour == "" {
			continue
		}
		n, err := strconv.Atoi(place)
		if err != nil {
			unreadable = append(unreadable, tournament.Invalid(fmt.Sprintf("items[%d]", len(items)), "the place of entry %s is a whole number from 1; got %q", strings.TrimSpace(code), place))
		}
		items = append(items, composition.Distinction{Code: strings.TrimSpace(code), Honour: composition.Honour(honour), Place: n})
	}
	return items, unreadable
}

// typedRows are the rows of an award form as they were typed when it was
// refused; nil when it was not.
func typedRows(f *kit.Form) []awardEditRow {
	n, err := strconv.Atoi(f.Values["rows"])
	if err != nil {
		return nil
	}
	rows := make([]awardEditRow, n)
	for i := range rows {
		k := strconv.Itoa(i)
		rows[i] = awardEditRow{f.Values["code_"+k], f.Values["honour_"+k], f.Values["place_"+k]}
	}
	return rows
}

// publishRows lists the rows of the provisional award chosen entry by
// entry: what was typed when the form was refused, else every entry in
// its order, with no honour yet.
func publishRows(f *kit.Form, entries []juryRow) []awardEditRow {
	if rows := typedRows(f); rows != nil {
		return rows
	}
	rows := make([]awardEditRow, len(entries))
	for i, e := range entries {
		rows[i] = awardEditRow{Code: e.Code}
	}
	return rows
}

// at returns the i-th value of a form's list, or "" when it has fewer.
func at(values []string, i int) string {
	if i < len(values) {
		return values[i]
	}
	return ""
}

func (h *handler) publishFinal(c *gin.Context) error {
	f := kit.FormValues(c, "reason")
	return h.deskForm(c, "final", f, func(id int64) error {
		_, err := h.Composition.PublishFinal(c.Request.Context(), id, f.Values["reason"])
		return err
	})
}

func (h *handler) decideClaim(c *gin.Context) error {
	cid, err := core.PathInt(c, "cid")
	if err != nil {
		return err
	}
	c.Params = append(c.Params, gin.Param{Key: "id", Value: c.PostForm("event")})
	f := kit.FormValues(c, "reason")
	return h.deskForm(c, "claims", f, func(int64) error {
		_, err := h.Composition.DecideClaim(c.Request.Context(), cid, c.PostForm("uphold") == "true", f.Values["reason"])
		return err
	})
}
