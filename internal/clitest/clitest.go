// Package clitest runs a command line's cases in tests: arguments in, exit
// status and what it printed out.
package clitest

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// Case is one command line and what it must do: exit with Code, print Out
// somewhere on standard output and ErrOut somewhere on standard error ("":
// anything).
type Case struct {
	Name        string
	Args        []string
	Code        int
	Out, ErrOut string
}

// Run runs each case through run, a command's entry point, as a subtest.
func Run(t *testing.T, run func(args []string, stdout, stderr io.Writer) int, cases []Case) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(tc.Args, &out, &errOut)
			if code != tc.Code || !strings.Contains(out.String(), tc.Out) || !strings.Contains(errOut.String(), tc.ErrOut) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q",
					code, out.String(), errOut.String(), tc.Code, tc.Out, tc.ErrOut)
			}
		})
	}
}
