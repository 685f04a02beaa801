package core

import (
	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"time"

	"github.com/gin-gonic/gin"
)

// Lang is the reader's language: ?lang= (remembered in a cookie), the
// cookie, the signed-in user's choice, the browser's Accept-Language, then
// Russian. A reader's own choice always beats what the browser asks for.
func (h *Server) Lang(c *gin.Context) catalog.Lang {
	if l, ok := c.Get(langKey); ok {
		return l.(catalog.Lang)
	}
	if c.Request.URL.RawQuery != "" { // (gin would parse an empty one, to find no lang in it)
		if l, ok := catalog.Parse(c.Query("lang")); ok {
			SetCookie(c, LangCookie, string(l), 365*24*time.Hour)
			return l
		}
	}
	if v, err := c.Cookie(LangCookie); err == nil {
		if l, ok := catalog.Parse(v); ok {
			return l
		}
	}
	if u := tournament.UserFromContext(c.Request.Context()); u != nil {
		if l, ok := catalog.Parse(u.Locale); ok {
			return l
		}
	}
	if l, ok := catalog.FromAcceptLanguage(c.GetHeader("Accept-Language")); ok {
		return l
	}
	return catalog.Russian
}

// langKey holds the language ?lang= asked for when the page cache has
// taken the parameter off the address the handler sees.
const langKey = "adiukh.lang"
