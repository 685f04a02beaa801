package account

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"adiukh/tournament"
)

const (
	// SessionTTL is how long a web sign-in lasts.
	SessionTTL = 14 * 24 * time.Hour
	// DefaultTokenTTL is the life of an API token when none is asked for;
	// MaxTokenTTL the longest one may ask for.
	DefaultTokenTTL = 90 * 24 * time.Hour
	MaxTokenTTL     = 366 * 24 * time.Hour
)

// operator stands for whoever runs the command line: they reach the
// database directly, so they may do what an administrator may.
var operator = &tournament.User{Role: tournament.Admin, Name: "command line"}

// AsOperator marks ctx as the command line's: account changes are allowed
// as for an administrator.
func AsOperator(ctx context.Context) context.Context {
	return tournament.NewContextWithUser(ctx, operator)
}

// mayManage reports whether the user in ctx may manage the account with
// that e-mail: it is their own, or they are an administrator.
func mayManage(ctx context.Context, email string) error {
	u := tournament.UserFromContext(ctx)
	switch {
	case u == nil:
		return tournament.Unauthorized("sign in to manage accounts")
	case u.Role != tournament.Admin && u.Email != email:
		return tournament.Forbidden("only administrators manage other people's sign-ins and tokens")
	}
	return nil
}

// StartSession begins a web sign-in for u and returns the value the
// browser keeps; only its hash is stored. Expired sessions of the user are
// dropped on the way.
func (s *Service) StartSession(ctx context.Context, u *tournament.User) (string, error) {
	value, hash, err := newToken()
	if err != nil {
		return "", err
	}
	now := s.now().UTC()
	err = s.store.Update(ctx, func(tx Tx) error {
		if _, err := tx.DeleteSessions(u.ID, now); err != nil {
			return err
		}
		return tx.CreateSession(&Session{UserID: u.ID, Hash: hash, CreatedAt: now, ExpiresAt: now.Add(SessionTTL)})
	})
	if err != nil {
		return "", err
	}
	return value, nil
}

// SessionUser returns the user signed in with a session value; an ended,
// expired or unknown session is EUNAUTHORIZED.
// The owner is kept for the next requests while no write changes the data
// (verified).
func (s *Service) SessionUser(ctx context.Context, value string) (*tournament.User, error) {
	return s.signIn(ctx, true, value, func() (*tournament.User, time.Time, error) {
		var u *tournament.User
		var sess *Session
		err := s.store.View(ctx, func(tx Tx) error {
			var err error
			sess, u, err = tx.SessionByHash(hashToken(value))
			return err
		})
		if tournament.ErrorCode(err) == tournament.ENOTFOUND || (err == nil && !s.now().Before(sess.ExpiresAt)) {
			return nil, time.Time{}, tournament.Unauthorized("the sign-in has ended; sign in again")
		}
		if err != nil {
			return nil, time.Time{}, err
		}
		return u, sess.ExpiresAt, nil
	})
}

// EndSession ends one web sign-in (logging out).
func (s *Service) EndSession(ctx context.Context, value string) error {
	return s.store.Update(ctx, func(tx Tx) error {
		return tx.DeleteSession(hashToken(value))
	})
}

// EndSessions ends every web sign-in of the account with that e-mail, on
// every instance, and the address of its personal calendar, and returns
// how many sign-ins it ended: the user themselves or an
// administrator may.
func (s *Service) EndSessions(ctx context.Context, email string) (int64, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if err := mayManage(ctx, email); err != nil {
		return 0, err
	}
	var n int64
	err := s.store.Update(ctx, func(tx Tx) error {
		u, err := tx.UserByEmail(email)
		if err != nil {
			return err
		}
		if n, err = tx.DeleteSessions(u.ID, time.Time{}); err != nil {
			return err
		}
		if err := s.revokeFeed(ctx, tx, u); err != nil {
			return err
		}
		return s.audit(ctx, tx, AuditSessionsEnded, u, "", strconv.FormatInt(n, 10))
	})
	return n, err
}

// SessionInfo is one web sign-in of the reader's account, as the account
// page lists them.
type SessionInfo struct {
	ID        int64
	CreatedAt time.Time
	ExpiresAt time.Time
	// Current is the sign-in the list was asked from.
	Current bool
}

// signedIn is the caller, who must be signed in.
func signedIn(ctx context.Context) (*tournament.User, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to see your account")
	}
	return u, nil
}

// MySessions lists the web sign-ins of the caller's account that have not
// expired; current is the session value of the asking browser.
func (s *Service) MySessions(ctx context.Context, current string) ([]SessionInfo, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	var out []SessionInfo
	err = s.store.View(ctx, func(tx Tx) error {
		sessions, err := tx.Sessions(u.ID)
		for _, sess := range sessions {
			if s.now().Before(sess.ExpiresAt) {
				out = append(out, SessionInfo{ID: sess.ID, CreatedAt: sess.CreatedAt, ExpiresAt: sess.ExpiresAt, Current: sess.Hash == hashToken(current)})
			}
		}
		return err
	})
	return out, err
}

// EndMySession ends one web sign-in of the caller's account (a lost phone,
// a shared computer); another account's is reported missing.
func (s *Service) EndMySession(ctx context.Context, id int64) error {
	u, err := signedIn(ctx)
	if err != nil {
		return err
	}
	return s.store.Update(ctx, func(tx Tx) error { return tx.DeleteSessionByID(u.ID, id) })
}

// EndMyOtherSessions ends every web sign-in of the caller's account but the
// one of current, and returns how many it ended.
func (s *Service) EndMyOtherSessions(ctx context.Context, current string) (int, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return 0, err
	}
	ended := 0
	err = s.store.Update(ctx, func(tx Tx) error {
		sessions, err := tx.Sessions(u.ID)
		if err != nil {
			return err
		}
		for _, sess := range sessions {
			if sess.Hash == hashToken(current) {
				continue
			}
			if err := tx.DeleteSessionByID(u.ID, sess.ID); err != nil {
				return err
			}
			ended++
		}
		return nil
	})
	return ended, err
}

// SetPassword gives the account a new password and ends all its web
// sign-ins. Users change their own password by giving the current one
// (checked under the sign-in limits, from the client address from);
// administrators and the command line set anyone's without it. The
// account's API tokens keep working: a change is not a reset.
func (s *Service) SetPassword(ctx context.Context, email, current, password, from string) error {
	return s.setPassword(ctx, email, current, password, from, false)
}

// setPassword is SetPassword; revoke also deletes the account's API
// tokens, as a reset does.
func (s *Service) setPassword(ctx context.Context, email, current, password, from string, revoke bool) error {
	email = strings.ToLower(strings.TrimSpace(email))
	if err := mayManage(ctx, email); err != nil {
		return err
	}
	if n := utf8.RuneCountInString(password); n < 8 {
		return tournament.Invalid("password", "a password needs at least 8 characters; this one has %d", n)
	}
	action := AuditPasswordSet
	if caller := tournament.UserFromContext(ctx); caller != operator && caller.Email == email {
		if err := s.checkCurrentPassword(ctx, email, current, from); err != nil {
			return err
		}
		action = AuditPasswordChanged
	}
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return err
	}
	return s.store.Update(ctx, func(tx Tx) error {
		u, err := tx.UserByEmail(email)
		if err != nil {
			return err
		}
		if err := tx.SetPasswordHash(u.ID, hash); err != nil {
			return err
		}
		if _, err = tx.DeleteSessions(u.ID, time.Time{}); err != nil {
			return err
		}
		if revoke {
			if err := s.revokeTokens(ctx, tx, u); err != nil {
				return err
			}
		}
		return s.audit(ctx, tx, action, u, "", "")
	})
}

// revokeTokens deletes every API token of u, each recorded in the account
// audit log, and the address of its personal calendar, when its password
// is reset: whoever took the password may have made them with it, and they
// would otherwise outlive the reset.
func (s *Service) revokeTokens(ctx context.Context, tx Tx, u *tournament.User) error {
	tokens, err := tx.Tokens(u.ID)
	if err != nil {
		return err
	}
	for _, tok := range tokens {
		if err := tx.DeleteToken(tok.ID); err != nil {
			return err
		}
		if err := s.audit(ctx, tx, AuditTokenRevoked, u, tok.Name, ""); err != nil {
			return err
		}
	}
	return s.revokeFeed(ctx, tx, u)
}

// revokeFeed stops the address of u's personal calendar, when it has one,
// as the account's sign-ins end or its password is reset: whoever read the
// address off a lost phone or a taken-over account would otherwise keep
// reading the account's events and games.
func (s *Service) revokeFeed(ctx context.Context, tx Tx, u *tournament.User) error {
	made, err := tx.FeedTokenMade(u.ID)
	if err != nil || made.IsZero() {
		return err
	}
	if err := tx.DeleteFeedToken(u.ID); err != nil {
		return err
	}
	return s.audit(ctx, tx, AuditFeedRevoked, u, "", "")
}

// maxNameLength bounds an account's name, in characters.
const maxNameLength = 100

// cleanName tidies an account's name (one space between words) and checks
// its length; "" stays "", an account shown by its number.
func cleanName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	if n := utf8.RuneCountInString(name); n > maxNameLength {
		return "", tournament.Invalid("name", "a name has at most %d characters; this one has %d", maxNameLength, n)
	}
	return name, nil
}

// NewToken describes an API token to make.
type NewToken struct {
	Email string
	Name  string
	// TTL is how long it works: DefaultTokenTTL when zero, at most
	// MaxTokenTTL.
	TTL time.Duration
}

// CreateToken makes a new API token for the user with that e-mail and
// returns it with its record. Only its hash is stored: the token is shown
// this once.
func (s *Service) CreateToken(ctx context.Context, in NewToken) (string, *Token, error) {
	name := strings.TrimSpace(in.Name)
	if n := utf8.RuneCountInString(name); n > 100 {
		return "", nil, tournament.Invalid("name", "a token's name has at most 100 characters; this one has %d", n)
	}
	ttl := in.TTL
	switch {
	case ttl == 0:
		ttl = DefaultTokenTTL
	case ttl < time.Hour || ttl > MaxTokenTTL:
		return "", nil, tournament.Invalid("expires_in_days", "a token lasts from an hour to %d days", int(MaxTokenTTL.Hours()/24))
	}
	token, hash, err := newToken()
	if err != nil {
		return "", nil, err
	}
	now := s.now().UTC()
	tok := &Token{Hash: hash, Name: name, CreatedAt: now, ExpiresAt: now.Add(ttl)}
	err = s.store.Update(ctx, func(tx Tx) error {
		u, err := tx.UserByEmail(strings.ToLower(strings.TrimSpace(in.Email)))
		if err != nil {
			return err
		}
		tok.UserID = u.ID
		if err := tx.CreateToken(tok); err != nil {
			return err
		}
		return s.audit(ctx, tx, AuditTokenCreated, u, "", tok.Name)
	})
	if err != nil {
		return "", nil, err
	}
	return token, tok, nil
}

// Authenticate returns the owner of an API token that has not expired. The
// owner is kept for the next requests while no write changes the data
// (verified).
func (s *Service) Authenticate(ctx context.Context, token string) (*tournament.User, error) {
	return s.signIn(ctx, false, token, func() (*tournament.User, time.Time, error) {
		var u *tournament.User
		var tok *Token
		err := s.store.View(ctx, func(tx Tx) (err error) {
			tok, u, err = tx.TokenByHash(hashToken(token))
			return err
		})
		switch {
		case tournament.ErrorCode(err) == tournament.ENOTFOUND:
			return nil, time.Time{}, tournament.Unauthorized("the API token is not valid")
		case err != nil:
			return nil, time.Time{}, err
		case !tok.ExpiresAt.IsZero() && !s.now().Before(tok.ExpiresAt):
			return nil, time.Time{}, tournament.Unauthorized("the API token expired on %s; make a new one", tournament.UTC(tok.ExpiresAt))
		}
		return u, tok.ExpiresAt, nil
	})
}

// Tokens lists the API tokens of the account with that e-mail (never the
// tokens themselves, which are not kept): its owner or an administrator may.
func (s *Service) Tokens(ctx context.Context, email string) ([]Token, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if err := mayManage(ctx, email); err != nil {
		return nil, err
	}
	var tokens []Token
	err := s.store.View(ctx, func(tx Tx) error {
		u, err := tx.UserByEmail(email)
		if err != nil {
			return err
		}
		tokens, err = tx.Tokens(u.ID)
		return err
	})
	return tokens, err
}

// RevokeToken deletes an API token: its owner or an administrator may.
// Another user's token is reported missing, not forbidden, so that token
// numbers cannot be probed.
func (s *Service) RevokeToken(ctx context.Context, id int64) error {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return tournament.Unauthorized("sign in to revoke a token")
	}
	return s.store.Update(ctx, func(tx Tx) error {
		tok, err := tx.Token(id)
		if err == nil && u.Role != tournament.Admin && tok.UserID != u.ID {
			err = tournament.NotFound("token %d not found", id)
		}
		if err != nil {
			return err
		}
		if err := tx.DeleteToken(id); err != nil {
			return err
		}
		owner, err := tx.UserByID(tok.UserID)
		if err != nil {
			return err
		}
		return s.audit(ctx, tx, AuditTokenRevoked, owner, tok.Name, "")
	})
}

// HasAdmin reports whether any account is an administrator; the one-time
// setup link works only while none is.
func (s *Service) HasAdmin(ctx context.Context) (bool, error) {
	var has bool
	err := s.store.View(ctx, func(tx Tx) error {
		var err error
		has, err = tx.AdminExists()
		return err
	})
	return has, err
}
