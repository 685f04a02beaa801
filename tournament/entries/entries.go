package entries

import (
	"context"
	"fmt"
	"strings"
	"time"

	"adiukh/tournament"
)

// Players enter an event online: the arbiter opens entries (until a
// deadline in the event's time zone, up to a number of places, for the
// players who meet the event's conditions), a signed-in player sends an
// Entry, and the arbiter accepts it (the entry becomes the event's player,
// with the account linked) or declines it with a reason. Entries beyond
// the places wait on a waiting list, from which the arbiter accepts when a
// place is free.

// EntryStatus is where an entry is in its life.
type EntryStatus string

const (
	EntryPending  EntryStatus = "pending"  // waiting for the arbiter
	EntryWaiting  EntryStatus = "waiting"  // on the waiting list: every place was taken or promised
	EntryAccepted EntryStatus = "accepted" // the player plays in the event
	EntryDeclined EntryStatus = "declined" // refused, with the arbiter's reason
)

// Audit actions of entries.
const (
	ActionEntriesSet     = "entries.set"
	ActionEntryCreate    = "entry.create"
	ActionEntryAccept    = "entry.accept"
	ActionEntryDecline   = "entry.decline"
	ActionEntryWithdrawn = "entry.withdraw"
)

// Notice kinds of the arbiter's decisions on entries.
const (
	NoticeAccepted = "entry-accepted" // Event, Link
	NoticeDeclined = "entry-declined" // Event, Link, Reason
)

// EntrySettings say whether and on what terms an event takes entries
// online. The zero value takes none.
type EntrySettings struct {
	EventID int64
	Open    bool
	// Deadline is the last moment an entry is taken or withdrawn; zero
	// for none (until the arbiter closes entries or pairs round 1).
	Deadline time.Time
	// Max is the number of places, 0 for no limit: entries beyond the
	// places left go to the waiting list.
	Max int
	// The conditions; a zero bound is none.
	MinBirthYear, MaxBirthYear int
	Sex                        string // tournament.Men, tournament.Women or "" for anyone
	Region                     string // the region or city entrants come from, "" for anywhere
	MinRating, MaxRating       int
}

// EntrySettingsInput changes the entry settings; a nil field stays as it is.
type EntrySettingsInput struct {
	Open *bool
	// Deadline is "YYYY-MM-DDThh:mm" in the event's time zone, an RFC 3339
	// moment, or a day "YYYY-MM-DD" (entries close at its end); "" for none.
	Deadline                   *string
	Max                        *int
	MinBirthYear, MaxBirthYear *int
	Sex                        *string
	Region                     *string
	MinRating, MaxRating       *int
}

// Entry is one player's request to play in an event.
type Entry struct {
	ID        int64
	EventID   int64
	UserID    int64
	UserEmail string
	// Name is the account's name when the entry was made; the player is
	// registered under it.
	Name   string
	Status EntryStatus
	Note   string // to the arbiter
	// What the entrant says of themselves, for the conditions and the
	// player's record.
	BirthYear int
	Sex       string
	Region    string
	Rating    int
	// Reason is why the arbiter declined it, as they typed it.
	Reason string
	// PlayerID is the player an accepted entry became.
	PlayerID  int64
	CreatedAt time.Time
	DecidedAt time.Time
}

// EntryInput is what a player sends with an entry.
type EntryInput struct {
	Note      string
	BirthYear int
	Sex       string
	Region    string
	Rating    int
}

// EntryTx keeps the entry settings of events and their entries.
type EntryTx interface {
	// EntrySettings reads an event's settings; the zero settings (closed)
	// when it has none.
	EntrySettings(eventID int64) (*EntrySettings, error)
	SetEntrySettings(s *EntrySettings) error
	// CreateEntry stores a new entry and sets its ID; a second entry of
	// the same account in the same event is an ECONFLICT error.
	CreateEntry(e *Entry) error
	// Entries lists an event's entries, oldest first.
	Entries(eventID int64) ([]Entry, error)
	UpdateEntry(e *Entry) error
	DeleteEntry(id int64) error
}

// EntryView is what an event's page shows and offers of its entries,
// read on the service's clock.
type EntryView struct {
	Settings EntrySettings
	// Open: entries are taken now (open, before the deadline, the event
	// not started).
	Open bool
	// Mine is the reader's own entry, nil when they have none.
	Mine *Entry
	// CanEnter: the signed-in reader may send an entry now.
	CanEnter bool
	// CanWithdraw: the reader may withdraw their own entry now.
	CanWithdraw bool
	// Entries are every entry, for the event's arbiter only.
	Entries []Entry
	// Meets tells, for the arbiter, which entries meet the conditions as
	// they are now (they may have changed since the entry).
	Meets map[int64]bool
	// OneString tells, for the arbiter, which entries' accounts give the
	// name as one string: accepting them asks the surname and given names
	// (AcceptEntryAs).
	OneString map[int64]bool
	// Places is how many places are left, -1 for no limit.
	Places int
	// Zone is the event's time zone, in which the deadline is shown.
	Zone *time.Location
}

// Entries reads the entries of an event: every one for its arbiter, the
// reader's own for a player.
func (s *Service) Entries(ctx context.Context, eventID int64) (*EntryView, error) {
	var v *EntryView
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		v, err = s.entryView(tx, tournament.UserFromContext(ctx), e)
		return err
	})
	return v, err
}

func (s *Service) entryView(tx Tx, u *tournament.User, e *tournament.Event) (*EntryView, error) {
	set, err := tx.EntrySettings(e.ID)
	if err != nil {
		return nil, err
	}
	v := &EntryView{Settings: *set, Zone: e.Location(), Places: -1}
	v.Open = s.takesEntries(e, set) == nil
	players, err := tx.CountPlayers(e.ID)
	if err != nil {
		return nil, err
	}
	if set.Max > 0 {
		v.Places = max(set.Max-players, 0)
	}
	if u == nil {
		return v, nil
	}
	all, err := tx.Entries(e.ID)
	if err != nil {
		return nil, err
	}
	for i := range all {
		if all[i].UserID == u.ID {
			v.Mine = &all[i]
		}
	}
	accounts, err := tx.PlayerAccounts(e.ID)
	if err != nil {
		return nil, err
	}
	plays := false
	for _, a := range accounts {
		plays = plays || a.ID == u.ID
	}
	v.CanEnter = v.Open && v.Mine == nil && !plays && (set.Max == 0 || players < set.Max)
	v.CanWithdraw = v.Mine != nil && v.Mine.Status != EntryAccepted && v.Mine.Status != EntryDeclined && s.beforeDeadline(set)
	if tournament.CanManage(u, e) {
		v.Entries = all
		v.Meets, v.OneString = map[int64]bool{}, map[int64]bool{}
		for _, en := range all {
			v.Meets[en.ID] = set.check(en) == nil
			if en.Status == EntryPending || en.Status == EntryWaiting {
				account, err := tx.UserByID(en.UserID)
				if err != nil {
					return nil, err
				}
				v.OneString[en.ID] = !account.NamedInParts()
			}
		}
	} else if v.Mine != nil {
		v.Entries = []Entry{*v.Mine}
	}
	return v, nil
}

// SetEntries opens or closes an event to entries and sets their terms.
// Open entries cannot have a deadline that has passed.
func (s *Service) SetEntries(ctx context.Context, eventID int64, in EntrySettingsInput) (*EntrySettings, error) {
	var out *EntrySettings
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		before, err := tx.EntrySettings(eventID)
		if err != nil {
			return err
		}
		set := *before
		set.EventID = eventID
		if err := in.apply(&set, e.Location()); err != nil {
			return err
		}
		if set.Open {
			if e.Discipline.IsTeam() || !e.Discipline.PlaysGames() {
				return tournament.Invalid("discipline", "only an individual event of games takes entries online")
			}
			if e.Status != tournament.Registration {
				return tournament.Conflict("", "event %d has started; entries are taken before round 1", eventID)
			}
			if !set.Deadline.IsZero() && !s.now().Before(set.Deadline) {
				return tournament.Invalid("deadline", "the deadline %s has passed; set one in the future", deadlineText(set.Deadline, e.Location()))
			}
		}
		if err := tx.SetEntrySettings(&set); err != nil {
			return err
		}
		out = &set
		return tournament.Audit(tx, s.now(), u, eventID, ActionEntriesSet, fmt.Sprintf("event %d", eventID), before, set, "")
	})
	return out, err
}

// apply copies the input onto s, checking every field (JoinInvalid).
func (in EntrySettingsInput) apply(s *EntrySettings, zone *time.Location) error {
	var errs []error
	if in.Open != nil {
		s.Open = *in.Open
	}
	if in.Deadline != nil {
		d, err := parseDeadline(*in.Deadline, zone)
		if err != nil {
			errs = append(errs, err)
		}
		s.Deadline = d
	}
	if in.Max != nil {
		if *in.Max < 0 || *in.Max > 10000 {
			errs = append(errs, tournament.Invalid("max", "the number of places is from 1 to 10000, or 0 for no limit; got %d", *in.Max))
		}
		s.Max = *in.Max
	}
	for _, y := range []struct {
		field string
		in    *int
		out   *int
	}{{"min_birth_year", in.MinBirthYear, &s.MinBirthYear}, {"max_birth_year", in.MaxBirthYear, &s.MaxBirthYear}} {
		if y.in == nil {
			continue
		}
		if *y.in != 0 && (*y.in < 1900 || *y.in > 2100) {
			errs = append(errs, tournament.Invalid(y.field, "%d is not a birth year", *y.in))
		}
		*y.out = *y.in
	}
	for _, r := range []struct {
		field string
		in    *int
		out   *int
	}{{"min_rating", in.MinRating, &s.MinRating}, {"max_rating", in.MaxRating, &s.MaxRating}} {
		if r.in == nil {
			continue
		}
		if *r.in < 0 || *r.in > 4000 {
			errs = append(errs, tournament.Invalid(r.field, "a rating is between 0 and 4000; got %d", *r.in))
		}
		*r.out = *r.in
	}
	if in.Sex != nil {
		if err := checkSex(*in.Sex); err != nil {
			errs = append(errs, err)
		}
		s.Sex = *in.Sex
	}
	if in.Region != nil {
		region, err := tournament.CleanText("region", *in.Region, 100, false)
		if err != nil {
			errs = append(errs, err)
		}
		s.Region = region
	}
	if s.MinBirthYear != 0 && s.MaxBirthYear != 0 && s.MinBirthYear > s.MaxBirthYear {
		errs = append(errs, tournament.Invalid("max_birth_year", "the birth years run from %d to %d: the last is before the first", s.MinBirthYear, s.MaxBirthYear))
	}
	if s.MinRating != 0 && s.MaxRating != 0 && s.MinRating > s.MaxRating {
		errs = append(errs, tournament.Invalid("max_rating", "the ratings run from %d to %d: the highest is below the lowest", s.MinRating, s.MaxRating))
	}
	return tournament.JoinInvalid(errs)
}

func checkSex(sex string) error {
	if sex != "" && sex != tournament.Men && sex != tournament.Women {
		return tournament.Invalid("sex", "write \"m\" or \"f\", or nothing; got %q", sex)
	}
	return nil
}

// parseDeadline reads a deadline in the event's time zone.
func parseDeadline(s string, zone *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC(), nil
	}
	for _, layout := range []string{"2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(layout, s, zone); err == nil {
			return t.UTC(), nil
		}
	}
	if day, err := time.ParseInLocation(time.DateOnly, s, zone); err == nil {
		// A day given alone is the whole day: entries close at its end.
		return day.AddDate(0, 0, 1).UTC(), nil
	}
	return time.Time{}, tournament.Invalid("deadline", "%q is not a moment; write it as 2026-12-01T18:00 (the event's time) or 2026-12-01", s)
}

// deadlineText writes a deadline in the event's time zone, as messages
// name it: "2026-12-01 18:00 MSK".
func deadlineText(at time.Time, zone *time.Location) string {
	return at.In(zone).Format("2006-01-02 15:04 MST")
}

// beforeDeadline reports whether the entries' deadline, if any, is still
// ahead.
func (s *Service) beforeDeadline(set *EntrySettings) bool {
	return set.Deadline.IsZero() || s.now().Before(set.Deadline)
}

// takesEntries explains why the event takes no entries now, or returns nil.
func (s *Service) takesEntries(e *tournament.Event, set *EntrySettings) error {
	switch {
	case !set.Open:
		return tournament.Conflict("", "event %d takes no entries online; ask its arbiter", e.ID)
	case e.Status != tournament.Registration:
		return tournament.Conflict("", "event %d has started; entries are closed", e.ID)
	case !s.beforeDeadline(set):
		return tournament.Conflict("deadline", "entries closed at %s, the deadline", deadlineText(set.Deadline, e.Location()))
	}
	return nil
}

// check explains every condition of the event the entry does not meet, or
// returns nil.
func (s *EntrySettings) check(en Entry) error {
	var errs []error
	if (s.MinBirthYear != 0 || s.MaxBirthYear != 0) && en.BirthYear == 0 {
		errs = append(errs, tournament.Invalid("birth_year", "this event has an age limit: give your birth year"))
	} else if (s.MinBirthYear != 0 && en.BirthYear < s.MinBirthYear) || (s.MaxBirthYear != 0 && en.BirthYear > s.MaxBirthYear) {
		errs = append(errs, tournament.Invalid("birth_year", "this event is for players born from %s to %s; you were born in %d", yearOrAny(s.MinBirthYear), yearOrAny(s.MaxBirthYear), en.BirthYear))
	}
	if s.Sex != "" && en.Sex != s.Sex {
		if s.Sex == tournament.Women {
			errs = append(errs, tournament.Invalid("sex", "this event is for women"))
		} else {
			errs = append(errs, tournament.Invalid("sex", "this event is for men"))
		}
	}
	if s.Region != "" && tournament.NameKey(strings.TrimSpace(en.Region)) != tournament.NameKey(s.Region) {
		errs = append(errs, tournament.Invalid("region", "this event is for players from %s", s.Region))
	}
	// A rating range applies to the rated: a player without a rating is
	// below any minimum and within any maximum.
	if s.MinRating != 0 && en.Rating < s.MinRating {
		errs = append(errs, tournament.Invalid("rating", "this event is for players rated %d or more", s.MinRating))
	}
	if s.MaxRating != 0 && en.Rating > s.MaxRating {
		errs = append(errs, tournament.Invalid("rating", "this event is for players rated %d or less", s.MaxRating))
	}
	return tournament.JoinInvalid(errs)
}

func yearOrAny(y int) string {
	if y == 0 {
		return "…"
	}
	return fmt.Sprint(y)
}

// Enter sends the signed-in user's entry to an event that takes entries
// now, if they meet its conditions. It waits for the arbiter (pending), or
// on the waiting list when the entries already waiting and the players
// take every place. A full event, a second entry and an entry after the
// deadline are refused.
func (s *Service) Enter(ctx context.Context, eventID int64, in EntryInput) (*Entry, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to enter an event")
	}
	note, err := tournament.CleanText("note", in.Note, 1000, false)
	if err != nil {
		return nil, err
	}
	if err := checkSex(in.Sex); err != nil {
		return nil, err
	}
	region, err := tournament.CleanText("region", in.Region, 100, false)
	if err != nil {
		return nil, err
	}
	// The birth year and rating are checked as a player's are, since the
	// accepted entry becomes one.
	if err := (tournament.PlayerInput{BirthYear: &in.BirthYear, Rating: &in.Rating}).CheckDetails(); err != nil {
		return nil, err
	}
	var en *Entry
	err = s.store.Update(ctx, func(tx Tx) error {
		if err := tx.LockEvent(eventID); err != nil {
			return err
		}
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		set, err := tx.EntrySettings(eventID)
		if err != nil {
			return err
		}
		if err := s.takesEntries(e, set); err != nil {
			return err
		}
		all, err := tx.Entries(eventID)
		if err != nil {
			return err
		}
		pending := 0
		for _, other := range all {
			if other.UserID == u.ID {
				return tournament.Conflict("", "you have entered this event already (entry %d)", other.ID)
			}
			if other.Status == EntryPending {
				pending++
			}
		}
		accounts, err := tx.PlayerAccounts(eventID)
		if err != nil {
			return err
		}
		for pid, a := range accounts {
			if a.ID == u.ID {
				return tournament.Conflict("", "you play in this event already (player %d)", pid)
			}
		}
		if strings.TrimSpace(u.Name) == "" {
			return tournament.Invalid("name", "your account has no name; give it on your account page, then enter")
		}
		en = &Entry{EventID: eventID, UserID: u.ID, UserEmail: u.Email, Name: u.Name, Status: EntryPending, Note: note,
			BirthYear: in.BirthYear, Sex: in.Sex, Region: region, Rating: in.Rating, CreatedAt: s.now().UTC()}
		if err := set.check(*en); err != nil {
			return err
		}
		players, err := tx.CountPlayers(eventID)
		if err != nil {
			return err
		}
		switch {
		case set.Max > 0 && players >= set.Max:
			return tournament.Conflict("", "the event is full: all %d places are taken", set.Max)
		case set.Max > 0 && players+pending >= set.Max:
			en.Status = EntryWaiting
		}
		if err := tx.CreateEntry(en); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionEntryCreate, fmt.Sprintf("entry %d", en.ID), nil, en, "")
	})
	return en, err
}

// decidable loads an entry of an event the context's user may manage.
func decidable(ctx context.Context, tx Tx, eventID, entryID int64) (*tournament.Event, *tournament.User, *Entry, error) {
	e, u, err := tournament.Manageable(ctx, tx, eventID)
	if err != nil {
		return nil, nil, nil, err
	}
	all, err := tx.Entries(eventID)
	if err != nil {
		return nil, nil, nil, err
	}
	for i := range all {
		if all[i].ID == entryID {
			return e, u, &all[i], nil
		}
	}
	return nil, nil, nil, tournament.NotFound("entry %d not found in event %d", entryID, eventID)
}

// AcceptEntry makes a pending or waiting entry the event's player, named
// from the account and linked to it, while a place is free.
func (s *Service) AcceptEntry(ctx context.Context, eventID, entryID int64) (*Entry, error) {
	var en *Entry
	var told tournament.Notice
	err := s.store.Update(ctx, func(tx Tx) error {
		e, u, found, err := decidable(ctx, tx, eventID, entryID)
		if err != nil {
			return err
		}
		en = found
		told, err = s.accept(tx, e, u, en)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.notify(ctx, told)
	return en, nil
}

// entryNotice tells the player of the arbiter's decision on their entry.
func entryNotice(kind string, player *tournament.User, e *tournament.Event, en *Entry) tournament.Notice {
	args := []any{"Event", e.Name, "Link", fmt.Sprintf("/events/%d/entries", e.ID)}
	if en.Reason != "" {
		args = append(args, "Reason", en.Reason)
	}
	return tournament.Notice{To: player.Email, Locale: player.Locale, Kind: kind, Args: args}
}

// accept makes the entry a player of the event and returns the notice that
// tells the player.
func (s *Service) accept(tx Tx, e *tournament.Event, u *tournament.User, en *Entry) (tournament.Notice, error) {
	if en.Status != EntryPending && en.Status != EntryWaiting {
		return tournament.Notice{}, decidedAlready(en)
	}
	set, err := tx.EntrySettings(e.ID)
	if err != nil {
		return tournament.Notice{}, err
	}
	players, err := tx.CountPlayers(e.ID)
	if err != nil {
		return tournament.Notice{}, err
	}
	if set.Max > 0 && players >= set.Max {
		return tournament.Notice{}, tournament.Conflict("", "the event is full: all %d places are taken", set.Max)
	}
	account, err := tx.UserByID(en.UserID)
	if err != nil {
		return tournament.Notice{}, err
	}
	if account.Sex == "" && en.Sex != "" {
		// The sex the entry gives is the account's, which a new person
		// of the register takes.
		account.Sex = en.Sex
		if err := tx.SetUserDetails(account); err != nil {
			return tournament.Notice{}, err
		}
	}
	before := *en
	in := tournament.PlayerInput{Name: &en.Name, BirthYear: &en.BirthYear, Rating: &en.Rating, City: &en.Region}
	if person, err := tournament.LinkedPerson(tx, account.ID); err != nil {
		return tournament.Notice{}, err
	} else if person != nil {
		// A player the register knows plays as that person, with the
		// register's details and rating of the event's list.
		in = tournament.PlayerInput{PersonID: &person.ID}
	}
	p, err := tournament.AdmitPlayer(tx, s.now(), e, u, in, account)
	if err != nil {
		return tournament.Notice{}, err
	}
	en.Status, en.PlayerID, en.DecidedAt = EntryAccepted, p.ID, s.now().UTC()
	if err := tx.UpdateEntry(en); err != nil {
		return tournament.Notice{}, err
	}
	if err := tournament.Audit(tx, s.now(), u, e.ID, ActionEntryAccept, fmt.Sprintf("entry %d", en.ID), before, en, ""); err != nil {
		return tournament.Notice{}, err
	}
	return entryNotice(NoticeAccepted, account, e, en), nil
}

// decidedAlready refuses to decide an entry decided before.
func decidedAlready(en *Entry) error {
	if en.Status == EntryAccepted {
		return tournament.Conflict("", "entry %d is accepted already", en.ID)
	}
	return tournament.Conflict("", "entry %d is declined already", en.ID)
}

// AcceptEntries accepts, oldest first, every pending entry that meets the
// event's conditions as they are now, while places are free; the waiting
// list stays for the arbiter to choose from. It returns the entries
// accepted.
func (s *Service) AcceptEntries(ctx context.Context, eventID int64) ([]Entry, error) {
	var done []Entry
	var told []tournament.Notice
	err := s.store.Update(ctx, func(tx Tx) error {
		done, told = nil, nil
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		set, err := tx.EntrySettings(eventID)
		if err != nil {
			return err
		}
		all, err := tx.Entries(eventID)
		if err != nil {
			return err
		}
		players, err := tx.CountPlayers(eventID)
		if err != nil {
			return err
		}
		for i := range all {
			en := &all[i]
			if en.Status != EntryPending || set.check(*en) != nil {
				continue
			}
			if set.Max > 0 && players >= set.Max {
				break
			}
			n, err := s.accept(tx, e, u, en)
			if err != nil {
				return err
			}
			players++
			done = append(done, *en)
			told = append(told, n)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.notify(ctx, told...)
	return done, nil
}

// DeclineEntry refuses a pending or waiting entry; the reason is shown to
// the player.
func (s *Service) DeclineEntry(ctx context.Context, eventID, entryID int64, reason string) (*Entry, error) {
	reason, err := tournament.CleanText("reason", reason, 1000, true)
	if err != nil {
		return nil, tournament.Invalid("reason", "say why the entry is declined; the player reads it")
	}
	var en *Entry
	var told tournament.Notice
	err = s.store.Update(ctx, func(tx Tx) error {
		e, u, found, err := decidable(ctx, tx, eventID, entryID)
		if err != nil {
			return err
		}
		en = found
		if en.Status != EntryPending && en.Status != EntryWaiting {
			return decidedAlready(en)
		}
		account, err := tx.UserByID(en.UserID)
		if err != nil {
			return err
		}
		before := *en
		en.Status, en.Reason, en.DecidedAt = EntryDeclined, reason, s.now().UTC()
		if err := tx.UpdateEntry(en); err != nil {
			return err
		}
		told = entryNotice(NoticeDeclined, account, e, en)
		return tournament.Audit(tx, s.now(), u, e.ID, ActionEntryDecline, fmt.Sprintf("entry %d", en.ID), before, en, reason)
	})
	if err != nil {
		return nil, err
	}
	s.notify(ctx, told)
	return en, nil
}

// WithdrawEntry takes back the signed-in player's own entry before the
// deadline. An accepted entry is a player of the event now, whom only the
// arbiter withdraws.
func (s *Service) WithdrawEntry(ctx context.Context, eventID, entryID int64) error {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return tournament.Unauthorized("sign in to withdraw your entry")
	}
	return s.store.Update(ctx, func(tx Tx) error {
		if err := tx.LockEvent(eventID); err != nil {
			return err
		}
		e, err := tournament.Readable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		all, err := tx.Entries(eventID)
		if err != nil {
			return err
		}
		var en *Entry
		for i := range all {
			if all[i].ID == entryID && all[i].UserID == u.ID {
				en = &all[i]
			}
		}
		if en == nil {
			return tournament.NotFound("entry %d not found in event %d", entryID, eventID)
		}
		set, err := tx.EntrySettings(eventID)
		if err != nil {
			return err
		}
		switch {
		case !s.beforeDeadline(set):
			return tournament.Conflict("deadline", "entries closed at %s, the deadline; ask the arbiter", deadlineText(set.Deadline, e.Location()))
		case en.Status == EntryAccepted:
			return tournament.Conflict("", "your entry is accepted and you are a player of the event; ask the arbiter to withdraw you")
		case en.Status == EntryDeclined:
			return decidedAlready(en)
		}
		if err := tx.DeleteEntry(en.ID); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionEntryWithdrawn, fmt.Sprintf("entry %d", en.ID), en, nil, "")
	})
}
