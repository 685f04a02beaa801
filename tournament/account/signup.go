package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// Mailer sends one plain-text mail; package mail's SMTP is one.
type Mailer interface {
	Send(ctx context.Context, to, subject, body string) error
}

// Sign-up's defences against scripts: a form filled faster than
// MinFillTime, with its hidden field filled or with a stamp the site did not
// sign, is answered as a real one and dropped, so that a script learns
// nothing from the answer. A form older than FormLife is sent again.
const (
	MinFillTime = 3 * time.Second
	FormLife    = 24 * time.Hour
	// ConfirmWithin is how long the confirmation link works.
	ConfirmWithin = 48 * time.Hour
)

// signUpKey and resetKey are the e-mails under which sign-ups and
// password reset requests are counted against the client's address by the
// limiter: every one counts as a failure of the pair (address, key), so an
// address gets a few free, then waits longer and longer; each kind is
// counted apart from sign-ins.
const (
	signUpKey = "\x00signup"
	resetKey  = "\x00reset"
)

// SignUpInput is what the sign-up form sends.
type SignUpInput struct {
	Email    string
	Password string
	Name     string
	Locale   string
	// From is the client's address, for the limits.
	From string
	// Trap is the hidden field only scripts fill; Stamp is the form's
	// SignUpStamp, which tells how long it took to fill in.
	Trap  string
	Stamp string
}

// SignUpStamp is the hidden value of a sign-up form shown now: the time,
// signed with the site's key, so that a script cannot claim to have taken
// its time by sending an earlier one.
func (s *Service) SignUpStamp() string {
	at := strconv.FormatInt(s.now().Unix(), 10)
	return at + "." + s.stampMAC(at)
}

func (s *Service) stampMAC(at string) string {
	m := hmac.New(sha256.New, s.formKey)
	m.Write([]byte(at))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// fillTime is how long ago the form of stamp was shown; false when this
// site did not sign the stamp.
func (s *Service) fillTime(stamp string) (time.Duration, bool) {
	at, mac, ok := strings.Cut(stamp, ".")
	if !ok || !hmac.Equal([]byte(mac), []byte(s.stampMAC(at))) {
		return 0, false
	}
	sec, err := strconv.ParseInt(at, 10, 64)
	if err != nil {
		return 0, false
	}
	return s.now().Sub(time.Unix(sec, 0)), true
}

// SignUp asks for a player account. With mail, the address gets a link
// that makes the account when followed; without, the sign-up waits for an
// administrator's approval. An address that is taken gets the same answer
// as a new one (its owner gets a mail instead), so that the form does not
// tell a stranger who has an account.
func (s *Service) SignUp(ctx context.Context, in SignUpInput) error {
	email, err := cleanEmail(in.Email)
	if err != nil {
		return err
	}
	name, err := cleanName(in.Name)
	if err != nil {
		return err
	}
	if strings.TrimSpace(name) == "" {
		return tournament.Invalid("name", "is required")
	}
	if n := utf8.RuneCountInString(in.Password); n < 8 {
		return tournament.Invalid("password", "a password needs at least 8 characters; this one has %d", n)
	}
	locale := in.Locale
	if locale != "en" {
		locale = "ru"
	}
	elapsed, signed := s.fillTime(in.Stamp)
	if in.Trap != "" || !signed || elapsed < MinFillTime {
		return nil
	}
	if elapsed > FormLife {
		return tournament.Invalid("started", "this form was opened more than %d hours ago; check it and send it again", int(FormLife.Hours()))
	}
	_, wait, err := s.limiter.reserve(ctx, signUpAttempt, in.From, pairKey(in.From, signUpKey))
	if err != nil {
		return err
	}
	if wait > 0 {
		return &WaitError{Err: tournament.TooMany("too many sign-ups from your address; try again in %d seconds", waitSeconds(wait)), Wait: wait}
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return err
	}
	su := &SignUp{Email: email, Name: name, PasswordHash: hash, Locale: locale, CreatedAt: s.now().UTC()}
	var token string
	if s.mailer != nil {
		if token, su.TokenHash, err = newToken(); err != nil {
			return err
		}
		su.ExpiresAt = s.now().Add(ConfirmWithin).UTC()
	}
	taken := false
	err = s.store.Update(ctx, func(tx Tx) error {
		if _, err := tx.UserByEmail(email); err == nil {
			taken = true
			return nil
		} else if tournament.ErrorCode(err) != tournament.ENOTFOUND {
			return err
		}
		old, err := tx.SignUpByEmail(email)
		switch {
		case err == nil && !old.ExpiresAt.IsZero() && !s.now().Before(old.ExpiresAt):
			// An expired link is replaced by the new sign-up.
			if err := tx.DeleteSignUp(old.ID); err != nil {
				return err
			}
		case err == nil:
			taken = true
			return nil
		case tournament.ErrorCode(err) != tournament.ENOTFOUND:
			return err
		}
		return tx.CreateSignUp(su)
	})
	if err != nil || s.mailer == nil {
		return err
	}
	l := catalog.For(catalog.Lang(locale))
	if taken {
		return s.mail("sign-up of a taken address", email, l.T("signup.mail.taken.subject"), l.T("signup.mail.taken.body", "Site", s.siteURL))
	}
	link := strings.TrimRight(s.siteURL, "/") + "/signup/confirm/" + token
	return s.mail("sign-up", email, l.T("signup.mail.confirm.subject"), l.T("signup.mail.confirm.body", "Name", name, "Link", link, "Hours", int(ConfirmWithin.Hours())))
}

// mail queues one mail (see outbox).
func (s *Service) mail(kind, to, subject, body string) error {
	return s.enqueue(kind, func(ctx context.Context) error {
		if err := s.mailer.Send(ctx, to, subject, body); err != nil {
			return fmt.Errorf("mail %s: %w", to, err)
		}
		return nil
	})
}

// ConfirmsByMail reports whether sign-ups are confirmed by a mailed link;
// otherwise an administrator approves them.
func (s *Service) ConfirmsByMail() bool { return s.mailer != nil }

// ConfirmSignUp makes the account of the sign-up whose link was followed,
// while the link works.
func (s *Service) ConfirmSignUp(ctx context.Context, token string) (*tournament.User, error) {
	var u *tournament.User
	err := s.store.Update(ctx, func(tx Tx) error {
		su, err := tx.SignUpByToken(hashToken(token))
		if tournament.ErrorCode(err) == tournament.ENOTFOUND || (err == nil && !s.now().Before(su.ExpiresAt)) {
			return tournament.Invalid("token", "this link does not work: it was used already or is older than %d hours; sign up again", int(ConfirmWithin.Hours()))
		}
		if err != nil {
			return err
		}
		u, err = s.admit(tx, su)
		if err != nil {
			return err
		}
		return s.audit(ctx, tx, AuditCreated, u, "", string(u.Role))
	})
	return u, err
}

// admit makes a sign-up a player account.
func (s *Service) admit(tx Tx, su *SignUp) (*tournament.User, error) {
	u := &tournament.User{Email: su.Email, Name: su.Name, Role: tournament.PlayerRole, PasswordHash: su.PasswordHash, Locale: su.Locale, CreatedAt: s.now().UTC()}
	if err := tx.DeleteSignUp(su.ID); err != nil {
		return nil, err
	}
	if err := tx.CreateUser(u); err != nil {
		return nil, err
	}
	return u, nil
}

// SignUps lists the sign-ups waiting, for an administrator.
func (s *Service) SignUps(ctx context.Context) ([]SignUp, error) {
	if err := mayAdminister(ctx); err != nil {
		return nil, err
	}
	var out []SignUp
	err := s.store.View(ctx, func(tx Tx) (err error) {
		out, err = tx.SignUps()
		return err
	})
	return out, err
}

// ApproveSignUp makes a waiting sign-up an account (an administrator's
// decision on a site without mail); approve false drops it.
func (s *Service) ApproveSignUp(ctx context.Context, id int64, approve bool) error {
	if err := mayAdminister(ctx); err != nil {
		return err
	}
	return s.store.Update(ctx, func(tx Tx) error {
		all, err := tx.SignUps()
		if err != nil {
			return err
		}
		for i := range all {
			if all[i].ID != id {
				continue
			}
			if !approve {
				if err := tx.DeleteSignUp(id); err != nil {
					return err
				}
				return s.audit(ctx, tx, AuditSignUpDeclined, &tournament.User{Email: all[i].Email}, "", "")
			}
			u, err := s.admit(tx, &all[i])
			if err != nil {
				return err
			}
			return s.audit(ctx, tx, AuditSignUpApproved, u, "", string(u.Role))
		}
		return tournament.NotFound("sign-up %d not found", id)
	})
}
