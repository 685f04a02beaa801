package composition

import (
	"context"
	"runtime"
	"syscall"
)

// workNice is how much nicer than the web's threads the threads that run
// the expensive jobs are, so that the kernel gives a page or a move the
// core first when both want it; a server started under nice keeps them
// below its own.
const workNice = 10

// maxNice is the nicest a Linux thread may be.
const maxNice = 19

// belowTheWeb runs job on an OS thread of its own, workNice below the
// caller's priority (at the nicest, maxNice). The thread
// is never handed back to the runtime: it ends with the job's goroutine,
// its priority with it.
// A panic of the job is raised again in the caller's goroutine, where the
// server's recovery answers it as it would any other.
func belowTheWeb(ctx context.Context, job func(context.Context) error) error {
	type outcome struct {
		err      error
		panicked any
	}
	done := make(chan outcome, 1)
	go func() {
		runtime.LockOSThread() // not unlocked: the thread exits with this goroutine
		defer func() {
			if p := recover(); p != nil {
				done <- outcome{panicked: p}
			}
		}()
		// Linux sets a thread's priority by its ID; a failure leaves the
		// job at the web's priority, which the worker limit still bounds.
		// getpriority answers 20 - nice.
		if web, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid()); err == nil {
			_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), min(20-web+workNice, maxNice))
		}
		done <- outcome{err: job(ctx)}
	}()
	o := <-done
	if o.panicked != nil {
		panic(o.panicked)
	}
	return o.err
}
