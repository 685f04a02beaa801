package composition

import (
	"context"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
)

// Stage is where a contest stands.
type Stage string

const (
	// Entries: authors submit until the deadline, then the judges mark.
	Entries Stage = "entries"
	// Provisional: the provisional award is published; claims may be filed
	// until the claims period ends.
	Provisional Stage = "provisional"
	// Final: the final award is published; nothing changes any more.
	Final Stage = "final"
)

// Section is a section of a contest (problems, études, miniatures …) with
// its own rules text.
type Section struct {
	Name  string `json:"name"`
	Rules string `json:"rules"`
}

// Contest is a composition event's contest: its sections, the entry
// deadline, the judges' scale and aggregation, the claims period and the
// award.
type Contest struct {
	EventID  int64
	Sections []Section
	Deadline time.Time
	// Scale is the highest mark a judge may give (marks run from 0).
	Scale       float64
	Aggregation Aggregation
	// ClaimDays is the length of the claims period after the provisional
	// award.
	ClaimDays     int
	Stage         Stage
	ProvisionalAt time.Time
	ClaimsUntil   time.Time
	FinalAt       time.Time
	// Award lists the distinctions of the published award.
	Award []Distinction
	// AwardPlace is where the award is given (a city), and AwardReport
	// the judge's report that introduces it, as award booklets print
	// them with the award's date.
	AwardPlace, AwardReport string
	// zone is the event's time zone, in which messages name the
	// contest's moments; set where the contest is read with its event.
	zone *time.Location
}

// moment names one of the contest's moments in a message, in the event's
// time zone (UTC when the contest was read without its event).
func (c *Contest) moment(at time.Time) tournament.Moment { return tournament.In(at, c.zone) }

// Fixed reports whether the award is published, from which on the
// contest's settings, its jury and the judges' marks no longer change:
// Setup, SetJudges and Mark refuse them, and the pages offer no form.
func (c *Contest) Fixed() bool { return c.Stage != Entries }

// AwardDate is the date the award bears: the final award's, else the
// provisional award's; zero before the award.
func (c *Contest) AwardDate() time.Time {
	if c.Stage == Final {
		return c.FinalAt
	}
	return c.ProvisionalAt
}

// Section returns the named section, nil when there is none.
func (c *Contest) Section(name string) *Section {
	for i := range c.Sections {
		if c.Sections[i].Name == name {
			return &c.Sections[i]
		}
	}
	return nil
}

// Honour is the kind of distinction.
type Honour string

const (
	Prize Honour = "prize"
	// SpecialPrize is a prize for a particular merit (a theme, a
	// miniature), given by name only, never by numbers; it ranks after
	// the prizes.
	SpecialPrize Honour = "special_prize"
	Mention      Honour = "honourable_mention"
	Commendation Honour = "commendation"
)

// Key names the honour's catalogue entry, by which messages name it.
func (h Honour) Key() string { return "compo.honour." + string(h) }

// Words names the honour in English messages: "honourable mention".
func (h Honour) Words() string { return strings.ReplaceAll(string(h), "_", " ") }

// Numbered tells whether the honour is read with its place ("2-й приз",
// "1-й почётный отзыв"): a special prize and a commendation are not, so
// they are never ex aequo either.
func (h Honour) Numbered() bool { return h == Prize || h == Mention }

// Distinction is one line of an award: an entry (by its code), its
// distinction and place within the section.
type Distinction struct {
	Code   string `json:"code"`
	Honour Honour `json:"honour"`
	Place  int    `json:"place"`
}

// Work is an entry of a contest as stored: the author's composition, its
// anonymous code and the solver's findings.
type Work struct {
	ID      int64
	EventID int64
	// Code is the anonymous code judges know the work by.
	Code     string
	Section  string
	AuthorID int64
	Entry
	Comment     string
	Findings    Findings
	SubmittedAt time.Time
	UpdatedAt   time.Time
	Withdrawn   bool
	// Eliminated is the reason an upheld claim took the work out of the
	// award, "kind: the director's reason"; "" while it stands.
	Eliminated string
	// CookAccepted is the director's reason for accepting the work's
	// cook; "" while a cooked work stays incorrect.
	CookAccepted string
}

// Incorrect tells whether the work cannot be ranked or honoured for what
// the solver found: refuted, or cooked (a second key) unless the director
// accepted the cook.
func (w Work) Incorrect() bool {
	return w.Findings.Verdict == Unsound || (w.Findings.Verdict == Cooked && w.CookAccepted == "")
}

// Elimination says why an upheld claim took the work out of the award, to
// be shown in the reader's language: the kind of claim and the director's
// reason.
func (w Work) Elimination() rules.Message {
	kind, reason, _ := strings.Cut(w.Eliminated, ": ")
	return say("%s: %s", ClaimKind(kind), reason)
}

// Mark is a judge's mark for a work.
type Mark struct {
	WorkID  int64
	JudgeID int64
	Mark    float64
	Comment string
	At      time.Time
}

// ClaimKind is what a claim against a work says.
type ClaimKind string

const (
	ClaimUnsound     ClaimKind = "unsound"
	ClaimAnticipated ClaimKind = "anticipated"
)

// Message names the kind of claim, to be shown in the reader's language.
func (k ClaimKind) Message() rules.Message {
	if k == ClaimAnticipated {
		return say("anticipated")
	}
	return say("unsound")
}

// ClaimStatus is where a claim stands.
type ClaimStatus string

const (
	ClaimOpen     ClaimStatus = "open"
	ClaimUpheld   ClaimStatus = "upheld"
	ClaimRejected ClaimStatus = "rejected"
)

// Claim is a claim filed against a work of the provisional award.
type Claim struct {
	ID        int64
	EventID   int64
	WorkID    int64
	UserID    int64
	Kind      ClaimKind
	Evidence  string
	Status    ClaimStatus
	Reason    string // the director's reason for the decision
	FiledAt   time.Time
	DecidedAt time.Time
}

// Store keeps contests beside their events; every use case runs in one
// Update, one database transaction.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// Tx is the store inside one transaction. Lookups of missing rows return
// an *tournament.Error with code ENOTFOUND.
type Tx interface {
	Event(id int64) (*tournament.Event, error)
	// UpdateEvent saves the event's settings and status.
	UpdateEvent(e *tournament.Event) error
	// LockEvent serializes the writes of one event (see tournament.Tx).
	LockEvent(id int64) error
	AddAudit(a *tournament.AuditEntry) error
	UserByEmail(email string) (*tournament.User, error)
	User(id int64) (*tournament.User, error)
	// The authors' inboxes on the site keep the contest's notices.
	tournament.InboxTx

	// DueContests lists, by ID, the events still in registration whose
	// contest took entries until a deadline that has passed at the given
	// moment: their judging has begun.
	DueContests(at time.Time) ([]int64, error)
	// Contest reads an event's contest; ENOTFOUND before it is set up.
	Contest(eventID int64) (*Contest, error)
	// SaveContest creates or replaces the contest of c.EventID.
	SaveContest(c *Contest) error
	// Awarded lists, by ID, the events whose contest has published its
	// award, provisional or final.
	Awarded() ([]int64, error)
	// Judges lists the accounts judging the contest, by ID.
	Judges(eventID int64) ([]int64, error)
	SetJudges(eventID int64, userIDs []int64) error

	AddWork(w *Work) error
	Work(id int64) (*Work, error)
	SaveWork(w *Work) error
	// Works lists the works of an event by ID, withdrawn ones too.
	Works(eventID int64) ([]Work, error)

	// SaveMark creates or replaces a judge's mark for a work.
	SaveMark(m *Mark) error
	// Marks lists the marks of an event's works.
	Marks(eventID int64) ([]Mark, error)

	AddClaim(c *Claim) error
	Claim(id int64) (*Claim, error)
	SaveClaim(c *Claim) error
	// Claims lists an event's claims by ID.
	Claims(eventID int64) ([]Claim, error)

	SolvingTx
}
