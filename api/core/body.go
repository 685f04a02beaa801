package core

import (
	"bytes"
	"io"
	"net/http"
	"runtime"

	"github.com/gin-gonic/gin"
)

// heldBodyBytes is how much of a document SendBody holds before it sends
// any: a document that fails within it (most fail before their first
// byte: no such event, a round not paired) is answered as an error, and
// one that fits is sent with its length.
const heldBodyBytes = 1 << 20

// makingDocuments bounds the documents made at once to the cores: a big
// event's document takes seconds of CPU and a few hundred megabytes while
// it is made (its games, its PDF's pages), and more of them at once than
// the cores finish no sooner but hold that memory each: four at once
// held a server of two 4,096-player events near a gigabyte (issue 65.3,
// scripts/memory-of-huge-events). The others wait their turn.
var makingDocuments = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))

// SendBody answers with the body render writes, of type contentType,
// as it is written: it holds the first heldBodyBytes, then sends them and
// the rest as they come, so that a document of tens of megabytes (a big
// event's PDN) costs no more memory than that (issue 65). It returns
// render's error when nothing was sent yet, for the handler to answer;
// after that, an error cuts the transfer (http.ErrAbortHandler), so that
// the reader sees a failed download, never half a file for the whole.
func SendBody(c *gin.Context, contentType string, render func(w io.Writer) error) error {
	select {
	case makingDocuments <- struct{}{}:
	case <-c.Request.Context().Done():
		return c.Request.Context().Err()
	}
	defer func() { <-makingDocuments }()
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
