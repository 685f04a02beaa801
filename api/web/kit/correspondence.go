package kit

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"adiukh/tournament/correspondence"
)

// AfterForm answers a form: a redirect to next after success; after a
// refused input the page again, rendered by render with the error next to
// its field.
func (k *Kit) AfterForm(c *gin.Context, next string, f *Form, err error, render func(f *Form, status int) error) error {
	if err == nil {
		c.Redirect(http.StatusSeeOther, next)
		return nil
	}
	if ferr := f.Fail(err, k.Translator(c)); ferr != nil {
		return ferr
	}
	return render(f, FormStatus(err))
}

// ReadStart reads a thematic start from a form into in, keeping what was
// typed in f: a correspondence section's settings and a live event's desk
// send it alike.
func ReadStart(c *gin.Context, f *Form, in *correspondence.SettingsInput) {
	if pos, ok := c.GetPostForm("start_position"); ok {
		in.StartPosition = &pos
		f.Values["start_position"] = pos
	}
	// A FEN of Russian draughts names the side to move: its form asks no
	// side.
	if side, ok := c.GetPostForm("start_side"); ok {
		in.StartSide = &side
		f.Values["start_side"] = side
	}
}
