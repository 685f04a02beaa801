package core

import (
	"context"
	"net"
	"syscall"

	"adiukh/internal/connlimit"
)

// connKey holds, in the context of a connection's requests, the raw socket
// of the connection (ConnContext).
type connKey struct{}

// ConnContext is the http.Server's ConnContext: it keeps the raw socket of
// a TCP connection in the context of its requests, so that a kept page can
// leave in one piece (sendInOnePiece). Any other connection (TLS, a test's
// pipe) is kept out, and its answers are written as they come. A
// connection the connection limits' listener let in is its TCP socket
// wrapped: the socket is under it (without this, no answer of `adiukh
// serve` was corked).
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	tc, ok := connlimit.Socket(c).(*net.TCPConn)
	if !ok {
		return ctx
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		return ctx
	}
	return context.WithValue(ctx, connKey{}, raw)
}

// The bodies sendInOnePiece sends in one piece: from the size at which
// net/http writes an answer in two (it buffers the head and the body in
// 4 KB, and sends the buffer when it is full and again at the end), to
// the size beyond which holding the answer back cost more than it saved
// (a 160 KB page took half as much CPU again per request, corked, on
// loopback: docs/benchmarks.md, issue 48.4).
const (
	onePieceFrom = 3 << 10
	onePieceTill = 32 << 10
)

// flushWriter is what sendInOnePiece writes to: gin's writer.
type flushWriter interface {
	Write([]byte) (int, error)
	Flush()
}

// sendInOnePiece writes body, the whole answer after the head, and sends
// the head and body together: net/http writes a body over about 4 KB with
// two system calls, each of which sends what it has, so that the client
// (and on loopback the server's own core, which delivers it) handles two
// pieces per answer. The socket is corked while the answer is written and
// flushed, and uncorked after, which sends it at once.
func sendInOnePiece(ctx context.Context, w flushWriter, body []byte) {
	raw, _ := ctx.Value(connKey{}).(syscall.RawConn)
	if raw == nil || len(body) < onePieceFrom || len(body) > onePieceTill {
		_, _ = w.Write(body)
		return
	}
	cork(raw, true)
	_, _ = w.Write(body)
	w.Flush()
	cork(raw, false)
}
