package mail_test

import (
	"context"
	"strings"
	"testing"

	"adiukh/tournament/mail"
	"adiukh/tournament/mail/mailtest"
)

func TestParseURL(t *testing.T) {
	for _, tc := range []struct {
		in, addr, user, from, wantErr string
	}{
		{"smtp://mail.example.org?from=a@example.org", "mail.example.org:25", "", "a@example.org", ""},
		{"smtp://u:p@mail.example.org:587?from=a@example.org", "mail.example.org:587", "u", "a@example.org", ""},
		{"smtp://mail.example.org", "", "", "", "?from=address"},
		{"http://mail.example.org?from=a@example.org", "", "", "", "smtp://host:port"},
		{"smtp://?from=a@example.org", "", "", "", "names no mail server"},
	} {
		s, err := mail.ParseURL(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseURL(%q) error %v, want %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || s.Addr != tc.addr || s.User != tc.user || s.From != tc.from {
			t.Errorf("ParseURL(%q) = %+v, %v", tc.in, s, err)
		}
	}
}

func TestSendThroughSMTP(t *testing.T) {
	srv := mailtest.Start(t)
	m := &mail.SMTP{Addr: srv.Addr, From: "adiukh@example.org"}
	if err := m.Send(context.Background(), "player@example.org", "Ваш ход", "Ваш ход в партии.\nСрок: завтра."); err != nil {
		t.Fatal(err)
	}
	msgs := srv.Messages()
	if len(msgs) != 1 || msgs[0].From != "adiukh@example.org" || msgs[0].To[0] != "player@example.org" {
		t.Fatalf("received %+v", msgs)
	}
	data := msgs[0].Data
	for _, want := range []string{"Subject: =?utf-8?q?", "Content-Type: text/plain; charset=utf-8", "Ваш ход в партии.\r\nСрок: завтра."} {
		if !strings.Contains(data, want) {
			t.Errorf("the message lacks %q:\n%s", want, data)
		}
	}
	if err := m.Send(context.Background(), "x@example.org\r\nBcc: y@example.org", "s", "b"); err == nil {
		t.Error("a recipient with a line break was sent")
	}
}
