package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"slices"
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

// Sign-up's defences against scripts: a form with its hidden field filled
// or with a stamp the site did not sign is answered as a real one and
// dropped, so that a script learns nothing from the answer. A form sent
// back faster than MinFillTime (a browser that filled it in by itself) is
// refused with the reason, to be sent again: told it was accepted, a
// person waited for a mail that never came (issue 60). A form older than
// FormLife is sent again too.
const (
	MinFillTime = 3 * time.Second
	FormLife    = 24 * time.Hour
	// ConfirmWithin is how long the confirmation link works; a sign-up
	// not confirmed by then is deleted.
	ConfirmWithin = 24 * time.Hour
)

// resetKey is the e-mail under which password reset requests are counted
// against the client's address by the limiter: every one counts as a
// failure of the pair (address, key), so an address gets a few free, then
// waits longer and longer, counted apart from sign-ins. Sign-ups are
// counted by a window of their own (Limits.SignUpsPerAddress).
const resetKey = "\x00reset"

// SignUpInput is what the sign-up form sends.
type SignUpInput struct {
	Email string
	// Password is asked only on a site without mail: with mail, whoever
	// follows the link chooses it (ConfirmSignUp).
	Password string
	// Names asks the surname and given names (and an optional
	// patronymic): a person of the register is created from them as they
	// are.
	Names
	Locale string
	// From is the client's address as the per-address limits count it
	// (an IPv6 client by its /64: the HTTP layer's key of the address).
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
// whose follower chooses the password and so makes the account: nobody
// but the address's owner can, and a sign-up of an address not yet
// confirmed replaces the earlier one, whose link stops working. Without
// mail, the sign-up (with its password) waits for an administrator's
// approval. An address that is taken gets the same answer as a new one
// (its owner gets a mail instead), so that the form does not tell a
// stranger who has an account.
func (s *Service) SignUp(ctx context.Context, in SignUpInput) error {
	email, err := cleanEmail(in.Email)
	if err != nil {
		return err
	}
	if in.Name != "" {
		return tournament.Invalid("name", "give the surname and the given names apart")
	}
	names, err := in.Names.clean()
	if err != nil {
		return err
	}
	if !names.inParts() {
		return tournament.JoinInvalid([]error{tournament.Invalid("surname", "is required"), tournament.Invalid("given_names", "is required")})
	}
	name := names.Name
	byMail := s.mailer != nil
	if n := utf8.RuneCountInString(in.Password); !byMail && n < 8 {
		return tournament.Invalid("password", "a password needs at least 8 characters; this one has %d", n)
	}
	locale := in.Locale
	if locale != "en" {
		locale = "ru"
	}
	elapsed, signed := s.fillTime(in.Stamp)
	if in.Trap != "" || !signed {
		return nil
	}
	if elapsed < MinFillTime {
		return tournament.Invalid("started", "this form was sent within %d seconds of opening it, faster than a person types; check it and send it again", int(MinFillTime.Seconds()))
	}
	if elapsed > FormLife {
		return tournament.Invalid("started", "this form was opened more than %d hours ago; check it and send it again", int(FormLife.Hours()))
	}
	lim := s.limiter.limits
	wait, err := s.limiter.reserveInWindow(ctx, signUpAttempt, in.From, lim.SignUpsPerAddress, lim.SignUpWindow)
	if err != nil {
		return err
	}
	if wait > 0 {
		return &WaitError{Err: tournament.TooMany("too many sign-ups from your address; try again in %d seconds", waitSeconds(wait)), Wait: wait}
	}
	now := s.now().UTC()
	su := &SignUp{Email: email, Name: name, Surname: names.Surname, GivenNames: names.GivenNames, Patronymic: names.Patronymic, Locale: locale, CreatedAt: now}
	var token string
	if byMail {
		if token, su.TokenHash, err = newToken(); err != nil {
			return err
		}
		su.ExpiresAt = now.Add(ConfirmWithin)
	} else if su.PasswordHash, err = s.hashPassword(ctx, in.Password); err != nil {
		return err
	}
	taken := false
	err = s.store.Update(ctx, func(tx Tx) error {
		if _, err := tx.UserByEmail(email); err == nil {
			taken = true
			return nil
		} else if tournament.ErrorCode(err) != tournament.ENOTFOUND {
			return err
		}
		if err := tx.DeleteSignUpsExpiredBy(now); err != nil {
			return err
		}
		old, err := tx.SignUpByEmail(email)
		switch {
		case err == nil && byMail:
			// Only the newest link works, and only its follower sets
			// the password: an earlier sign-up, perhaps a stranger's
			// with a password of theirs, is gone.
			if err := tx.DeleteSignUp(old.ID); err != nil {
				return err
			}
		case err == nil:
			// An administrator decides on the first one.
			taken = true
			return nil
		case tournament.ErrorCode(err) != tournament.ENOTFOUND:
			return err
		}
		return tx.CreateSignUp(su)
	})
	if err != nil || !byMail {
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

// CheckSignUp tells whether a confirmation link works, before its form is
// shown, and gives the names the sign-up was made with: a used, replaced
// or expired link is EINVALID.
func (s *Service) CheckSignUp(ctx context.Context, token string) (names Names, err error) {
	err = s.store.View(ctx, func(tx Tx) error {
		su, err := s.liveSignUp(tx, token)
		if err == nil {
			names = su.names()
		}
		return err
	})
	return names, err
}

// names are the names a sign-up was made with.
func (su *SignUp) names() Names {
	return Names{Name: su.Name, Surname: su.Surname, GivenNames: su.GivenNames, Patronymic: su.Patronymic}
}

// liveSignUp is the sign-up of a confirmation link that works.
func (s *Service) liveSignUp(tx Tx, token string) (*SignUp, error) {
	su, err := tx.SignUpByToken(hashToken(token))
	switch {
	case tournament.ErrorCode(err) == tournament.ENOTFOUND:
		return nil, tournament.Invalid("token", "this link does not work: it was used already, or a newer sign-up with the address replaced it; sign up again")
	case err != nil:
		return nil, err
	case !s.now().Before(su.ExpiresAt):
		return nil, tournament.Invalid("token", "this link expired on %s: a link works %d hours; sign up again", tournament.UTC(su.ExpiresAt), int(ConfirmWithin.Hours()))
	}
	return su, nil
}

// ConfirmInput is what the confirmation link's form sends: the names (the
// sign-up's unless changed; none keeps them) and the password the
// follower chooses.
type ConfirmInput struct {
	Token string
	Names
	Password string
}

// ConfirmSignUp makes the account of the sign-up whose link was followed,
// while the link works, with the password its follower chooses now: the
// address's owner is the one who can follow it, so nobody else's password
// opens the account. An expired sign-up is refused and deleted.
func (s *Service) ConfirmSignUp(ctx context.Context, in ConfirmInput) (*tournament.User, error) {
	if in.Name != "" {
		return nil, tournament.Invalid("name", "give the surname and the given names apart")
	}
	names, err := in.Names.clean()
	if err != nil {
		return nil, err
	}
	if n := utf8.RuneCountInString(in.Password); n < 8 {
		return nil, tournament.Invalid("password", "a password needs at least 8 characters; this one has %d", n)
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return nil, err
	}
	var u *tournament.User
	var refused error
	err = s.store.Update(ctx, func(tx Tx) error {
		su, err := s.liveSignUp(tx, in.Token)
		if tournament.ErrorCode(err) == tournament.EINVALID {
			// Committed, so that an expired sign-up is cleaned away.
			refused = err
			return tx.DeleteSignUpsExpiredBy(s.now().UTC())
		}
		if err != nil {
			return err
		}
		if !names.empty() {
			su.Name, su.Surname, su.GivenNames, su.Patronymic = names.Name, names.Surname, names.GivenNames, names.Patronymic
		}
		su.PasswordHash = hash
		if u, err = s.admit(tx, su); err != nil {
			return err
		}
		return s.audit(ctx, tx, AuditCreated, u, "", string(u.Role))
	})
	if err == nil {
		err = refused
	}
	if err != nil {
		return nil, err
	}
	return u, nil
}

// admit makes a sign-up a player account.
func (s *Service) admit(tx Tx, su *SignUp) (*tournament.User, error) {
	u := &tournament.User{Email: su.Email, Role: tournament.PlayerRole, PasswordHash: su.PasswordHash, Locale: su.Locale, CreatedAt: s.now().UTC()}
	su.names().set(u)
	if err := tx.DeleteSignUp(su.ID); err != nil {
		return nil, err
	}
	if err := tx.CreateUser(u); err != nil {
		return nil, err
	}
	return u, nil
}

// SignUps lists the sign-ups waiting for an administrator, for an
// administrator. Those waiting for their link to be followed are not
// theirs to approve: they have no password yet, and approving one would
// let a stranger's sign-up have the address.
func (s *Service) SignUps(ctx context.Context) ([]SignUp, error) {
	if err := mayAdminister(ctx); err != nil {
		return nil, err
	}
	var out []SignUp
	err := s.store.View(ctx, func(tx Tx) (err error) {
		out, err = waitingForAdmin(tx)
		return err
	})
	return out, err
}

// waitingForAdmin lists the sign-ups made without a mailed link.
func waitingForAdmin(tx Tx) ([]SignUp, error) {
	all, err := tx.SignUps()
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(all, func(su SignUp) bool { return su.TokenHash != "" }), nil
}

// ApproveSignUp makes a waiting sign-up an account (an administrator's
// decision on a site without mail); approve false drops it.
func (s *Service) ApproveSignUp(ctx context.Context, id int64, approve bool) error {
	if err := mayAdminister(ctx); err != nil {
		return err
	}
	return s.store.Update(ctx, func(tx Tx) error {
		all, err := waitingForAdmin(tx)
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
