package entries

import (
	"context"
	"strings"
	"unicode/utf8"

	"adiukh/tournament"
)

// An entrant's account gives their name in parts (surname, given names,
// patronymic), which the accepted player is named by, surname first, and
// a new person of the register takes as they are; or, made before names
// had parts, as one string, which is never split by guessing: the arbiter
// confirms the surname and given names when accepting the entry.

// EntrantNames are the surname and given names, and the patronymic if
// any, the arbiter confirms for an entrant whose account gives the name as
// one string.
type EntrantNames struct {
	Surname, GivenNames, Patronymic string
}

// maxPatronymic is the longest patronymic an account keeps, in characters.
const maxPatronymic = 60

// AccountTx writes to an entrant's account what the acceptance of their
// entry learns: the names the arbiter confirms, the sex the entry gives.
type AccountTx interface {
	SetUserDetails(u *tournament.User) error
}

// AcceptEntryAs accepts an entry as AcceptEntry does, with the entrant's
// names confirmed: an account that gives its name as one string needs the
// arbiter's surname and given names, which the player is named by,
// surname first, and the account keeps in parts (its shown name stays
// until its holder edits it on the account page). The parts of an account
// named in parts are its holder's and are kept; names given for it are
// refused, so that the arbiter does not rename an account by accident;
// an account linked to a person of the register plays as that person,
// named so.
func (s *Service) AcceptEntryAs(ctx context.Context, eventID, entryID int64, names EntrantNames) (*Entry, error) {
	for _, part := range []*string{&names.Surname, &names.GivenNames, &names.Patronymic} {
		*part = strings.Join(strings.Fields(*part), " ")
	}
	var en *Entry
	var told []tournament.Notice
	err := s.updateTelling(ctx, &told, func(tx Tx) error {
		e, u, found, err := decidable(ctx, tx, eventID, entryID)
		if err != nil {
			return err
		}
		en = found
		account, err := tx.UserByID(en.UserID)
		if err != nil {
			return err
		}
		if err := confirmNames(tx, account, en, names); err != nil {
			return err
		}
		n, err := s.accept(tx, e, u, en)
		told = []tournament.Notice{n}
		return err
	})
	if err != nil {
		return nil, err
	}
	return en, nil
}

// needsSplit reports whether an entry of the account waits for the
// arbiter's surname and given names: its name is one string, and it is
// linked to no person of the register (whose name the player would take).
func needsSplit(tx Tx, account *tournament.User) (bool, error) {
	if account.NamedInParts() {
		return false, nil
	}
	person, err := tournament.LinkedPerson(tx, account.ID)
	return person == nil, err
}

// confirmNames names the entry (and the player it becomes) by the
// arbiter's confirmed names, kept on an account that gives its name as one
// string.
func confirmNames(tx Tx, account *tournament.User, en *Entry, names EntrantNames) error {
	given := names.Surname != "" || names.GivenNames != "" || names.Patronymic != ""
	split, err := needsSplit(tx, account)
	switch {
	case err != nil:
		return err
	case !split && given:
		return tournament.Invalid("surname", "%s gives the surname and given names on their account, or plays as their person of the register; they are named so", account.Name)
	case !split:
		return nil
	case !given:
		return tournament.Invalid("surname", "the account of %s gives the name as one string; give the surname and the given names apart", account.Name)
	}
	var errs []error
	for _, f := range []struct{ field, value string }{{"surname", names.Surname}, {"given_names", names.GivenNames}} {
		if f.value == "" {
			errs = append(errs, tournament.Invalid(f.field, "is required"))
		}
	}
	if n := utf8.RuneCountInString(names.Patronymic); n > maxPatronymic {
		errs = append(errs, tournament.Invalid("patronymic", "has at most %d characters; this one has %d", maxPatronymic, n))
	}
	if err := tournament.JoinInvalid(errs); err != nil {
		return err
	}
	account.Surname, account.GivenNames, account.Patronymic = names.Surname, names.GivenNames, names.Patronymic
	en.Name = names.Surname + " " + names.GivenNames
	return tx.SetUserDetails(account)
}
