package core

import "syscall"

// cork holds back (on) or sends (off) what the socket has that does not
// fill a segment: TCP_CORK.
func cork(raw syscall.RawConn, on bool) {
	if on {
		_ = raw.Control(corkOn)
	} else {
		_ = raw.Control(corkOff)
	}
}

// The functions cork runs on the socket, made once: a closure made per
// call would be allocated per answer.
var (
	corkOn  = setCork(1)
	corkOff = setCork(0)
)

func setCork(v int) func(fd uintptr) {
	return func(fd uintptr) { _ = syscall.SetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_CORK, v) }
}
