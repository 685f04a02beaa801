package api

import "github.com/gin-gonic/gin"

// handlerFunc does one request and returns the error to answer with, so a
// handler reads as decode, call, answer: the error is turned into a response
// once, by the wrapper that registers it.
type handlerFunc func(c *gin.Context) error

// jsonHandler registers fn under /api/v1: its error is answered as JSON.
func (h *handler) jsonHandler(fn handlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := fn(c); err != nil {
			h.failJSON(c, err)
		}
	}
}

// pageHandler registers fn as an HTML page: its error is answered as the
// error page (or the sign-in page for an anonymous reader).
func (h *handler) pageHandler(fn handlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := fn(c); err != nil {
			h.failHTML(c, err)
		}
	}
}
