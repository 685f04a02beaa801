package main

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"time"
)

// The server's log leaves in batches: the line each request logs cost
// the request a system call of its own, about a tenth of the CPU of a
// kept page (issue 48.4). Lines wait at most logBatchDelay, or until
// logBatchBytes have gathered; a warning or an error goes out at once,
// with the lines before it, and so does all that is left when the server
// stops. A process killed outright loses the lines of its last moments.
const (
	logBatchDelay = 10 * time.Millisecond
	logBatchBytes = 64 << 10
)

// logBatch gathers what is written to it and writes it to out in batches.
type logBatch struct {
	out     io.Writer
	writing sync.Mutex // held while a batch is written: batches keep their order
	mu      sync.Mutex // guards the fields below
	lines   []byte
	spare   []byte // the buffer of the batch written last, for the next
	closed  bool
	timer   *time.Timer
}

func newLogBatch(out io.Writer) *logBatch {
	b := &logBatch{out: out}
	b.timer = time.AfterFunc(time.Hour, b.Flush)
	b.timer.Stop()
	return b
}

// Write keeps a copy of p for the next batch.
func (b *logBatch) Write(p []byte) (int, error) {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		// After the last batch, and never in the middle of one.
		b.writing.Lock()
		defer b.writing.Unlock()
		return b.out.Write(p)
	}
	if len(b.lines) == 0 {
		b.timer.Reset(logBatchDelay)
	}
	b.lines = append(b.lines, p...)
	full := len(b.lines) >= logBatchBytes
	b.mu.Unlock()
	if full {
		b.Flush()
	}
	return len(p), nil
}

// Flush writes what has gathered.
func (b *logBatch) Flush() {
	b.writing.Lock()
	defer b.writing.Unlock()
	b.mu.Lock()
	lines := b.lines
	b.lines, b.spare = b.spare[:0], nil
	b.mu.Unlock()
	if len(lines) == 0 {
		return
	}
	_, _ = b.out.Write(lines) // the log has nowhere to say that it failed
	b.mu.Lock()
	if cap(lines) <= 4*logBatchBytes {
		b.spare = lines
	}
	b.mu.Unlock()
}

// Close writes what has gathered; what comes later is written at once.
func (b *logBatch) Close() {
	b.mu.Lock()
	b.closed = true
	b.mu.Unlock()
	b.timer.Stop()
	b.Flush()
}

// atOnceFrom is h writing to b, with the batch sent as soon as a record of
// level or above is in it.
func (b *logBatch) atOnceFrom(level slog.Level, h slog.Handler) slog.Handler {
	return urgentLines{Handler: h, batch: b, level: level}
}

type urgentLines struct {
	slog.Handler
	batch *logBatch
	level slog.Level
}

func (u urgentLines) Handle(ctx context.Context, r slog.Record) error {
	err := u.Handler.Handle(ctx, r)
	if r.Level >= u.level {
		u.batch.Flush()
	}
	return err
}

func (u urgentLines) WithAttrs(attrs []slog.Attr) slog.Handler {
	return urgentLines{Handler: u.Handler.WithAttrs(attrs), batch: u.batch, level: u.level}
}

func (u urgentLines) WithGroup(name string) slog.Handler {
	return urgentLines{Handler: u.Handler.WithGroup(name), batch: u.batch, level: u.level}
}
