// Package mail sends notifications by e-mail through an SMTP server. It is
// the e-mail adapter of correspondence.Mailer and knows nothing of what the
// messages say.
package mail

import (
	"context"
	"fmt"
	"mime"
	"net"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// SMTP sends mail through one server.
type SMTP struct {
	Addr     string // host:port
	User     string
	Password string
	From     string
	// Now dates the messages; time.Now when nil.
	Now func() time.Time
}

// ParseURL reads smtp://[user[:password]@]host[:port]?from=address; the
// port is 25 when not given.
func ParseURL(raw string) (*SMTP, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%q is not a URL: %w", raw, err)
	}
	if u.Scheme != "smtp" {
		return nil, fmt.Errorf("write smtp://host:port?from=address, not %q", raw)
	}
	if u.Hostname() == "" {
		return nil, fmt.Errorf("%q names no mail server", raw)
	}
	s := &SMTP{Addr: u.Host, From: u.Query().Get("from")}
	if u.Port() == "" {
		s.Addr = net.JoinHostPort(u.Hostname(), "25")
	}
	if s.From == "" {
		return nil, fmt.Errorf("%q: add ?from=address, the sender of the notifications", raw)
	}
	if u.User != nil {
		s.User = u.User.Username()
		s.Password, _ = u.User.Password()
	}
	return s, nil
}

// Send sends one plain-text message. net/smtp upgrades to TLS when the
// server offers STARTTLS and sends a password only over TLS or to localhost.
func (s *SMTP) Send(ctx context.Context, to, subject, body string) error {
	if strings.ContainsAny(to, "\r\n") || strings.ContainsAny(subject, "\r\n") {
		return fmt.Errorf("a header line break in the recipient or subject")
	}
	var auth smtp.Auth
	if s.User != "" {
		host, _, _ := net.SplitHostPort(s.Addr)
		auth = smtp.PlainAuth("", s.User, s.Password, host)
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	msg := strings.Join([]string{
		"From: " + s.From,
		"To: " + to,
		"Subject: " + mime.QEncoding.Encode("utf-8", subject),
		"Date: " + now().Format(time.RFC1123Z),
		"MIME-Version: 1.0",
		"Content-Type: text/plain; charset=utf-8",
		"Content-Transfer-Encoding: 8bit",
		"",
		strings.ReplaceAll(body, "\n", "\r\n"),
		"",
	}, "\r\n")
	done := make(chan error, 1)
	go func() { done <- smtp.SendMail(s.Addr, auth, s.From, []string{to}, []byte(msg)) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
