package composition_test

import (
	"context"
	"syscall"
	"testing"

	"adiukh/tournament/composition"
)

// A solver run goes at a lower priority than the web's threads: the
// kernel gives a page the core first. (Linux's getpriority answers
// 20 - nice: the lower, the nicer.)
func TestWorkRunsBelowTheWeb(t *testing.T) {
	t.Parallel()
	web, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		t.Fatal(err)
	}
	var work int
	q := composition.NewWorkQueue(composition.WorkLimits{})
	err = q.Do(context.Background(), 1, func(context.Context) error {
		work, err = syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if work >= web {
		t.Errorf("the job ran at priority %d, the web's thread at %d: want the job below", work, web)
	}
	defer func() {
		if recover() == nil {
			t.Error("a job's panic did not reach its caller")
		}
	}()
	_ = q.Do(context.Background(), 1, func(context.Context) error { panic("the solver failed") })
}
