package desk

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/web/kit"
	"adiukh/tournament"
	"adiukh/tournament/prizelist"
	"adiukh/tournament/prizes"
)

// The desk's form of an event's prize list: the same use case as PUT
// /api/v1/events/{id}/prizes. A row a prize (its category, the category's
// parameter, the place, the amount); empty rows are left out, and the form
// always has a few more than the list.

// prizeRows is how many empty rows the form offers below the list.
const prizeRows = 5

type prizesPageData struct {
	kit.EventHeader
	Prizes *prizelist.View
	Form   *kit.Form
	Rows   []prizeRow
	Kinds  []prizelist.Kind
	Rules  []prizes.Rule
	// RuleKeys name the rules in the catalogue.
	RuleKeys map[prizes.Rule]string
}

// prizeRow is one row of the form, as typed or as the list keeps it.
type prizeRow struct {
	N                              int
	Category, Param, Place, Amount string
}

func (h *handler) prizesPage(c *gin.Context) error {
	return h.renderPrizes(c, nil, http.StatusOK)
}

// renderPrizes shows the form: the list as kept, or as typed (f) with what
// was refused.
func (h *handler) renderPrizes(c *gin.Context, f *kit.Form, status int) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	d, err := h.Events.DeskData(ctx, id)
	if err != nil {
		return err
	}
	v, err := h.PrizeLists.Read(ctx, id)
	if err != nil {
		return err
	}
	if f == nil {
		f = kit.NewForm()
		f.Values["ties"], f.Values["one_per_player"] = string(prizes.Shared), "1"
		if v.List != nil {
			f.Values["ties"], f.Values["one_per_player"] = string(v.List.Ties), ""
			if v.List.OnePerPlayer {
				f.Values["one_per_player"] = "1"
			}
			for i, p := range v.List.Prizes {
				n := strconv.Itoa(i + 1)
				f.Values["category_"+n], f.Values["param_"+n] = string(p.Kind), p.Parameter()
				f.Values["place_"+n], f.Values["amount_"+n] = strconv.Itoa(p.Place), prizelist.FormatAmountIn(h.Translator(c).Lang, p.Amount)
			}
		}
	}
	data := prizesPageData{EventHeader: h.Header(c, d.Event, "manage"), Prizes: v, Form: f, Kinds: prizelist.Kinds(), RuleKeys: map[prizes.Rule]string{}}
	for _, r := range prizelist.TieRules {
		data.Rules = append(data.Rules, r.Rule)
		data.RuleKeys[r.Rule] = r.Key
	}
	rows := prizeRows
	for n := 1; n <= maxPrizeRows; n++ {
		if rowTyped(f, n) {
			rows = n + prizeRows
		}
	}
	for n := 1; n <= min(rows, maxPrizeRows); n++ {
		k := strconv.Itoa(n)
		data.Rows = append(data.Rows, prizeRow{N: n, Category: f.Values["category_"+k], Param: f.Values["param_"+k], Place: f.Values["place_"+k], Amount: f.Values["amount_"+k]})
	}
	h.RenderWith(c, h.Translator(c), status, "prizes", d.Event.Name, data)
	return nil
}

// maxPrizeRows bounds the rows a form is read for.
const maxPrizeRows = 200

func rowTyped(f *kit.Form, n int) bool {
	k := strconv.Itoa(n)
	return f.Values["category_"+k]+f.Values["param_"+k]+f.Values["place_"+k]+f.Values["amount_"+k] != ""
}

// savePrizes keeps the list typed; a form of empty rows clears it.
func (h *handler) savePrizes(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	f := kit.NewForm()
	f.Values["ties"], f.Values["one_per_player"] = c.PostForm("ties"), c.PostForm("one_per_player")
	// The rows typed are numbered from 1 without the empty ones between,
	// as the service numbers the prizes in its messages.
	typed := 0
	for n := 1; n <= maxPrizeRows; n++ {
		k, row := strconv.Itoa(n), map[string]string{}
		for _, field := range []string{"category_", "param_", "place_", "amount_"} {
			row[field] = strings.TrimSpace(c.PostForm(field + k))
		}
		if row["category_"]+row["param_"]+row["place_"]+row["amount_"] == "" {
			continue
		}
		typed++
		for field, v := range row {
			f.Values[field+strconv.Itoa(typed)] = v
		}
	}
	in, err := prizesInput(f)
	if err == nil {
		if _, err = h.PrizeLists.Set(c.Request.Context(), id, in); err == nil {
			c.Redirect(http.StatusSeeOther, fmt.Sprintf("/events/%d/prizes", id))
			return nil
		}
	}
	if ferr := f.Fail(err, h.Translator(c)); ferr != nil {
		return ferr
	}
	return h.renderPrizes(c, f, kit.FormStatus(err))
}

// prizesInput reads the form's rows in order, the empty ones left out; a
// prize is numbered by its row, as the service's messages name it.
func prizesInput(f *kit.Form) (prizelist.Input, error) {
	in := prizelist.Input{Ties: prizes.Rule(f.Values["ties"]), OnePerPlayer: f.Values["one_per_player"] != ""}
	for n := 1; n <= maxPrizeRows; n++ {
		if !rowTyped(f, n) {
			continue
		}
		k := strconv.Itoa(n)
		p := prizelist.Prize{Category: prizelist.Category{Kind: prizelist.Kind(f.Values["category_"+k])}}
		param := f.Values["param_"+k]
		number := func(into *int) error {
			if param == "" {
				return nil
			}
			v, err := strconv.Atoi(param)
			if err != nil {
				return tournament.Invalid("prizes", "prize %d: %q is not a whole number", n, param)
			}
			*into = v
			return nil
		}
		var err error
		switch p.Kind {
		case prizelist.Juniors:
			err = number(&p.BornFrom)
		case prizelist.Veterans:
			err = number(&p.BornTo)
		case prizelist.Rating:
			err = number(&p.RatingBelow)
		case prizelist.Club:
			p.Club = param
		case prizelist.Region:
			p.Region = param
		}
		if err != nil {
			return in, err
		}
		if p.Place, err = strconv.Atoi(f.Values["place_"+k]); err != nil {
			return in, tournament.Invalid("prizes", "prize %d: %q is not a whole number", n, f.Values["place_"+k])
		}
		if p.Amount, err = prizelist.ParseAmount(n, f.Values["amount_"+k]); err != nil {
			return in, err
		}
		in.Prizes = append(in.Prizes, p)
	}
	return in, nil
}
