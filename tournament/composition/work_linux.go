package composition

import (
	"context"
	"runtime"
	"syscall"
)

// workNice is the scheduling priority of the threads that run the
// expensive jobs: below the web's (0), so that the kernel gives a page or
// a move the core first when both want it.
const workNice = 10

// belowTheWeb runs job on an OS thread of its own at workNice. The thread
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
		_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), workNice)
		done <- outcome{err: job(ctx)}
	}()
	o := <-done
	if o.panicked != nil {
		panic(o.panicked)
	}
	return o.err
}
