package apitest

import (
	"context"
	"regexp"
	"slices"
	"sync"
	"testing"
	"time"
)

// MailTray is a Mailer that keeps the mails it is given. The account
// service sends them from its queue after the request is answered, so a
// test waits for the one it expects (await).
type MailTray struct {
	mu   sync.Mutex
	sent []string // "to\nsubject\nbody"
}

func (m *MailTray) Send(_ context.Context, to, subject, body string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, to+"\n"+subject+"\n"+body)
	return nil
}

func (m *MailTray) Mails() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.sent)
}

// Await waits up to ten seconds for a mail that re matches and gives re's
// submatches in the newest such mail.
func (m *MailTray) Await(t testing.TB, re *regexp.Regexp) []string {
	t.Helper()
	return m.AwaitAfter(t, re, 0)
}

// AwaitAfter is await among the mails after the first seen.
func (m *MailTray) AwaitAfter(t testing.TB, re *regexp.Regexp, seen int) []string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; {
		sent := m.Mails()
		for i := len(sent) - 1; i >= seen; i-- {
			if sub := re.FindStringSubmatch(sent[i]); sub != nil {
				return sub
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no mail after the first %d matches %s within ten seconds; mails: %q", seen, re, sent)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
