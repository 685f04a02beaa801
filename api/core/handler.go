package core

import "github.com/gin-gonic/gin"

// HandlerFunc does one request and returns the error to answer with, so a
// handler reads as decode, call, answer: the error is turned into a response
// once, by the wrapper that registers it.
type HandlerFunc func(c *gin.Context) error

// JSON registers fn under /api/v1: its error is answered as JSON.
func (h *Server) JSON(fn HandlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := fn(c); err != nil {
			h.FailJSON(c, err)
		}
	}
}

// Page registers fn as an HTML page: its error is answered as the
// error page (or the sign-in page for an anonymous reader).
func (h *Server) Page(fn HandlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := fn(c); err != nil {
			h.Fail(c, err)
		}
	}
}
