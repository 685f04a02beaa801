package people

import (
	"github.com/gin-gonic/gin"

	"adiukh/tournament/rating"
)

// historyView is a person's standing and course in one rating list, as
// the person's page shows it.
type historyView struct {
	List    string          `json:"list"`
	Rating  *int            `json:"rating"`
	Games   int             `json:"games"`
	K       int             `json:"k,omitempty"`
	History []historyPeriod `json:"history"`
}

type historyPeriod struct {
	Period int64  `json:"period"`
	Until  string `json:"until"`
	Rating int    `json:"rating"`
	Change int    `json:"change"`
	Games  int    `json:"games"`
}

// personRatings is a person's standing and course in every list.
func (h *handler) personRatings(c *gin.Context, personID int64) ([]historyView, error) {
	hs, err := h.Ratings.PersonHistory(c.Request.Context(), personID)
	if err != nil {
		return nil, err
	}
	out := make([]historyView, len(hs))
	for i, hist := range hs {
		v := historyView{List: hist.List, History: []historyPeriod{}}
		if st := hist.Current; st != nil {
			v.Rating, v.Games, v.K = &st.Rating, st.Games, rating.K(*st)
		}
		for j, p := range hist.Periods {
			ch := hist.Changes[j]
			v.History = append(v.History, historyPeriod{Period: p.ID, Until: p.Until, Rating: ch.New, Change: ch.Delta(), Games: ch.Games})
		}
		out[i] = v
	}
	return out, nil
}
