package entries

import (
	"context"
	"fmt"
	"strings"
	"time"

	"adiukh/tournament"
	registration "adiukh/tournament/players"
)

// Players enter an event online: the arbiter opens entries (until a
// deadline in the event's time zone, up to a number of places, for the
// players who meet the event's conditions), a signed-in player sends an
// Entry, and the arbiter accepts it (the entry becomes the event's player,
// with the account linked) or declines it with a reason. Entries beyond
// the places wait on a waiting list, in order: when a place frees (an
// entry withdrawn or declined, more places), the first waiting moves up to
// await the arbiter, and is told. The rating conditions read the
// register's published rating of the event's list, never one the player
// types.
//
// The player manages their own entry: they withdraw it while it waits, or
// once accepted before round 1 (they leave the start list); after round 1
// the withdrawal is a request the arbiter confirms, withdrawing the player
// from the next round as the desk does. After a refusal or a withdrawal
// the player may enter again, as a new entry.

// EntryStatus is where an entry is in its life.
type EntryStatus string

const (
	EntryPending  EntryStatus = "pending"  // awaiting the arbiter's approval
	EntryWaiting  EntryStatus = "waiting"  // on the waiting list: every place was taken or promised
	EntryAccepted EntryStatus = "accepted" // the player plays in the event
	EntryDeclined EntryStatus = "declined" // refused, with the arbiter's reason
	// EntryWithdrawing: the accepted player asked to be withdrawn after
	// round 1; the arbiter confirms.
	EntryWithdrawing EntryStatus = "withdrawing"
	// EntryWithdrawn: the player took the entry back, or left the event.
	EntryWithdrawn EntryStatus = "withdrawn"
	// EntryLapsed: the entry was on the waiting list when the event
	// started, no place having freed (CloseWaitingLists). It stays the
	// account's one entry: the event takes none after its start.
	EntryLapsed EntryStatus = "lapsed"
)

// Live reports whether an entry of this status still stands: an account
// has one live entry per event, and enters again only after a refusal or
// a withdrawal.
func (s EntryStatus) Live() bool { return s != EntryDeclined && s != EntryWithdrawn }

// Audit actions of entries.
const (
	ActionEntriesSet     = "entries.set"
	ActionEntryCreate    = "entry.create"
	ActionEntryAccept    = "entry.accept"
	ActionEntryDecline   = "entry.decline"
	ActionEntryWithdrawn = "entry.withdraw"
	// ActionEntryWithdrawAsk is a player's request to be withdrawn after
	// round 1, ActionEntryWithdrawConfirm the arbiter's confirmation.
	ActionEntryWithdrawAsk      = "entry.withdraw_ask"
	ActionEntryWithdrawConfirm  = "entry.withdraw_confirm"
	ActionEntryWithdrawTakeBack = "entry.withdraw_take_back"
	// ActionEntryMoveUp is an entry leaving the waiting list for a place.
	ActionEntryMoveUp = "entry.move_up"
	// ActionEntryLapse is an entry still waiting when the event started.
	ActionEntryLapse = "entry.lapse"
)

// Notice kinds of the decisions on entries.
const (
	NoticeAccepted = "entry-accepted" // Event, Link
	NoticeDeclined = "entry-declined" // Event, Link, Reason
	// NoticeMovedUp tells a player their entry left the waiting list and
	// awaits the arbiter.
	NoticeMovedUp = "entry-moved-up" // Event, Link
	// NoticeLapsed tells a player on the waiting list that the event
	// started before a place freed.
	NoticeLapsed = "entry-lapsed" // Event, Link
	// NoticeWithdrawAsked tells the event's arbiter that a player asks to
	// be withdrawn; NoticeWithdrawn tells the player it is done.
	NoticeWithdrawAsked = "entry-withdraw-asked" // Event, Link, Player, Reason (may be absent)
	NoticeWithdrawn     = "entry-withdrawn"      // Event, Link, Round
	// NoticeWithdrawTakenBack tells the arbiter the player takes their
	// request back.
	NoticeWithdrawTakenBack = "entry-withdraw-taken-back" // Event, Link, Player
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
	// Rating is the register's published rating of the entrant's person
	// in the event's list (0 when the account is linked to none): as of
	// the entry, and as it is now for an entry the arbiter is to decide.
	Rating int
	// Reason is why the arbiter declined it, as they typed it.
	Reason string
	// PlayerID is the player an accepted entry became.
	PlayerID  int64
	CreatedAt time.Time
	DecidedAt time.Time
	// WithdrawReason is what the player said when withdrawing, if
	// anything; WithdrawnAt when they withdrew or asked to.
	WithdrawReason string
	WithdrawnAt    time.Time

	// Read, not stored: Position is the entry's place on the waiting list
	// (1 moves up first), 0 off it; WithdrawnFrom the first round the
	// entry's player no longer plays, once withdrawn; Removed that the
	// desk took the accepted entry's player off the start list.
	Position      int
	WithdrawnFrom int
	Removed       bool
}

// Decidable reports whether the arbiter may accept or decline the entry.
func (en *Entry) Decidable() bool { return en.Status == EntryPending || en.Status == EntryWaiting }

// EntryInput is what a player sends with an entry. No rating: the
// conditions read the register's.
type EntryInput struct {
	Note      string
	BirthYear int
	Sex       string
	Region    string
}

// EntryTx keeps the entry settings of events and their entries.
type EntryTx interface {
	// EntrySettings reads an event's settings; the zero settings (closed)
	// when it has none.
	EntrySettings(eventID int64) (*EntrySettings, error)
	SetEntrySettings(s *EntrySettings) error
	// CreateEntry stores a new entry and sets its ID; a second live entry
	// (Status.Live) of the same account in the same event is an ECONFLICT
	// error.
	CreateEntry(e *Entry) error
	// Entries lists an event's entries, oldest first.
	Entries(eventID int64) ([]Entry, error)
	UpdateEntry(e *Entry) error
	// EventsWaiting lists the events that have started (neither in
	// registration nor cancelled) with entries still on their waiting
	// list, by number.
	EventsWaiting() ([]int64, error)
}

// EntryView is what an event's page shows and offers of its entries,
// read on the service's clock.
type EntryView struct {
	Settings EntrySettings
	// Open: entries are taken now (open, before the deadline, the event
	// not started).
	Open bool
	// Full: every place is taken or promised, or others wait already: a
	// new entry goes to the waiting list.
	Full bool
	// Mine is the reader's latest entry, nil when they have none.
	Mine *Entry
	// CanEnter: the signed-in reader may send an entry now (again, after
	// a refusal or a withdrawal).
	CanEnter bool
	// CanWithdraw: the reader may withdraw their own entry now;
	// WithdrawAsks: that is a request the arbiter confirms, round 1 being
	// paired.
	CanWithdraw  bool
	WithdrawAsks bool
	// CanTakeBack: the reader may take back their request to be
	// withdrawn, which the arbiter has not yet confirmed.
	CanTakeBack bool
	// Frozen: the event is cancelled and its entries no longer change;
	// nobody is offered a decision on them.
	Frozen bool
	// Entries are every entry, for the event's arbiter; the reader's own,
	// oldest first, for a player.
	Entries []Entry
	// Meets tells, for the arbiter, which entries awaiting a decision meet
	// the conditions as they are now (they, and the published ratings, may
	// have changed since the entry).
	Meets map[int64]bool
	// OneString tells, for the arbiter, which entries' accounts give the
	// name as one string and play as no person of the register: accepting
	// them asks the surname and given names (AcceptEntryAs).
	OneString map[int64]bool
	// Persons are, for the arbiter, the persons of the register the
	// entries' accounts are linked to, by entry; an entry of an account
	// linked to none is not there.
	Persons map[int64]*tournament.Person
	// Places is how many places a new entry may still have (placesLeft),
	// -1 for no limit.
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
		u := tournament.UserFromContext(ctx)
		v, err = s.entryView(tx, u, e, tournament.CanManage(u, e))
		return err
	})
	return v, err
}

// entryView is the event's entries as u reads them; every entry, with
// whether it meets the conditions now, when manage.
func (s *Service) entryView(tx Tx, u *tournament.User, e *tournament.Event, manage bool) (*EntryView, error) {
	set, err := tx.EntrySettings(e.ID)
	if err != nil {
		return nil, err
	}
	v := &EntryView{Settings: *set, Zone: e.Location(), Places: -1, Frozen: frozen(e) != nil}
	v.Open = s.takesEntries(e, set) == nil
	all, err := tx.Entries(e.ID)
	if err != nil {
		return nil, err
	}
	players, err := tx.Players(e.ID)
	if err != nil {
		return nil, err
	}
	annotate(all, players)
	v.Places = placesLeft(set, len(players), all)
	v.Full = v.Places == 0
	if u == nil {
		return v, nil
	}
	var mine []Entry
	for i := range all {
		if all[i].UserID == u.ID {
			mine = append(mine, all[i])
		}
	}
	if len(mine) > 0 {
		v.Mine = &mine[len(mine)-1]
	}
	accounts, err := tx.PlayerAccounts(e.ID)
	if err != nil {
		return nil, err
	}
	plays := false
	for _, a := range accounts {
		plays = plays || a.ID == u.ID
	}
	paired, err := tx.CountRounds(e.ID)
	if err != nil {
		return nil, err
	}
	v.CanEnter = v.Open && (v.Mine == nil || !v.Mine.Live()) && !plays
	v.CanWithdraw, v.WithdrawAsks = withdrawable(e, paired, v.Mine)
	v.CanTakeBack = !v.Frozen && v.Mine != nil && v.Mine.Status == EntryWithdrawing && !v.Mine.Removed && v.Mine.WithdrawnFrom == 0
	if !manage {
		v.Entries = mine
		return v, nil
	}
	v.Entries = all
	v.Meets, v.OneString, v.Persons = map[int64]bool{}, map[int64]bool{}, map[int64]*tournament.Person{}
	for i := range all {
		en := &all[i]
		person, err := tournament.LinkedPerson(tx, en.UserID)
		if err != nil {
			return nil, err
		}
		if person != nil {
			v.Persons[en.ID] = person
		}
		if !en.Decidable() {
			continue
		}
		account, err := tx.UserByID(en.UserID)
		if err != nil {
			return nil, err
		}
		if v.OneString[en.ID], err = needsSplit(tx, account); err != nil {
			return nil, err
		}
		rating, linked, err := entrantRating(tx, e, en.UserID)
		if err != nil {
			return nil, err
		}
		en.Rating = rating
		v.Meets[en.ID] = set.check(*en, linked) == nil
	}
	return v, nil
}

// entrantRating is the register's published rating, in the event's list,
// of the person the account is linked to; linked is false (and the rating
// 0) when the account is linked to none.
func entrantRating(tx Tx, e *tournament.Event, userID int64) (rating int, linked bool, err error) {
	person, err := tournament.LinkedPerson(tx, userID)
	if err != nil || person == nil {
		return 0, false, err
	}
	rating, err = tx.PublishedRating(person.ID, e.Game, e.Discipline)
	return rating, true, err
}

// SetEntries opens or closes an event to entries and sets their terms.
// Open entries cannot have a deadline that has passed. More places, or
// none limited, move the waiting entries up.
func (s *Service) SetEntries(ctx context.Context, eventID int64, in EntrySettingsInput) (*EntrySettings, error) {
	var out *EntrySettings
	var told []tournament.Notice
	err := s.updateTelling(ctx, &told, func(tx Tx) error {
		e, u, err := tournament.Manageable(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if err := frozen(e); err != nil {
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
		if err := deadlineWithinEvent(set.Deadline, e); err != nil {
			return err
		}
		if set.Open {
			if e.Discipline.IsTeam() || !e.Discipline.PlaysGames() {
				return tournament.Invalid("discipline", "only an individual event of games takes entries online")
			}
			if e.Status != tournament.Registration {
				return tournament.Conflict("", "the event has started; entries are taken before round 1")
			}
			if !set.Deadline.IsZero() && !s.now().Before(set.Deadline) {
				return tournament.Invalid("deadline", "the deadline %s has passed; set one in the future", deadlineText(set.Deadline, e.Location()))
			}
		}
		if err := tx.SetEntrySettings(&set); err != nil {
			return err
		}
		out = &set
		if err := tournament.Audit(tx, s.now(), u, eventID, ActionEntriesSet, fmt.Sprintf("event %d", eventID), before, set, ""); err != nil {
			return err
		}
		told, err = s.moveUp(tx, e, u)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// apply copies the input onto s, checking every field (JoinInvalid).
func (in EntrySettingsInput) apply(s *EntrySettings, zone *time.Location) error {
	var errs []error
	if in.Open != nil {
		s.Open = *in.Open
	}
	if in.Deadline != nil {
		d, err := parseDeadline(*in.Deadline, zone)
		if err == nil {
			err = tournament.CheckYears("deadline", d)
		}
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

// deadlineWithinEvent refuses a deadline after the end of the event's last
// day (its start day when it has no end) in its time zone: nobody enters
// an event that is over. An event without dates takes any deadline.
func deadlineWithinEvent(deadline time.Time, e *tournament.Event) error {
	last := e.EndDate
	if last == "" {
		last = e.StartDate
	}
	if deadline.IsZero() || last == "" {
		return nil
	}
	day, err := time.ParseInLocation(time.DateOnly, last, e.Location())
	if err != nil {
		return fmt.Errorf("the last day %q of event %d: %w", last, e.ID, err)
	}
	if end := day.AddDate(0, 0, 1); deadline.After(end) {
		return tournament.Invalid("deadline", "the deadline %s is after the event ends on %s; entries close before its end", deadlineText(deadline, e.Location()), last)
	}
	return nil
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

// frozen refuses any change of a cancelled event's entries: the event no
// longer changes (CancelEvent), and everyone in its plans was told it is
// off, so an entry withdrawn, taken back, accepted or made after would
// tell of an event that is not held.
func frozen(e *tournament.Event) error {
	if e.Status == tournament.Cancelled {
		return tournament.Conflict("", "the event is cancelled; its entries no longer change")
	}
	return nil
}

// takesEntries explains why the event takes no entries now, or returns nil.
func (s *Service) takesEntries(e *tournament.Event, set *EntrySettings) error {
	if err := frozen(e); err != nil {
		return err
	}
	switch {
	case !set.Open:
		return tournament.Conflict("", "the event takes no entries online; ask its arbiter")
	case e.Status != tournament.Registration:
		return tournament.Conflict("", "the event has started; entries are closed")
	case !s.beforeDeadline(set):
		return tournament.Conflict("deadline", "entries closed at %s, the deadline", deadlineText(set.Deadline, e.Location()))
	}
	return nil
}

// check explains every condition of the event the entry does not meet, or
// returns nil. The entry's rating is the register's published one; linked
// tells whether the account is linked to a person of the register at all.
func (s *EntrySettings) check(en Entry, linked bool) error {
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
	// A rating range applies to the rated: a player without a published
	// rating is below any minimum and within any maximum.
	switch {
	case s.MinRating != 0 && !linked:
		errs = append(errs, tournament.Invalid("rating", "this event is for players rated %d or more in the register; your account is not linked to the register: find yourself among its people and ask to be linked", s.MinRating))
	case s.MinRating != 0 && en.Rating < s.MinRating:
		errs = append(errs, tournament.Invalid("rating", "this event is for players rated %d or more; your published rating is %d", s.MinRating, en.Rating))
	case s.MaxRating != 0 && en.Rating > s.MaxRating:
		errs = append(errs, tournament.Invalid("rating", "this event is for players rated %d or less; your published rating is %d", s.MaxRating, en.Rating))
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
// now, if they meet its conditions (the rating conditions on the
// register's published rating). It awaits the arbiter (pending), or waits
// on the waiting list when the players and the pending entries take every
// place or others wait already. A second live entry and an entry after
// the deadline are refused; after a refusal or a withdrawal the player
// enters again.
func (s *Service) Enter(ctx context.Context, eventID int64, in EntryInput) (*Entry, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to enter an event")
	}
	// Every wrong field is told at once, each at its field, so that the
	// form is corrected in one go.
	note, noteErr := tournament.CleanText("note", in.Note, 1000, false)
	region, regionErr := tournament.CleanText("region", in.Region, 100, false)
	var wrong []error
	for _, err := range []error{
		noteErr, checkSex(in.Sex), regionErr,
		// The birth year is checked as a player's is, since the
		// accepted entry becomes one.
		registration.CheckDetails(tournament.PlayerInput{BirthYear: &in.BirthYear}),
	} {
		if err != nil {
			wrong = append(wrong, err)
		}
	}
	if err := tournament.JoinInvalid(wrong); err != nil {
		return nil, err
	}
	var en *Entry
	var told []tournament.Notice
	err := s.updateTelling(ctx, &told, func(tx Tx) error {
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
		players, err := tx.Players(eventID)
		if err != nil {
			return err
		}
		for i := range all {
			other := &all[i]
			if other.UserID != u.ID || !other.Status.Live() {
				continue
			}
			if other.readPlayer(players); !other.Removed {
				return tournament.Conflict("", "you have entered this event already")
			}
			// The desk took the player off the start list: that entry is
			// over, and the new one goes to the arbiter again.
			before := *other
			other.Status, other.WithdrawnAt = EntryWithdrawn, s.now().UTC()
			if err := tx.UpdateEntry(other); err != nil {
				return err
			}
			if err := tournament.Audit(tx, s.now(), u, eventID, ActionEntryWithdrawn, fmt.Sprintf("entry %d", other.ID), before, other, ""); err != nil {
				return err
			}
		}
		accounts, err := tx.PlayerAccounts(eventID)
		if err != nil {
			return err
		}
		for _, a := range accounts {
			if a.ID == u.ID {
				return tournament.Conflict("", "you play in this event already")
			}
		}
		if strings.TrimSpace(u.Name) == "" {
			return tournament.Invalid("name", "your account has no name; give it on your account page, then enter")
		}
		rating, linked, err := entrantRating(tx, e, u.ID)
		if err != nil {
			return err
		}
		en = &Entry{EventID: eventID, UserID: u.ID, UserEmail: u.Email, Name: u.Name, Status: EntryPending, Note: note,
			BirthYear: in.BirthYear, Sex: in.Sex, Region: region, Rating: rating, CreatedAt: s.now().UTC()}
		if err := set.check(*en, linked); err != nil {
			return err
		}
		// Places freed without a move up (a player removed at the desk)
		// go to those waiting before the newcomer is placed.
		if told, err = s.moveUp(tx, e, u); err != nil {
			return err
		}
		if all, err = tx.Entries(eventID); err != nil {
			return err
		}
		if full(set, len(players), all) {
			en.Status = EntryWaiting
		}
		if err := tx.CreateEntry(en); err != nil {
			return err
		}
		if en.Status == EntryWaiting {
			en.Position = 1
			for _, other := range all {
				if other.Status == EntryWaiting {
					en.Position++
				}
			}
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionEntryCreate, fmt.Sprintf("entry %d", en.ID), nil, en, "")
	})
	if err != nil {
		return nil, err
	}
	return en, nil
}

// decidable loads an entry of an event the context's user may manage.
func decidable(ctx context.Context, tx Tx, eventID, entryID int64) (*tournament.Event, *tournament.User, *Entry, error) {
	e, u, err := tournament.Manageable(ctx, tx, eventID)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := frozen(e); err != nil {
		return nil, nil, nil, err
	}
	en, err := findEntry(tx, eventID, entryID, 0)
	return e, u, en, err
}

// findEntry reads an entry of an event; of the account userID only,
// unless it is 0.
func findEntry(tx Tx, eventID, entryID, userID int64) (*Entry, error) {
	all, err := tx.Entries(eventID)
	if err != nil {
		return nil, err
	}
	for i := range all {
		if all[i].ID == entryID && (userID == 0 || all[i].UserID == userID) {
			return &all[i], nil
		}
	}
	return nil, tournament.NotFound("entry %d not found in event %d", entryID, eventID)
}

// AcceptEntry makes a pending or waiting entry the event's player, named
// from the account and linked to it, while a place is free.
func (s *Service) AcceptEntry(ctx context.Context, eventID, entryID int64) (*Entry, error) {
	var en *Entry
	var told []tournament.Notice
	err := s.updateTelling(ctx, &told, func(tx Tx) error {
		e, u, found, err := decidable(ctx, tx, eventID, entryID)
		if err != nil {
			return err
		}
		en = found
		n, err := s.accept(tx, e, u, en)
		told = []tournament.Notice{n}
		return err
	})
	if err != nil {
		return nil, err
	}
	return en, nil
}

// entryNotice tells the player of a decision on their entry.
func entryNotice(kind string, player *tournament.User, e *tournament.Event, en *Entry, more ...any) tournament.Notice {
	args := []any{"Event", e.Name, "Link", entriesLink(e)}
	if en.Reason != "" {
		args = append(args, "Reason", en.Reason)
	}
	return tournament.Notice{UserID: player.ID, EventID: e.ID, To: player.Email, Locale: player.Locale, Kind: kind, Args: append(args, more...)}
}

func entriesLink(e *tournament.Event) string { return fmt.Sprintf("/events/%d/entries", e.ID) }

// accept makes the entry a player of the event and returns the notice that
// tells the player.
func (s *Service) accept(tx Tx, e *tournament.Event, u *tournament.User, en *Entry) (tournament.Notice, error) {
	if !en.Decidable() {
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
	if account.NamedInParts() {
		// The player is named by the parts, surname first, though the
		// account may still show a name typed in one string before.
		en.Name = account.Surname + " " + account.GivenNames
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
	// An account the register does not know plays unrated: a rating is
	// the register's, never typed.
	in := tournament.PlayerInput{Name: &en.Name, BirthYear: &en.BirthYear, City: &en.Region}
	if person, err := tournament.LinkedPerson(tx, account.ID); err != nil {
		return tournament.Notice{}, err
	} else if person != nil {
		// A player the register knows plays as that person, with the
		// register's details and rating of the event's list.
		in = tournament.PlayerInput{PersonID: &person.ID}
	}
	p, err := registration.AdmitPlayer(tx, s.now(), e, u, in, account)
	if err != nil {
		return tournament.Notice{}, err
	}
	en.Status, en.PlayerID, en.Position, en.DecidedAt = EntryAccepted, p.ID, 0, s.now().UTC()
	if err := tx.UpdateEntry(en); err != nil {
		return tournament.Notice{}, err
	}
	if err := tournament.Audit(tx, s.now(), u, e.ID, ActionEntryAccept, fmt.Sprintf("entry %d", en.ID), before, en, ""); err != nil {
		return tournament.Notice{}, err
	}
	return entryNotice(NoticeAccepted, account, e, en), nil
}

// decidedAlready refuses to decide an entry decided or withdrawn before.
func decidedAlready(en *Entry) error {
	switch en.Status {
	case EntryAccepted, EntryWithdrawing:
		return tournament.Conflict("", "%s: the entry is accepted already", en.Name)
	case EntryWithdrawn:
		return tournament.Conflict("", "%s: the entry is withdrawn", en.Name)
	}
	return tournament.Conflict("", "%s: the entry is declined already", en.Name)
}

// AcceptEntries accepts, oldest first, every pending entry that meets the
// event's conditions as they are now (with the published ratings of now),
// while places are free; the waiting list stays for the arbiter to choose
// from, and so do the entries of accounts that give the name as one
// string, whose surname and given names the arbiter gives one by one
// (AcceptEntryAs). It returns the entries accepted.
func (s *Service) AcceptEntries(ctx context.Context, eventID int64) ([]Entry, error) {
	var done []Entry
	var told []tournament.Notice
	err := s.updateTelling(ctx, &told, func(tx Tx) error {
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
			if en.Status != EntryPending {
				continue
			}
			rating, linked, err := entrantRating(tx, e, en.UserID)
			if err != nil {
				return err
			}
			if en.Rating = rating; set.check(*en, linked) != nil {
				continue
			}
			account, err := tx.UserByID(en.UserID)
			if err != nil {
				return err
			}
			split, err := needsSplit(tx, account)
			if err != nil {
				return err
			}
			if split {
				// The arbiter gives the surname and given names.
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
	return done, nil
}

// DeclineEntry refuses a pending or waiting entry; the reason is shown to
// the player, who may enter again once it is mended. The place a pending
// entry held goes to the first waiting.
func (s *Service) DeclineEntry(ctx context.Context, eventID, entryID int64, reason string) (*Entry, error) {
	reason, err := tournament.CleanText("reason", reason, 1000, true)
	if err != nil {
		return nil, tournament.Invalid("reason", "say why the entry is declined; the player reads it")
	}
	var en *Entry
	var told []tournament.Notice
	err = s.updateTelling(ctx, &told, func(tx Tx) error {
		e, u, found, err := decidable(ctx, tx, eventID, entryID)
		if err != nil {
			return err
		}
		en = found
		if !en.Decidable() {
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
		if err := tournament.Audit(tx, s.now(), u, e.ID, ActionEntryDecline, fmt.Sprintf("entry %d", en.ID), before, en, reason); err != nil {
			return err
		}
		told = []tournament.Notice{entryNotice(NoticeDeclined, account, e, en)}
		moved, err := s.moveUp(tx, e, u)
		told = append(told, moved...)
		return err
	})
	if err != nil {
		return nil, err
	}
	return en, nil
}
