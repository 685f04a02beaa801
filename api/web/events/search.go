package events

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/gin-gonic/gin"

	"adiukh/api/core"
	"adiukh/tournament/search"
)

type searchPageData struct {
	*search.Results
	// Prev and Next are the addresses of the neighbouring pages, "" when
	// there is none.
	Prev, Next string
}

// searchPage finds events (by name or city) and players (by name) in every
// event the reader may see, by the beginnings of their words; case and
// ё/е do not matter. Twenty hits a page.
func (h *handler) searchPage(c *gin.Context) error {
	page, err := core.PageParam(c)
	if err != nil {
		return err
	}
	found, err := h.Search.Search(c.Request.Context(), c.Query("q"), page)
	if err != nil {
		return err
	}
	data := searchPageData{Results: found}
	at := func(n int) string {
		return "/search?" + url.Values{"q": {found.Query}, "page": {strconv.Itoa(n)}}.Encode()
	}
	if page > 1 {
		data.Prev = at(page - 1)
	}
	if found.More {
		data.Next = at(page + 1)
	}
	h.Render(c, http.StatusOK, "search", "search.title", data)
	return nil
}
