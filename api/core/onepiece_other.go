//go:build !linux

package core

import "syscall"

// cork does nothing but on Linux: the answer is written as net/http writes it.
func cork(syscall.RawConn, bool) {}
