// Package account manages users, their passwords (argon2id) and API tokens
// (stored as SHA-256 hashes) over the tournament store. It is separate from
// package tournament so that the domain does not depend on cryptography.
package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"adiukh/tournament"
)

// Service carries out the account use cases.
type Service struct {
	store   Store
	now     func() time.Time
	limiter *limiter
	// checks is the semaphore of argon2id work; check does one.
	checks chan struct{}
	check  func(hash, password string) (bool, error)
	// cost is the argon2id work of a new hash; dummyHash is made with it,
	// so that an unknown e-mail costs what a known one does.
	cost      PasswordCost
	dummyHash func() string

	statsMu        sync.Mutex
	wrong, limited int64

	// mailer confirms the addresses of sign-ups; nil on a site without
	// mail, where an administrator approves them. siteURL starts the links
	// mailed.
	mailer  Mailer
	siteURL string
	// out is the queue the mails go out from; nil without a mailer. log
	// tells of the mails that could not be sent.
	out *outbox
	log *slog.Logger
	// formKey signs the sign-up forms' stamps (SignUpStamp).
	formKey []byte
	// verified keeps the sign-ins verified lately (signIn).
	verified verified
}

// Options configure a Service; the zero value is the server's defaults.
type Options struct {
	Now    func() time.Time // time.Now when nil
	Limits Limits           // DefaultLimits when zero
	// PasswordCost is the work of hashing a new password; DefaultPasswordCost
	// when zero. Tests set MinPasswordCost.
	PasswordCost PasswordCost
	// Mailer, when set, mails sign-ups a confirmation link starting with
	// SiteURL (the site's public address); without it an administrator
	// approves them.
	Mailer  Mailer
	SiteURL string
	// Secret is the site's secret, from which the key that signs sign-up
	// forms is made; every instance of a site needs the same. A random
	// one when nil, which only this service accepts.
	Secret []byte
	// Log tells of the mails that could not be sent; slog.Default when
	// nil.
	Log *slog.Logger
}

// NewService returns an account service over st with the default limits.
func NewService(st Store) *Service {
	return NewServiceWith(st, Options{})
}

// NewServiceWith returns an account service over st; with a mailer, Close
// it when done, so that the mail queued goes out.
func NewServiceWith(st Store, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Limits == (Limits{}) {
		o.Limits = DefaultLimits()
	}
	if o.Limits.SignUpsPerAddress <= 0 || o.Limits.SignUpWindow <= 0 {
		// Limits without their sign-ups' bound take the server's: sign-ups
		// are never unbounded.
		d := DefaultLimits()
		o.Limits.SignUpsPerAddress, o.Limits.SignUpWindow = d.SignUpsPerAddress, d.SignUpWindow
	}
	if o.PasswordCost == (PasswordCost{}) {
		o.PasswordCost = DefaultPasswordCost
	}
	if len(o.Secret) == 0 {
		o.Secret = make([]byte, 32)
		rand.Read(o.Secret) // never fails: it crashes the program instead (Go 1.24)
	}
	// A key of its own, so that nothing else signed with the secret (the
	// session cookies) passes for a form's stamp, nor the other way round.
	formKey := hmac.New(sha256.New, o.Secret)
	formKey.Write([]byte("adiukh sign-up form stamps"))
	if o.Log == nil {
		o.Log = slog.Default()
	}
	s := &Service{
		store:     st,
		now:       o.Now,
		limiter:   &limiter{store: st, limits: o.Limits, now: o.Now, log: o.Log},
		checks:    make(chan struct{}, max(1, o.Limits.ConcurrentChecks)),
		check:     CheckPassword,
		cost:      o.PasswordCost,
		dummyHash: sync.OnceValue(func() string { return mustHash("adiukh: no account has this e-mail", o.PasswordCost) }),
		mailer:    o.Mailer,
		siteURL:   o.SiteURL,
		formKey:   formKey.Sum(nil),
		log:       o.Log,
	}
	if o.Mailer != nil {
		s.startOutbox()
	}
	return s
}

// NewUser describes an account to create.
type NewUser struct {
	Email string
	Names
	Role     string
	Password string
	Locale   string // "ru" (default) or "en"
}

// AddUser creates an account.
func (s *Service) AddUser(ctx context.Context, in NewUser) (*tournament.User, error) {
	email, err := cleanEmail(in.Email)
	if err != nil {
		return nil, err
	}
	role, err := tournament.ParseRole(in.Role)
	if err != nil {
		return nil, err
	}
	names, err := in.Names.clean()
	if err != nil {
		return nil, err
	}
	if n := utf8.RuneCountInString(in.Password); n < 8 {
		return nil, tournament.Invalid("password", "a password needs at least 8 characters; this one has %d", n)
	}
	locale := in.Locale
	switch locale {
	case "":
		locale = "ru"
	case "ru", "en":
	default:
		return nil, tournament.Invalid("locale", "unknown language %q; use \"ru\" or \"en\"", in.Locale)
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return nil, err
	}
	u := &tournament.User{Email: email, Role: role, PasswordHash: hash, Locale: locale, CreatedAt: s.now().UTC()}
	names.set(u)
	err = s.store.Update(ctx, func(tx Tx) error {
		if err := tx.CreateUser(u); err != nil {
			return err
		}
		return s.audit(ctx, tx, AuditCreated, u, "", string(u.Role))
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

func cleanEmail(s string) (string, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Address != s {
		return "", tournament.Invalid("email", "%q is not an e-mail address", s)
	}
	return s, nil
}

// tokenPrefix marks adiukh tokens so that secret scanners and people
// recognise them.
const tokenPrefix = "adk_"

// newToken returns a random token and the hash that is stored. A token has
// 256 random bits, so a fast hash suffices; passwords need argon2id.
func newToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("make token: %w", err)
	}
	token = tokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token), nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// PasswordCost is the argon2id work of a password hash: memory in KiB and
// passes. A hash carries the parameters it was made with, so a hash of any
// cost still checks after the cost changes.
type PasswordCost struct {
	MemoryKiB, Passes uint32
}

// DefaultPasswordCost is 64 MiB and 3 passes (RFC 9106's second
// recommendation), the cost of every password the server stores.
var DefaultPasswordCost = PasswordCost{MemoryKiB: 64 * 1024, Passes: 3}

// MinPasswordCost is the least work argon2id allows, for tests alone: a
// test server that adds a few accounts and signs them in would otherwise
// spend most of its time hashing.
var MinPasswordCost = PasswordCost{MemoryKiB: 8 * argonThreads, Passes: 1}

// argon2id's lanes, matched to a small server, and the key length.
const (
	argonThreads = 2
	argonKeyLen  = 32
)

// HashPassword hashes a password with argon2id at DefaultPasswordCost in
// the PHC string format. bcrypt is not used because it ignores everything
// past 72 bytes: 36 Cyrillic letters.
func HashPassword(password string) (string, error) {
	return hashPassword(password, DefaultPasswordCost)
}

func hashPassword(password string, cost PasswordCost) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("make salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, cost.Passes, cost.MemoryKiB, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, cost.MemoryKiB, cost.Passes, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// mustHash hashes a fixed text; only the system's random source can fail it.
func mustHash(password string, cost PasswordCost) string {
	h, err := hashPassword(password, cost)
	if err != nil {
		panic(fmt.Sprintf("make a password hash: %v", err))
	}
	return h
}

// CheckPassword reports whether password matches a hash made by
// HashPassword, with the parameters stored in the hash.
func CheckPassword(hash, password string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, fmt.Errorf("stored password hash is not argon2id")
	}
	var version int
	var memory, passes uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, fmt.Errorf("stored password hash has argon2 version %q", parts[2])
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &passes, &threads); err != nil {
		return false, fmt.Errorf("stored password hash parameters %q: %w", parts[3], err)
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, fmt.Errorf("stored password salt: %w", err)
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil {
		return false, fmt.Errorf("stored password key: %w", err)
	}
	got := argon2.IDKey([]byte(password), salt, passes, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}
