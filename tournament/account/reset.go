package account

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// ResetWithin is how long a password reset link works.
const ResetWithin = time.Hour

// PasswordReset is a link mailed to an account's address that sets a new
// password once. Only the hash of its token is kept.
type PasswordReset struct {
	ID        int64
	UserID    int64
	TokenHash string
	ExpiresAt time.Time
	CreatedAt time.Time
}

// RequestPasswordReset mails a link that sets a new password to the
// account with that address, on a site with mail. An address without an
// account gets the same answer and no mail, so that the form does not tell
// a stranger who has an account: the request only checks the address and
// the limits and queues the work, the same for any address, and the queue's
// worker looks the account up, makes the link and mails it (see outbox).
// Requests are limited per client address as sign-ups are, and a new link
// replaces the account's earlier ones.
func (s *Service) RequestPasswordReset(ctx context.Context, email, from string) error {
	if s.mailer == nil {
		return tournament.Invalid("email", "this site sends no mail: ask an administrator for a new password")
	}
	email, err := cleanEmail(email)
	if err != nil {
		return err
	}
	_, wait, err := s.limiter.reserve(ctx, resetAttempt, from, pairKey(from, resetKey))
	if err != nil {
		return err
	}
	if wait > 0 {
		return &WaitError{Err: tournament.TooMany("too many password reset requests from your address; try again in %d seconds", waitSeconds(wait)), Wait: wait}
	}
	return s.enqueue("password reset", func(ctx context.Context) error { return s.mailPasswordReset(ctx, email) })
}

// mailPasswordReset makes a reset link for the account with that address
// and mails it; an address without an account gets nothing.
func (s *Service) mailPasswordReset(ctx context.Context, email string) error {
	token, hash, err := newToken()
	if err != nil {
		return err
	}
	var u *tournament.User
	err = s.store.Update(ctx, func(tx Tx) error {
		if u, err = tx.UserByEmail(email); err != nil {
			return err
		}
		if err := tx.DeletePasswordResets(u.ID); err != nil {
			return err
		}
		now := s.now().UTC()
		return tx.CreatePasswordReset(&PasswordReset{UserID: u.ID, TokenHash: hash, ExpiresAt: now.Add(ResetWithin), CreatedAt: now})
	})
	if tournament.ErrorCode(err) == tournament.ENOTFOUND {
		return nil
	}
	if err != nil {
		return err
	}
	l := catalog.For(catalog.Lang(u.Locale))
	link := strings.TrimRight(s.siteURL, "/") + "/password-reset/" + token
	if err := s.mailer.Send(ctx, email, l.T("passwordreset.mail.subject"),
		l.T("passwordreset.mail.body", "Link", link, "Minutes", int(ResetWithin.Minutes()), "Site", s.siteURL)); err != nil {
		return fmt.Errorf("mail %s: %w", email, err)
	}
	return nil
}

// CheckPasswordReset tells whether a reset link works, before its form is
// shown: a used, replaced or expired link is EINVALID.
func (s *Service) CheckPasswordReset(ctx context.Context, token string) error {
	return s.store.View(ctx, func(tx Tx) error {
		_, err := s.liveReset(tx, token)
		return err
	})
}

func (s *Service) liveReset(tx Tx, token string) (*PasswordReset, error) {
	r, err := tx.PasswordResetByHash(hashToken(token))
	if tournament.ErrorCode(err) == tournament.ENOTFOUND || (err == nil && !s.now().Before(r.ExpiresAt)) {
		return nil, tournament.Invalid("token", "this link does not work: it was used, replaced by a newer one or is older than %d minutes; ask for a new one", int(ResetWithin.Minutes()))
	}
	return r, err
}

// ResetPasswordWithLink sets a new password with a mailed link, once: the
// link stops working, every web sign-in and API token of the account ends,
// and the change is in the account audit log. The owner signs in with the
// new password.
func (s *Service) ResetPasswordWithLink(ctx context.Context, token, password string) (*tournament.User, error) {
	if n := utf8.RuneCountInString(password); n < 8 {
		return nil, tournament.Invalid("password", "a password needs at least 8 characters; this one has %d", n)
	}
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return nil, err
	}
	var u *tournament.User
	err = s.store.Update(ctx, func(tx Tx) error {
		r, err := s.liveReset(tx, token)
		if err != nil {
			return err
		}
		if u, err = tx.UserByID(r.UserID); err != nil {
			return err
		}
		if err := tx.DeletePasswordResets(u.ID); err != nil {
			return err
		}
		if err := tx.SetPasswordHash(u.ID, hash); err != nil {
			return err
		}
		if _, err := tx.DeleteSessions(u.ID, time.Time{}); err != nil {
			return err
		}
		asOwner := tournament.NewContextWithUser(ctx, u)
		if err := s.revokeTokens(asOwner, tx, u); err != nil {
			return err
		}
		return s.audit(asOwner, tx, AuditPasswordReset, u, "", "")
	})
	return u, err
}
