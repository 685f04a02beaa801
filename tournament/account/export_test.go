package account

// SetCheck replaces the argon2id check, for tests of the limits.
func SetCheck(s *Service, check func(hash, password string) (bool, error)) { s.check = check }

// DummyHash is the hash a sign-in with an unknown e-mail is checked against.
func DummyHash(s *Service) string { return s.dummyHash() }

// OccupyChecks takes n of the slots of argon2id checks, as n running
// checks would.
func OccupyChecks(s *Service, n int) {
	for range n {
		s.checks <- struct{}{}
	}
}
