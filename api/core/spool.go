package core

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

// spool is an answer larger than one kept answer may be (the PDN of a big
// event's games, tens of megabytes), written to a temporary file as it is
// made: the request making it and the requests waiting for it each send
// it from the file as it comes, at their own client's pace, so that a
// crowd asking for it makes it once and memory holds none of it (issue
// 65). The file is unlinked as soon as it is made: nothing else can open
// it, and the disk is given back when the last reader closes it.
type spool struct {
	file *os.File
	w    *bufio.Writer // the making's writes, sent to the file in pieces
	// header is the answer's head as its readers send it: the type and
	// the values the handler set before its body passed the bound.
	header http.Header

	mu     sync.Mutex
	size   int64         // the bytes in the file
	end    spoolEnd      // how the making ended, once it has
	grown  chan struct{} // closed when size or end changes, then replaced
	users  int           // the making and the readers: the file closes at 0
	closed bool
	// trailer holds the header values the handler set after the body
	// began (a PDN's skipped games), which its readers send as trailers.
	trailer http.Header
}

type spoolEnd int

const (
	spoolMaking spoolEnd = iota
	spoolMade
	spoolFailed
)

// spoolPiece is the size of the pieces a spool is written and read in:
// a PDN is written a game at a time, a few hundred bytes each.
const spoolPiece = 256 << 10

// errSpoolFailed is a spooled answer whose making failed: its readers cut
// their transfers rather than end a file that is not whole.
var errSpoolFailed = errors.New("the answer's making failed")

// newSpool starts a spool in the system's temporary folder (TMPDIR).
func newSpool(header http.Header) (*spool, error) {
	f, err := os.CreateTemp("", "adiukh-answer-*")
	if err != nil {
		return nil, err
	}
	if err := os.Remove(f.Name()); err != nil {
		_ = f.Close()
		return nil, err
	}
	s := &spool{file: f, header: header, grown: make(chan struct{}), users: 1}
	s.w = bufio.NewWriterSize(spoolFile{s}, spoolPiece)
	return s, nil
}

// spoolFile is the file of a spool as its making writes it: each piece
// written is told to the readers.
type spoolFile struct{ s *spool }

func (f spoolFile) Write(b []byte) (int, error) {
	n, err := f.s.file.Write(b)
	f.s.mu.Lock()
	f.s.size += int64(n)
	f.s.tell()
	f.s.mu.Unlock()
	return n, err
}

// tell wakes the readers waiting for more. The caller holds s.mu.
func (s *spool) tell() {
	close(s.grown)
	s.grown = make(chan struct{})
}

// Write is the making's write.
func (s *spool) Write(b []byte) (int, error) { return s.w.Write(b) }

// finish ends the making: made (with the trailer values set after the
// body began) when ok, else failed; the making's use of the file ends.
func (s *spool) finish(ok bool, trailer http.Header) {
	if ok && s.w.Flush() != nil {
		ok = false
	}
	s.mu.Lock()
	s.end, s.trailer = spoolFailed, trailer
	if ok {
		s.end = spoolMade
	}
	s.tell()
	s.mu.Unlock()
	s.release()
}

// use adds a reader, unless the file is closed already (every reader and
// the making done with it).
func (s *spool) use() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.users++
	return true
}

// release ends one use of the file, closing it after the last.
func (s *spool) release() {
	s.mu.Lock()
	s.users--
	last := s.users == 0
	s.closed = s.closed || last
	s.mu.Unlock()
	if last {
		_ = s.file.Close()
	}
}

// sendTo writes the answer's body to w as the making writes it, until the
// making ends: nil when the whole answer is sent, errSpoolFailed when the
// making failed, the error of ctx or of w when the reader left.
func (s *spool) sendTo(ctx context.Context, w flushWriter) error {
	piece := make([]byte, spoolPiece)
	var sent int64
	for {
		s.mu.Lock()
		size, end, grown := s.size, s.end, s.grown
		s.mu.Unlock()
		switch {
		case sent < size:
			n, err := s.file.ReadAt(piece[:min(int64(len(piece)), size-sent)], sent)
			if err != nil && !errors.Is(err, io.EOF) {
				return err
			}
			if _, err := w.Write(piece[:n]); err != nil {
				return err
			}
			w.Flush()
			sent += int64(n)
		case end == spoolMade:
			return nil
		case end == spoolFailed:
			return errSpoolFailed
		default:
			select {
			case <-grown:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
}

// trailers are the values the handler set in header after its body began:
// net/http sends a value named with http.TrailerPrefix after the body.
func trailers(header http.Header) http.Header {
	var t http.Header
	for name, values := range header {
		if strings.HasPrefix(name, http.TrailerPrefix) {
			if t == nil {
				t = http.Header{}
			}
			t[name] = values
		}
	}
	return t
}

// writeSpooled answers a request that waited for a spooled answer: its
// head, then its body as it is made, then its trailers. A making that
// failed cuts the transfer, as its maker's is: the reader must not take
// half a file for the whole.
func writeSpooled(c *gin.Context, s *spool) {
	defer s.release()
	hd := c.Writer.Header()
	for name, values := range s.header {
		hd[name] = values
	}
	hd["Cache-Control"] = noCache
	hd["Vary"] = varyOfPages
	c.Writer.WriteHeader(http.StatusOK)
	c.Writer.WriteHeaderNow()
	err := s.sendTo(c.Request.Context(), c.Writer)
	if errors.Is(err, errSpoolFailed) {
		panic(http.ErrAbortHandler)
	}
	if err != nil {
		c.Abort()
		return
	}
	s.mu.Lock()
	trailer := s.trailer
	s.mu.Unlock()
	for name, values := range trailer {
		hd[name] = values
	}
}
