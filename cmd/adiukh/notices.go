package main

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/correspondence"
)

// noticeSendWithin bounds one notice's delivery: a slow mail server must
// not hold anything up.
const noticeSendWithin = 30 * time.Second

// noticeMailer words the domain's notices in each person's language and
// mails them, outside the request that made them; links start with the
// site's public address. Without mail nothing is sent: the pages tell.
func noticeMailer(mailer correspondence.Mailer, publicURL string, log *slog.Logger) tournament.Notifier {
	if mailer == nil {
		return nil
	}
	return func(ctx context.Context, n tournament.Notice) {
		subject, body := noticeText(n, publicURL)
		go func() {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), noticeSendWithin)
			defer cancel()
			if err := mailer.Send(ctx, n.To, subject, body); err != nil {
				log.Warn("mail a notice", "kind", n.Kind, "err", err)
			}
		}()
	}
}

// noticeText is a notice's subject and body in its reader's language, its
// Link made absolute with the site's address.
func noticeText(n tournament.Notice, publicURL string) (subject, body string) {
	lang, _ := catalog.Parse(n.Locale)
	l := catalog.For(lang)
	args := append([]any(nil), n.Args...)
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == "Link" {
			args[i+1] = strings.TrimRight(publicURL, "/") + args[i+1].(string)
		}
	}
	return l.T("notice.subject."+n.Kind, args...), l.T("notice.body."+n.Kind, args...)
}
