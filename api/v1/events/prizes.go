package events

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/api/v1/kit"
	"adiukh/tournament/prizelist"
	"adiukh/tournament/prizes"
)

// prizesRoutes registers an event's prize list: read by everyone who may
// read the event (with the awards once it is finished), set by its
// managers.
func (h *handler) prizesRoutes(read, write gin.IRoutes) {
	read.GET("/events/:id/prizes", h.EventJSON(h.JSON(h.getPrizes)))
	write.PUT("/events/:id/prizes", h.JSON(h.putPrizes))
}

// prizeJSON is one prize: a place in the event, or in a category with its
// parameter; the amount in whole units of money (at most two decimals).
type prizeJSON struct {
	Category    string      `json:"category,omitempty"`
	BornFrom    int         `json:"born_from,omitempty"`
	BornTo      int         `json:"born_to,omitempty"`
	RatingBelow int         `json:"rating_below,omitempty"`
	Club        string      `json:"club,omitempty"`
	Region      string      `json:"region,omitempty"`
	Place       int         `json:"place"`
	Amount      json.Number `json:"amount"`
}

func newPrizeJSON(p prizelist.Prize) prizeJSON {
	return prizeJSON{Category: string(p.Kind), BornFrom: p.BornFrom, BornTo: p.BornTo, RatingBelow: p.RatingBelow,
		Club: p.Club, Region: p.Region, Place: p.Place, Amount: amountJSON(p.Amount)}
}

func amountJSON(minor int64) json.Number { return json.Number(prizelist.FormatAmount(minor)) }

// prizesBody is the body of PUT /events/{id}/prizes; an empty list of
// prizes clears the event's.
type prizesBody struct {
	Prizes       []prizeJSON `json:"prizes"`
	Ties         string      `json:"ties"`
	OnePerPlayer bool        `json:"one_per_player"`
}

// awardJSON is a player's award: the prize of the player's place in its
// list in the tie-break order, the places the player's group tied on
// points occupies (pooled under the rule for ties) and the amount.
type awardJSON struct {
	PlayerID int64       `json:"player_id"`
	StartNo  int         `json:"start_no"`
	Name     string      `json:"name"`
	Prize    prizeJSON   `json:"prize"`
	Places   string      `json:"places"`
	Tied     int         `json:"tied"`
	Amount   json.Number `json:"amount"`
}

func newAwardJSON(a prizelist.Award) awardJSON {
	places := strconv.Itoa(a.From)
	if a.To != a.From {
		places = fmt.Sprintf("%d-%d", a.From, a.To)
	}
	return awardJSON{PlayerID: a.PlayerID, StartNo: a.StartNo, Name: a.Name, Prize: newPrizeJSON(a.Prize),
		Places: places, Tied: a.Tied, Amount: amountJSON(a.Amount)}
}

// prizesView answers an event's prize list; once the event is finished,
// who gets what (awarded), the prizes players left for a larger one
// (declined) and the places nobody reached (unawarded). Until then the
// awards are absent: they are given from the final standings.
type prizesView struct {
	EventID      int64       `json:"event_id"`
	Prizes       []prizeJSON `json:"prizes"`
	Ties         string      `json:"ties"`
	OnePerPlayer bool        `json:"one_per_player"`
	Finished     bool        `json:"finished"`
	Awarded      []awardJSON `json:"awarded,omitempty"`
	Declined     []awardJSON `json:"declined,omitempty"`
	Unawarded    []prizeJSON `json:"unawarded,omitempty"`
	Total        json.Number `json:"total,omitempty"`
	// Unknown counts, for a category of the list, the players who fit it
	// not because the data it reads is missing: the site does not guess.
	Unknown []unknownJSON `json:"unknown,omitempty"`
}

type unknownJSON struct {
	Category    string `json:"category"`
	BornFrom    int    `json:"born_from,omitempty"`
	BornTo      int    `json:"born_to,omitempty"`
	RatingBelow int    `json:"rating_below,omitempty"`
	Club        string `json:"club,omitempty"`
	Region      string `json:"region,omitempty"`
	Missing     string `json:"missing"`
	Players     int    `json:"players"`
}

func newPrizesView(v *prizelist.View) prizesView {
	out := prizesView{EventID: v.Event.ID, Prizes: []prizeJSON{}, Ties: string(prizes.Shared), Finished: v.Finished}
	if v.List != nil {
		out.Ties, out.OnePerPlayer = string(v.List.Ties), v.List.OnePerPlayer
		for _, p := range v.List.Prizes {
			out.Prizes = append(out.Prizes, newPrizeJSON(p))
		}
	}
	for _, u := range v.Unknown {
		c := u.Category
		out.Unknown = append(out.Unknown, unknownJSON{Category: string(c.Kind), BornFrom: c.BornFrom, BornTo: c.BornTo, RatingBelow: c.RatingBelow,
			Club: c.Club, Region: c.Region, Missing: string(u.Missing), Players: u.Players})
	}
	if !v.Finished || v.List == nil {
		return out
	}
	out.Awarded, out.Total = []awardJSON{}, amountJSON(v.Total)
	for _, a := range v.Awards {
		out.Awarded = append(out.Awarded, newAwardJSON(a))
	}
	for _, a := range v.Declined {
		out.Declined = append(out.Declined, newAwardJSON(a))
	}
	for _, p := range v.Unawarded {
		out.Unawarded = append(out.Unawarded, newPrizeJSON(p))
	}
	return out
}

func (h *handler) getPrizes(c *gin.Context) error {
	id, err := core.PathInt(c, "id")
	if err != nil {
		return err
	}
	v, err := h.PrizeLists.Read(c.Request.Context(), id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newPrizesView(v))
	return nil
}

func (h *handler) putPrizes(c *gin.Context) error {
	id, body, err := kit.PathBody[prizesBody](c, "id")
	if err != nil {
		return err
	}
	in := prizelist.Input{Ties: prizes.Rule(body.Ties), OnePerPlayer: body.OnePerPlayer}
	for i, p := range body.Prizes {
		amount, err := prizelist.ParseAmount(i+1, string(p.Amount))
		if err != nil {
			return err
		}
		in.Prizes = append(in.Prizes, prizelist.Prize{Category: prizelist.Category{Kind: prizelist.Kind(p.Category), BornFrom: p.BornFrom, BornTo: p.BornTo,
			RatingBelow: p.RatingBelow, Club: p.Club, Region: p.Region}, Place: p.Place, Amount: amount})
	}
	ctx := c.Request.Context()
	if _, err := h.PrizeLists.Set(ctx, id, in); err != nil {
		return err
	}
	v, err := h.PrizeLists.Read(ctx, id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, newPrizesView(v))
	return nil
}
