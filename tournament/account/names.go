package account

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"adiukh/tournament"
)

// Names is how an account holder is named: the surname and given names
// (and an optional patronymic), as the sign-up form and the account page
// ask them, or one string, Name, as the command line's --name gives it,
// kept as typed and never reordered.
type Names struct {
	Name                            string
	Surname, GivenNames, Patronymic string
}

// inParts reports whether any part of the name is given.
func (n Names) inParts() bool { return n.Surname != "" || n.GivenNames != "" || n.Patronymic != "" }

// empty reports whether no name is given at all.
func (n Names) empty() bool { return n.Name == "" && !n.inParts() }

// The parts' limits, in characters.
const (
	maxSurname    = 60
	maxGivenNames = 80
	maxPatronymic = 60
)

// clean tidies the names (one space between words) and checks them: a
// name in parts needs the surname and the given names, and is shown
// "Surname GivenNames", the order every list uses; a name in one string
// stays as typed. Every field's problem is named.
func (n Names) clean() (Names, error) {
	tidy := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	n = Names{Name: tidy(n.Name), Surname: tidy(n.Surname), GivenNames: tidy(n.GivenNames), Patronymic: tidy(n.Patronymic)}
	if !n.inParts() {
		name, err := cleanName(n.Name)
		return Names{Name: name}, err
	}
	var errs []error
	if n.Name != "" {
		errs = append(errs, tournament.Invalid("name", "give the name either as surname and given names or as one string, not both"))
	}
	for _, f := range []struct {
		field, value string
		limit        int
		required     bool
	}{{"surname", n.Surname, maxSurname, true}, {"given_names", n.GivenNames, maxGivenNames, true}, {"patronymic", n.Patronymic, maxPatronymic, false}} {
		switch count := utf8.RuneCountInString(f.value); {
		case f.required && count == 0:
			errs = append(errs, tournament.Invalid(f.field, "is required"))
		case count > f.limit:
			errs = append(errs, tournament.Invalid(f.field, "has at most %d characters; this one has %d", f.limit, count))
		}
	}
	if err := tournament.JoinInvalid(errs); err != nil {
		return Names{}, err
	}
	n.Name = n.Surname + " " + n.GivenNames
	return n, nil
}

// set gives u the names.
func (n Names) set(u *tournament.User) {
	u.Name, u.Surname, u.GivenNames, u.Patronymic = n.Name, n.Surname, n.GivenNames, n.Patronymic
}

// namesOf is the names of an account.
func namesOf(u *tournament.User) Names {
	return Names{Name: u.Name, Surname: u.Surname, GivenNames: u.GivenNames, Patronymic: u.Patronymic}
}

// AccountUpdate changes an account's details; a nil field stays as it is.
// A part of the name changes that part, the others staying as they are;
// Name gives the name as one string instead of the parts.
type AccountUpdate struct {
	Name                            *string
	Surname, GivenNames, Patronymic *string
	// Sex is tournament.Men, tournament.Women or "".
	Sex *string
}

// names are the account's names after the update.
func (in AccountUpdate) names(u *tournament.User) (Names, bool) {
	if in.Surname == nil && in.GivenNames == nil && in.Patronymic == nil {
		if in.Name == nil {
			return Names{}, false
		}
		return Names{Name: *in.Name}, true
	}
	n := namesOf(u)
	n.Name = ""
	if in.Name != nil {
		n.Name = *in.Name
	}
	for _, part := range []struct{ in, out *string }{{in.Surname, &n.Surname}, {in.GivenNames, &n.GivenNames}, {in.Patronymic, &n.Patronymic}} {
		if part.in != nil {
			*part.out = *part.in
		}
	}
	return n, true
}

// UpdateAccount changes the name an account is shown by wherever people
// see it rather than its e-mail address (the entries, the authors, judges
// and solvers of composition contests) and the sex its holder gives.
// Users change their own, administrators anyone's. An account without a
// name is shown by its number, so a name cannot be taken away, only
// changed.
func (s *Service) UpdateAccount(ctx context.Context, email string, in AccountUpdate) (*tournament.User, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	if err := mayManage(ctx, email); err != nil {
		return nil, err
	}
	var u *tournament.User
	err := s.store.Update(ctx, func(tx Tx) (err error) {
		if u, err = tx.UserByEmail(email); err != nil {
			return err
		}
		var errs []error
		if n, ok := in.names(u); ok {
			switch n, err := n.clean(); {
			case err != nil:
				errs = appendInvalid(errs, err)
			case n.Name == "":
				errs = append(errs, tournament.Invalid("name", "write the name to show for the account: rankings and awards show it instead of the e-mail address"))
			default:
				n.set(u)
			}
		}
		if in.Sex != nil {
			if err := checkSex(*in.Sex); err != nil {
				errs = append(errs, err)
			} else {
				u.Sex = *in.Sex
			}
		}
		if err := tournament.JoinInvalid(errs); err != nil {
			return err
		}
		return tx.SetUserDetails(u)
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// checkSex accepts the sexes of the register, or none.
func checkSex(sex string) error {
	if sex != "" && sex != tournament.Men && sex != tournament.Women {
		return tournament.Invalid("sex", "write \"m\" or \"f\", or nothing; got %q", sex)
	}
	return nil
}

// appendInvalid adds err's problems to errs one by one, so that a form's
// problems joined once more each keep their field.
func appendInvalid(errs []error, err error) []error {
	var e *tournament.Error
	if errors.As(err, &e) && len(e.Details) > 0 {
		for _, d := range e.Details {
			errs = append(errs, d)
		}
		return errs
	}
	return append(errs, err)
}
