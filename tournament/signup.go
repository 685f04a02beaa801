package tournament

import "time"

// SignUp is an account someone asked for on the sign-up page. It is kept
// apart from the users until its address is confirmed by the link mailed
// to it or, on a site without mail, an administrator approves it: until
// then nobody can sign in with it, and no rule about users has to know
// about accounts that are not yet ones.
type SignUp struct {
	ID           int64
	Email        string
	Name         string
	PasswordHash string
	Locale       string
	// TokenHash is the hash of the confirmation link's token; "" when an
	// administrator approves instead.
	TokenHash string
	// ExpiresAt is when the link stops working; zero when it waits for an
	// administrator.
	ExpiresAt time.Time
	CreatedAt time.Time
}

// SignUpTx keeps the sign-ups not yet made accounts.
type SignUpTx interface {
	// CreateSignUp stores a sign-up; an address asked for twice is an
	// ECONFLICT error.
	CreateSignUp(s *SignUp) error
	// SignUpByToken finds a sign-up by its link's hash; ENOTFOUND when
	// none.
	SignUpByToken(hash string) (*SignUp, error)
	// SignUpByEmail finds a sign-up by its address; ENOTFOUND when none.
	SignUpByEmail(email string) (*SignUp, error)
	// SignUps lists the sign-ups, oldest first.
	SignUps() ([]SignUp, error)
	DeleteSignUp(id int64) error
}
