package account

import (
	"cmp"
	"context"
	"crypto/rand"
	"fmt"
	"slices"
	"strings"

	"adiukh/tournament"
)

// mayAdminister explains why the user in ctx may not manage other people's
// accounts (add them, change their role, give them a new password), or
// returns nil when they may: administrators and the command line.
func mayAdminister(ctx context.Context) error {
	u := tournament.UserFromContext(ctx)
	switch {
	case u == nil:
		return tournament.Unauthorized("sign in to manage accounts")
	case u.Role != tournament.Admin:
		return tournament.Forbidden("only administrators manage accounts")
	}
	return nil
}

// roleOrder puts administrators first, then arbiters, then players.
var roleOrder = map[tournament.Role]int{tournament.Admin: 0, tournament.ArbiterRole: 1, tournament.PlayerRole: 2}

// Accounts lists every account for an administrator: administrators
// first, then arbiters, then players, each by name (by e-mail when it has
// none), alphabetically.
func (s *Service) Accounts(ctx context.Context) ([]tournament.User, error) {
	if err := mayAdminister(ctx); err != nil {
		return nil, err
	}
	var users []tournament.User
	err := s.store.View(ctx, func(tx Tx) (err error) {
		users, err = tx.Users()
		return err
	})
	if err != nil {
		return nil, err
	}
	sortKey := func(u *tournament.User) string {
		k := u.Name
		if k == "" {
			k = u.Email
		}
		return strings.ReplaceAll(strings.ToLower(k), "ё", "е")
	}
	slices.SortStableFunc(users, func(a, b tournament.User) int {
		return cmp.Or(cmp.Compare(roleOrder[a.Role], roleOrder[b.Role]), cmp.Compare(sortKey(&a), sortKey(&b)), cmp.Compare(a.ID, b.ID))
	})
	return users, nil
}

// NewAccount describes an account an administrator adds; the service makes
// its password.
type NewAccount struct {
	Email string
	Names
	Role   string
	Locale string // "ru" (default) or "en"
}

// CreateAccount adds an account for an administrator with a new one-time
// password, which it returns this once: only its hash is kept. The person
// signs in with it and changes it on their account page. Unlike AddUser
// (the command line and the setup link), the account must have a name:
// arbiters, authors and judges are shown by it.
func (s *Service) CreateAccount(ctx context.Context, in NewAccount) (*tournament.User, string, error) {
	if err := mayAdminister(ctx); err != nil {
		return nil, "", err
	}
	if _, err := cleanEmail(in.Email); err != nil {
		return nil, "", err
	}
	// Checked here for the one message a missing name gets; AddUser
	// tidies the names as given (a name in parts, once tidied, carries the
	// whole name too, which AddUser would take for both at once).
	names, err := in.Names.clean()
	if err != nil {
		return nil, "", err
	}
	if names.Name == "" {
		return nil, "", tournament.Invalid("name", "write the name to show for the account: rankings and awards show it instead of the e-mail address")
	}
	password, err := newPassword()
	if err != nil {
		return nil, "", err
	}
	u, err := s.AddUser(ctx, NewUser{Email: in.Email, Names: in.Names, Role: in.Role, Password: password, Locale: in.Locale})
	if err != nil {
		return nil, "", err
	}
	return u, password, nil
}

// SetRole changes what an account may do, for an administrator; it takes
// effect at the account's next request, on the web and through its API
// tokens. The last administrator keeps the role: without one nobody could
// add accounts or change roles but on the command line.
func (s *Service) SetRole(ctx context.Context, id int64, role string) (*tournament.User, error) {
	if err := mayAdminister(ctx); err != nil {
		return nil, err
	}
	r, err := tournament.ParseRole(role)
	if err != nil {
		return nil, err
	}
	var u *tournament.User
	err = s.store.Update(ctx, func(tx Tx) error {
		// Locked first, so that two administrators taking the role from
		// each other at once leave one.
		admins, err := tx.LockAdmins()
		if err != nil {
			return err
		}
		if u, err = tx.UserByID(id); err != nil {
			return err
		}
		if u.Role == r {
			return nil
		}
		if u.Role == tournament.Admin && len(admins) <= 1 {
			if caller := tournament.UserFromContext(ctx); caller.ID == u.ID {
				return tournament.Conflict("role", "you are the only administrator: make another account an administrator first, or nobody could manage accounts")
			}
			return tournament.Conflict("role", "this is the only administrator: make another account an administrator first, or nobody could manage accounts")
		}
		if err := tx.SetUserRole(u.ID, r); err != nil {
			return err
		}
		before := u.Role
		u.Role = r
		return s.audit(ctx, tx, AuditRole, u, string(before), string(r))
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// ResetPassword gives someone else's account a new one-time password, for
// an administrator, and returns it this once. Every web sign-in and every
// API token of the account ends, as with a mailed reset link: a reset is
// what an account whose password leaked needs. One's own password is
// changed on the account page, with the current one.
func (s *Service) ResetPassword(ctx context.Context, id int64) (*tournament.User, string, error) {
	if err := mayAdminister(ctx); err != nil {
		return nil, "", err
	}
	var u *tournament.User
	err := s.store.View(ctx, func(tx Tx) (err error) {
		u, err = tx.UserByID(id)
		return err
	})
	if err != nil {
		return nil, "", err
	}
	if caller := tournament.UserFromContext(ctx); caller != operator && caller.ID == u.ID {
		return nil, "", tournament.Invalid("password", "change your own password on your account page, with the current one")
	}
	password, err := newPassword()
	if err != nil {
		return nil, "", err
	}
	if err := s.setPassword(ctx, u.Email, "", password, "", true); err != nil {
		return nil, "", err
	}
	return u, password, nil
}

// passwordAlphabet has no letters easily mistaken for others (l, o, 0, 1)
// and 32 symbols, so that a random byte picks one without bias.
const passwordAlphabet = "abcdefghijkmnpqrstuvwxyz23456789"

// newPassword makes a one-time password of 16 random symbols (80 bits) in
// four groups, easy to read aloud or copy by hand: "k7dq-…".
func newPassword() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("make password: %w", err)
	}
	var sb strings.Builder
	for i, c := range b {
		if i > 0 && i%4 == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(passwordAlphabet[int(c)%len(passwordAlphabet)])
	}
	return sb.String(), nil
}
