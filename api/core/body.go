package core

import (
	"bytes"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"
)

// heldBodyBytes is how much of a document SendBody holds before it sends
// any: a document that fails within it (most fail before their first
// byte: no such event, a round not paired) is answered as an error, and
// one that fits is sent with its length.
const heldBodyBytes = 1 << 20

// SendBody answers with the body render writes, of type contentType,
// as it is written: it holds the first heldBodyBytes, then sends them and
// the rest as they come, so that a document of tens of megabytes (a big
// event's PDN) costs no more memory than that (issue 65). It returns
// render's error when nothing was sent yet, for the handler to answer;
// after that, an error cuts the transfer (http.ErrAbortHandler), so that
// the reader sees a failed download, never half a file for the whole.
func SendBody(c *gin.Context, contentType string, render func(w io.Writer) error) error {
	w := &heldBody{c: c, contentType: contentType}
	if err := render(w); err != nil {
		if w.sending {
			panic(http.ErrAbortHandler)
		}
		return err
	}
	if !w.sending {
		c.Data(http.StatusOK, contentType, w.held.Bytes())
	}
	return nil
}

// heldBody is SendBody's writer: a buffer until it holds heldBodyBytes.
type heldBody struct {
	c           *gin.Context
	contentType string
	held        bytes.Buffer
	sending     bool
}

func (w *heldBody) Write(p []byte) (int, error) {
	if !w.sending && w.held.Len()+len(p) <= heldBodyBytes {
		return w.held.Write(p)
	}
	if !w.sending {
		w.sending = true
		w.c.Header("Content-Type", w.contentType)
		w.c.Writer.WriteHeader(http.StatusOK)
		if _, err := w.c.Writer.Write(w.held.Bytes()); err != nil {
			return 0, err
		}
		w.held = bytes.Buffer{}
	}
	return w.c.Writer.Write(p)
}

// HeaderAfterBody sets a header value a handler knows only once its body
// is written (a PDN's skipped games): a header while nothing is sent yet,
// else a trailer, which net/http sends after the body.
func HeaderAfterBody(c *gin.Context, name, value string) {
	if c.Writer.Written() {
		name = http.TrailerPrefix + name
	}
	c.Header(name, value)
}
