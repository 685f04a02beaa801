package composition

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/rules/solve"
	"adiukh/tournament"
)

// Audit actions of composition contests.
const (
	ActionSetup           = "composition.setup"
	ActionJudges          = "composition.judges"
	ActionSubmit          = "composition.entry_submit"
	ActionEdit            = "composition.entry_edit"
	ActionWithdraw        = "composition.entry_withdraw"
	ActionMark            = "composition.mark"
	ActionProvisional     = "composition.award_provisional"
	ActionAwardEdit       = "composition.award_edit"
	ActionAwardText       = "composition.award_text"
	ActionClaim           = "composition.claim"
	ActionClaimDecision   = "composition.claim_decision"
	ActionFinal           = "composition.award_final"
	ActionAcceptCook      = "composition.cook_accepted"
	defaultMaxNodes       = 2_000_000
	defaultMaxTime        = 10 * time.Second
	defaultTableBytes     = 8 << 20
	defaultMaxEntries     = 20
	maxTextLength         = 10_000
	maxReportLength       = 50_000
	maxSectionNameLength  = 100
	maxContestSectionsLen = 20
)

// Options configure a Service.
type Options struct {
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// MaxNodes is the solver's node budget for one check (an entry with its
	// solution, an answer, a problem of a solving contest), so that a
	// submission never hangs: 2,000,000 (about a second) when 0.
	MaxNodes int64
	// MaxTime is the solver's time budget for one check, which holds when
	// the server is slow: 10 seconds when 0.
	MaxTime time.Duration
	// TableBytes bounds the solver's table for one check: 8 MiB when 0.
	TableBytes int
	// Work is the queue every solver run goes through, shared with any
	// other expensive work of the server: one run at a time per account, as
	// many as the cores on the server, a rate per account. A queue of the
	// default limits on the service's clock when nil.
	Work *WorkQueue
	// MaxEntries bounds the entries one author sends to one contest,
	// withdrawn ones included: 20 when 0.
	MaxEntries int
	// Notify tells authors of the award and of the claims about their
	// entries, after the change is kept; nil tells nobody by mail (the
	// entries page still says it).
	Notify tournament.Notifier
}

// Service runs composition contests. The signed-in user comes from the
// context (tournament.NewContextWithUser).
type Service struct {
	store      Store
	now        func() time.Time
	maxNodes   int64
	maxTime    time.Duration
	tableBytes int
	work       *WorkQueue
	maxEntries int
	notifier   tournament.Notifier
}

// NewService returns a service over st.
func NewService(st Store, opt Options) *Service {
	s := &Service{store: st, now: opt.Now, maxNodes: opt.MaxNodes, maxTime: opt.MaxTime, tableBytes: opt.TableBytes,
		work: opt.Work, maxEntries: opt.MaxEntries, notifier: opt.Notify}
	if s.now == nil {
		s.now = time.Now
	}
	if s.maxNodes <= 0 {
		s.maxNodes = defaultMaxNodes
	}
	if s.maxTime <= 0 {
		s.maxTime = defaultMaxTime
	}
	if s.tableBytes <= 0 {
		s.tableBytes = defaultTableBytes
	}
	if s.work == nil {
		s.work = NewWorkQueue(WorkLimits{Now: s.now})
	}
	if s.maxEntries <= 0 {
		s.maxEntries = defaultMaxEntries
	}
	return s
}

// author is an entry's author as the log keeps them, without their e-mail:
// the director reads the log, and entries are judged by code only (the
// work itself keeps its author, and the award names them).
func author(u *tournament.User) *tournament.User { return &tournament.User{ID: u.ID} }

// solve runs job for the signed-in account u through the work queue, with
// a fresh solver whose budgets bound all the questions of the job together.
// A dropped ctx stops the job, waiting or searching.
func (s *Service) solve(ctx context.Context, u *tournament.User, job func(context.Context, func() *solve.Solver) error) error {
	return s.work.Do(ctx, u.ID, func(ctx context.Context) error {
		return job(ctx, func() *solve.Solver {
			return solve.New(solve.Options{MaxNodes: s.maxNodes, MaxTime: s.maxTime, Together: true, TableBytes: s.tableBytes})
		})
	})
}

// publicName names an account on the contest's public pages and documents:
// its name, or its number when it has none — never its e-mail address.
func publicName(u *tournament.User) string {
	return cmp.Or(u.Name, fmt.Sprintf("#%d", u.ID))
}

func signedIn(ctx context.Context) (*tournament.User, error) {
	u := tournament.UserFromContext(ctx)
	if u == nil {
		return nil, tournament.Unauthorized("sign in to take part in a contest")
	}
	return u, nil
}

// event loads a composition event the user may see; lock locks it for the
// transaction.
func event(ctx context.Context, tx Tx, eventID int64, lock bool) (*tournament.Event, error) {
	if lock {
		if err := tx.LockEvent(eventID); err != nil {
			return nil, err
		}
	}
	e, err := tx.Event(eventID)
	if err != nil {
		return nil, err
	}
	if !tournament.CanRead(tournament.UserFromContext(ctx), e) {
		return nil, tournament.NotFound("event %d not found", eventID)
	}
	if e.Discipline != tournament.Composition {
		return nil, tournament.Invalid("discipline", "%s is a %s event; contests of compositions are held in composition events", e.Name, e.Discipline)
	}
	return e, nil
}

// contest loads the contest of a composition event, locked.
func contest(ctx context.Context, tx Tx, eventID int64) (*tournament.Event, *Contest, error) {
	e, err := event(ctx, tx, eventID, true)
	if err != nil {
		return nil, nil, err
	}
	c, err := tx.Contest(eventID)
	if err != nil {
		return nil, nil, err
	}
	c.zone = e.Location()
	return e, c, nil
}

// directed loads a contest the signed-in user directs (the event's
// arbiter or an administrator), locked.
func directed(ctx context.Context, tx Tx, eventID int64) (*tournament.User, *Contest, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return nil, nil, err
	}
	e, c, err := contest(ctx, tx, eventID)
	if err != nil {
		return nil, nil, err
	}
	if !tournament.CanManage(u, e) {
		return nil, nil, tournament.Forbidden("only the director of the contest (the event's arbiter) or an administrator may do this in %s", e.Name)
	}
	return u, c, nil
}

// ContestInput sets up a contest.
type ContestInput struct {
	Sections    []Section
	Deadline    time.Time
	Scale       float64
	Aggregation Aggregation
	ClaimDays   int
}

// Check reports every problem of the settings, each at its field; Setup
// checks them so, and a form that could not read some of its inputs asks
// for the rest.
func (in ContestInput) Check() error {
	var problems []*tournament.Error
	if len(in.Sections) == 0 || len(in.Sections) > maxContestSectionsLen {
		problems = append(problems, tournament.Invalid("sections", "a contest has 1 to %d sections; got %d", maxContestSectionsLen, len(in.Sections)))
	}
	seen := map[string]bool{}
	for i, sec := range in.Sections {
		name := sec.Name
		switch {
		case name == "":
			problems = append(problems, tournament.Invalid(fmt.Sprintf("sections[%d].name", i), "section %d has no name", i+1))
		case longer(name, maxSectionNameLength):
			problems = append(problems, tournament.Invalid(fmt.Sprintf("sections[%d].name", i), "the name of section %d is longer than %d characters", i+1, maxSectionNameLength))
		case seen[name]:
			problems = append(problems, tournament.Invalid(fmt.Sprintf("sections[%d].name", i), "two sections are named %q", name))
		}
		seen[name] = true
		if longer(sec.Rules, maxTextLength) {
			problems = append(problems, tournament.Invalid(fmt.Sprintf("sections[%d].rules", i), "the rules of section %q are longer than %d characters", name, maxTextLength))
		}
	}
	var late *tournament.Error
	if in.Deadline.IsZero() {
		problems = append(problems, tournament.Invalid("deadline", "set the entry deadline"))
	} else if errors.As(tournament.CheckYears("deadline", in.Deadline), &late) {
		problems = append(problems, late)
	}
	if !(in.Scale > 0 && in.Scale <= 100) {
		problems = append(problems, tournament.Invalid("scale", "the judges' scale runs from 0 to a highest mark of more than 0 and at most 100; got %v", strconv.FormatFloat(in.Scale, 'f', -1, 64)))
	}
	if in.Aggregation != Mean && in.Aggregation != TrimmedMean {
		problems = append(problems, tournament.Invalid("aggregation", "%q is not a way to aggregate marks: mean or trimmed_mean", in.Aggregation))
	}
	if in.ClaimDays < 1 || in.ClaimDays > 365 {
		problems = append(problems, tournament.Invalid("claim_days", "the claims period is 1 to 365 days; got %d", in.ClaimDays))
	}
	return tournament.Every(problems, tournament.Invalid("", "the contest has %d problems", len(problems)))
}

func cleanSections(in []Section) []Section {
	out := make([]Section, len(in))
	for i, sec := range in {
		out[i] = Section{Name: strings.TrimSpace(sec.Name), Rules: strings.TrimSpace(sec.Rules)}
	}
	return out
}

// Setup sets up or changes the contest of a composition event: its
// sections, entry deadline, scale, aggregation and claims period. Only the
// director may, and only before the provisional award; a section with
// entries cannot be removed. Once a judge has marked, the deadline cannot
// open the entries again (an author could then replace a marked work) and
// the scale cannot shrink below a mark given; the mean without the highest
// and lowest marks needs a jury of three or more, once there is a jury.
func (s *Service) Setup(ctx context.Context, eventID int64, in ContestInput, reason string) (*Contest, error) {
	in.Sections = cleanSections(in.Sections)
	if err := in.Check(); err != nil {
		return nil, err
	}
	var out *Contest
	err := s.store.Update(ctx, func(tx Tx) error {
		u, err := signedIn(ctx)
		if err != nil {
			return err
		}
		e, err := event(ctx, tx, eventID, true)
		if err != nil {
			return err
		}
		if !tournament.CanManage(u, e) {
			return tournament.Forbidden("only the director of the contest (the event's arbiter) or an administrator may do this in %s", e.Name)
		}
		old, err := tx.Contest(eventID)
		if err != nil && tournament.ErrorCode(err) != tournament.ENOTFOUND {
			return err
		}
		next := &Contest{EventID: eventID, Stage: Entries}
		if old != nil {
			if old.Fixed() {
				return tournament.Conflict("stage", "the award is published; the contest's settings are fixed")
			}
			cp := *old
			next = &cp
			works, err := tx.Works(eventID)
			if err != nil {
				return err
			}
			for _, w := range works {
				if !w.Withdrawn && !slices.ContainsFunc(in.Sections, func(sec Section) bool { return sec.Name == w.Section }) {
					return tournament.Invalid("sections", "section %q has entries; it cannot be removed", w.Section)
				}
			}
			if err := s.checkJudged(tx, eventID, in); err != nil {
				return err
			}
		}
		// A new deadline must lie ahead; one already set may stay when it has
		// passed, so that the director can still change the other settings.
		if !in.Deadline.After(s.now()) && (old == nil || !in.Deadline.Equal(old.Deadline)) {
			return tournament.Invalid("deadline", "the deadline %s has already passed; set one in the future", tournament.In(in.Deadline, e.Location()))
		}
		next.Sections, next.Deadline, next.Scale = in.Sections, in.Deadline.UTC(), in.Scale
		next.Aggregation, next.ClaimDays = in.Aggregation, in.ClaimDays
		if err := tx.SaveContest(next); err != nil {
			return err
		}
		out = next
		var before any
		if old != nil {
			before = settingsLog(old)
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionSetup, fmt.Sprintf("event %d", eventID), before, settingsLog(next), reason)
	})
	return out, err
}

// checkJudged refuses settings that would undo or misread the judges' work:
// entries opened again after marking began, a scale below a mark given, or
// the trimmed mean with fewer than three judges.
func (s *Service) checkJudged(tx Tx, eventID int64, in ContestInput) error {
	marks, err := tx.Marks(eventID)
	if err != nil {
		return err
	}
	highest := 0.0
	for _, m := range marks {
		highest = max(highest, m.Mark)
	}
	judges, err := tx.Judges(eventID)
	if err != nil {
		return err
	}
	switch {
	case len(marks) > 0 && s.now().Before(in.Deadline):
		return tournament.Conflict("deadline", "the judges have begun marking; the entries cannot be opened again")
	case highest > in.Scale:
		return tournament.Invalid("scale", "a mark of %v has been given; the scale cannot end below it", highest)
	}
	return checkJury("aggregation", in.Aggregation, len(judges))
}

// checkJury refuses the trimmed mean for a jury of one or two (field is the
// input that would make it so): with the highest and lowest marks left out,
// nothing would remain to rank by.
func checkJury(field string, how Aggregation, judges int) error {
	if how == TrimmedMean && judges > 0 && judges < 3 {
		return tournament.Invalid(field, "the mean without the highest and lowest marks needs 3 judges or more; the jury has %d", judges)
	}
	return nil
}

func settingsLog(c *Contest) map[string]any {
	return map[string]any{"sections": c.Sections, "deadline": c.Deadline, "scale": c.Scale, "aggregation": c.Aggregation, "claim_days": c.ClaimDays}
}

// ContestView is a contest as a reader sees it.
type ContestView struct {
	*Contest
	Judges []tournament.User
	// Open reports whether entries are accepted now.
	Open bool
	// IsDirector and IsJudge describe the signed-in user.
	IsDirector bool
	IsJudge    bool
}

// MayMark tells whether the reader may mark the entries: a judge of the
// contest while its marks are not fixed.
func (v *ContestView) MayMark() bool {
	return v.IsJudge && !v.Fixed()
}

// Phase is where the contest stands as its pages say it: "entries" while
// entries are taken, "judging" from the deadline to the provisional award,
// then the award's stage.
func (v *ContestView) Phase() string {
	switch {
	case v.Stage != Entries:
		return string(v.Stage)
	case v.Open:
		return "entries"
	}
	return "judging"
}

// Contest returns an event's contest.
func (s *Service) Contest(ctx context.Context, eventID int64) (*ContestView, error) {
	var v *ContestView
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := event(ctx, tx, eventID, false)
		if err != nil {
			return err
		}
		c, err := tx.Contest(eventID)
		if err != nil {
			return err
		}
		ids, err := tx.Judges(eventID)
		if err != nil {
			return err
		}
		u := tournament.UserFromContext(ctx)
		v = &ContestView{Contest: c, Open: c.Stage == Entries && s.now().Before(c.Deadline), IsDirector: tournament.CanManage(u, e)}
		for _, id := range ids {
			j, err := tx.User(id)
			if err != nil {
				return err
			}
			v.Judges = append(v.Judges, tournament.User{ID: j.ID, Name: publicName(j), Email: j.Email})
			if u != nil && u.ID == id {
				v.IsJudge = true
			}
		}
		return nil
	})
	return v, err
}

// SetJudges assigns the contest's judges (a judge or a jury) by their
// accounts' e-mail addresses. Judges who have marked stay only while
// their marks matter: the list is fixed from the provisional award on.
// Removing a judge who has marked sets their marks aside (they count
// again if the judge is named again): it is refused unless confirmed,
// and the audit entry keeps the marks set aside.
func (s *Service) SetJudges(ctx context.Context, eventID int64, emails []string, reason string, confirm bool) ([]tournament.User, error) {
	var judges []tournament.User
	err := s.store.Update(ctx, func(tx Tx) error {
		u, c, err := directed(ctx, tx, eventID)
		if err != nil {
			return err
		}
		e, err := event(ctx, tx, eventID, false)
		if err != nil {
			return err
		}
		if c.Fixed() {
			return tournament.Conflict("judges", "the award is published; the jury is fixed")
		}
		old, err := tx.Judges(eventID)
		if err != nil {
			return err
		}
		var ids []int64
		for i, email := range emails {
			email = strings.TrimSpace(email)
			j, err := tx.UserByEmail(email)
			if tournament.ErrorCode(err) == tournament.ENOTFOUND {
				return tournament.Invalid(fmt.Sprintf("judges[%d]", i), "no account has the e-mail address %q", email)
			}
			if err != nil {
				return err
			}
			if slices.Contains(ids, j.ID) {
				return tournament.Invalid(fmt.Sprintf("judges[%d]", i), "%s is named twice", email)
			}
			// The director sees every judge's marks and decides the claims:
			// a judge must see only their own marks until the award.
			if tournament.CanManage(j, e) {
				return tournament.Conflict(fmt.Sprintf("judges[%d]", i), "%s directs the contest (the event's arbiter or an administrator) and cannot judge it", email)
			}
			works, err := tx.Works(eventID)
			if err != nil {
				return err
			}
			for _, w := range works {
				if w.AuthorID == j.ID && !w.Withdrawn {
					return tournament.Conflict(fmt.Sprintf("judges[%d]", i), "%s has an entry in the contest and cannot judge it", email)
				}
			}
			ids = append(ids, j.ID)
			judges = append(judges, tournament.User{ID: j.ID, Name: publicName(j), Email: j.Email})
		}
		if err := checkJury("judges", c.Aggregation, len(ids)); err != nil {
			return err
		}
		aside, err := marksSetAside(tx, eventID, old, ids)
		if err != nil {
			return err
		}
		if len(aside) > 0 && !confirm {
			return tournament.Conflict("confirm", "the judges removed have given %d marks, which would no longer count; confirm the removal (the audit log keeps the marks)", len(aside))
		}
		if err := tx.SetJudges(eventID, ids); err != nil {
			return err
		}
		if len(aside) > 0 {
			return tournament.Audit(tx, s.now(), u, eventID, ActionJudges, fmt.Sprintf("event %d", eventID),
				map[string]any{"judges": old, "marks": aside}, map[string]any{"judges": ids}, reason)
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionJudges, fmt.Sprintf("event %d", eventID), old, ids, reason)
	})
	return judges, err
}

// marksSetAside lists the marks of the judges in old but not in now, as
// the audit log keeps them: the judge's address, the entry's code, the
// mark and its comment.
func marksSetAside(tx Tx, eventID int64, old, now []int64) ([]map[string]any, error) {
	marks, err := tx.Marks(eventID)
	if err != nil {
		return nil, err
	}
	works, err := tx.Works(eventID)
	if err != nil {
		return nil, err
	}
	codes := map[int64]string{}
	for _, w := range works {
		codes[w.ID] = w.Code
	}
	var out []map[string]any
	for _, m := range marks {
		if !slices.Contains(old, m.JudgeID) || slices.Contains(now, m.JudgeID) {
			continue
		}
		j, err := tx.User(m.JudgeID)
		if err != nil {
			return nil, err
		}
		out = append(out, map[string]any{"judge": j.Email, "code": codes[m.WorkID], "mark": m.Mark, "comment": m.Comment})
	}
	return out, nil
}

// EntryInput is an author's entry to a section.
type EntryInput struct {
	Section string
	Entry
	Comment string
}

// check validates the entry and runs the solver on it for u, outside any
// transaction and through the work queue: the budgets bound the time.
func (s *Service) check(ctx context.Context, u *tournament.User, in EntryInput) (Entry, Findings, error) {
	var entry Entry
	var findings Findings
	err := s.solve(ctx, u, func(ctx context.Context, solver func() *solve.Solver) error {
		var err error
		entry, findings, err = s.verify(ctx, solver(), in)
		return err
	})
	return entry, findings, err
}

// verify validates the entry and judges it with solver.
func (s *Service) verify(ctx context.Context, solver *solve.Solver, in EntryInput) (Entry, Findings, error) {
	pr, clean, err := prepare(in)
	if err != nil {
		return Entry{}, Findings{}, err
	}
	r, err := Check(ctx, solver, pr)
	if err != nil {
		return Entry{}, Findings{}, err
	}
	return clean, findingsOf(r), nil
}

// prepare validates the entry, without the solver: the problem to judge
// and the entry as it is kept (its position, side and stipulation written
// as the rules write them).
func prepare(in EntryInput) (*Problem, Entry, error) {
	pr, err := Validate(in.Entry)
	if err != nil {
		return nil, Entry{}, err
	}
	if longer(in.Comment, maxTextLength) {
		return nil, Entry{}, tournament.Invalid("comment", "the comment is longer than %d characters", maxTextLength)
	}
	if longer(in.Solution, maxTextLength) {
		return nil, Entry{}, tournament.Invalid("solution", "the solution is longer than %d characters", maxTextLength)
	}
	if len(pr.Solution) == 0 {
		return nil, Entry{}, tournament.Invalid("solution", "give the solution: at least the first move")
	}
	clean := Entry{Position: pr.Position.String(), Side: pr.Side.String(), Stipulation: pr.Stipulation.String(), Solution: strings.TrimSpace(in.Solution)}
	return pr, clean, nil
}

// notTwice refuses a work the author has entered in the section already:
// a form sent twice, or a script that retries, must not make two entries.
func notTwice(tx Tx, u *tournament.User, eventID int64, section string, entry Entry) error {
	works, err := tx.Works(eventID)
	if err != nil {
		return err
	}
	for _, old := range works {
		if old.AuthorID == u.ID && !old.Withdrawn && old.Section == section && old.Entry == entry {
			return tournament.Conflict("position", "you have already entered this work as %s", old.Code)
		}
	}
	return nil
}

func (s *Service) open(c *Contest) error {
	if c.Stage != Entries || !s.now().Before(c.Deadline) {
		return tournament.Conflict("deadline", "entries closed at %s", c.moment(c.Deadline))
	}
	return nil
}

// Submit enters a composition: any signed-in account but the judges may,
// until the deadline. The solver checks the entry at once and the work
// comes back with its findings.
func (s *Service) Submit(ctx context.Context, eventID int64, in EntryInput) (*Work, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	// Asked before the solver's second of work, so that nobody can spend it
	// on a contest they may not enter or on a work they entered already,
	// and again where the entry is kept.
	mayEnter := func(tx Tx) error {
		if err := s.mayEnter(ctx, tx, u, eventID, in.Section); err != nil {
			return err
		}
		_, clean, err := prepare(in)
		if err != nil {
			return err
		}
		return notTwice(tx, u, eventID, in.Section, clean)
	}
	if err := s.store.View(ctx, mayEnter); err != nil {
		return nil, err
	}
	entry, findings, err := s.check(ctx, u, in)
	if err != nil {
		return nil, err
	}
	var w *Work
	err = s.store.Update(ctx, func(tx Tx) error {
		if err := mayEnter(tx); err != nil {
			return err
		}
		works, err := tx.Works(eventID)
		if err != nil {
			return err
		}
		now := s.now().UTC()
		w = &Work{EventID: eventID, Code: fmt.Sprintf("%03d", len(works)+1), Section: in.Section, AuthorID: u.ID,
			Entry: entry, Comment: strings.TrimSpace(in.Comment), Findings: findings, SubmittedAt: now, UpdatedAt: now}
		if err := tx.AddWork(w); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), author(u), eventID, ActionSubmit, "entry "+w.Code, nil, workLog(w), "")
	})
	return w, err
}

// mayEnter checks that the author may enter the section of the contest
// now: the contest is open, has the section, the author is not its judge
// and has sent fewer entries than the cap.
func (s *Service) mayEnter(ctx context.Context, tx Tx, u *tournament.User, eventID int64, section string) error {
	e, c, err := contest(ctx, tx, eventID)
	if err != nil {
		return err
	}
	// The director rules on the claims against the entries and sees the
	// jury's marks: an entry of theirs could not be judged fairly.
	if tournament.CanManage(u, e) {
		return tournament.Forbidden("the director of the contest (the event's arbiter or an administrator) cannot enter it")
	}
	if err := s.open(c); err != nil {
		return err
	}
	if c.Section(section) == nil {
		return tournament.Invalid("section", "the contest has no section %q", section)
	}
	judges, err := tx.Judges(eventID)
	if err != nil {
		return err
	}
	if slices.Contains(judges, u.ID) {
		return tournament.Forbidden("a judge of the contest cannot enter it")
	}
	works, err := tx.Works(eventID)
	if err != nil {
		return err
	}
	// Withdrawn entries count: each cost a solver run and stays stored.
	sent := 0
	for _, w := range works {
		if w.AuthorID == u.ID {
			sent++
		}
	}
	if sent >= s.maxEntries {
		return tournament.Conflict("", "an author may send at most %d entries to a contest, withdrawn ones included; you have sent %d", s.maxEntries, sent)
	}
	return nil
}

func workLog(w *Work) map[string]any {
	return map[string]any{"section": w.Section, "position": w.Position, "side": w.Side, "stipulation": w.Stipulation,
		"solution": w.Solution, "verdict": w.Findings.Verdict, "withdrawn": w.Withdrawn}
}

// own loads a work of the signed-in author in an open contest, locked.
func (s *Service) own(ctx context.Context, tx Tx, u *tournament.User, workID int64) (*Work, *Contest, error) {
	w, err := tx.Work(workID)
	if err != nil {
		return nil, nil, err
	}
	if w.AuthorID != u.ID {
		return nil, nil, tournament.NotFound("entry %d not found among your entries", workID)
	}
	_, c, err := contest(ctx, tx, w.EventID)
	if err != nil {
		return nil, nil, err
	}
	if err := s.open(c); err != nil {
		return nil, nil, err
	}
	if w.Withdrawn {
		return nil, nil, tournament.Conflict("", "entry %s is withdrawn", w.Code)
	}
	return w, c, nil
}

// Edit changes an author's entry before the deadline; the solver checks it
// again.
func (s *Service) Edit(ctx context.Context, workID int64, in EntryInput) (*Work, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	var w *Work
	// Asked before the solver runs and again where the entry is kept, as
	// for a new entry.
	mayEdit := func(tx Tx) error {
		found, c, err := s.own(ctx, tx, u, workID)
		if err != nil {
			return err
		}
		if c.Section(in.Section) == nil {
			return tournament.Invalid("section", "the contest has no section %q", in.Section)
		}
		w = found
		return nil
	}
	if err := s.store.View(ctx, mayEdit); err != nil {
		return nil, err
	}
	entry, findings, err := s.check(ctx, u, in)
	if err != nil {
		return nil, err
	}
	err = s.store.Update(ctx, func(tx Tx) error {
		if err := mayEdit(tx); err != nil {
			return err
		}
		before := workLog(w)
		w.Section, w.Entry, w.Comment, w.Findings, w.UpdatedAt = in.Section, entry, strings.TrimSpace(in.Comment), findings, s.now().UTC()
		if err := tx.SaveWork(w); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), author(u), w.EventID, ActionEdit, "entry "+w.Code, before, workLog(w), "")
	})
	return w, err
}

// Withdraw takes an author's entry back before the deadline.
func (s *Service) Withdraw(ctx context.Context, workID int64) (*Work, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	var w *Work
	err = s.store.Update(ctx, func(tx Tx) error {
		if w, _, err = s.own(ctx, tx, u, workID); err != nil {
			return err
		}
		w.Withdrawn, w.UpdatedAt = true, s.now().UTC()
		if err := tx.SaveWork(w); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), author(u), w.EventID, ActionWithdraw, "entry "+w.Code, nil, workLog(w), "")
	})
	return w, err
}

// MyWork is an author's entry as its author sees it: once the award is
// published, its honour (nil when it has none) and the claims about it
// with the director's decisions.
type MyWork struct {
	Work
	Honour *Distinction
	// ExAequo: another entry of the section shares the honour and place.
	ExAequo bool
	Claims  []PublicClaim
}

// MyWorks lists the signed-in author's entries to a contest, with their
// honours and the claims about them once the award is published.
func (s *Service) MyWorks(ctx context.Context, eventID int64) ([]MyWork, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	var mine []MyWork
	err = s.store.View(ctx, func(tx Tx) error {
		if _, err := event(ctx, tx, eventID, false); err != nil {
			return err
		}
		works, err := tx.Works(eventID)
		if err != nil {
			return err
		}
		for _, w := range works {
			if w.AuthorID == u.ID {
				mine = append(mine, MyWork{Work: w})
			}
		}
		if len(mine) == 0 {
			return nil
		}
		c, err := tx.Contest(eventID)
		if err != nil || c.Stage == Entries {
			return err
		}
		claims, err := tx.Claims(eventID)
		if err != nil {
			return err
		}
		sections := map[string]string{}
		for _, w := range works {
			sections[w.Code] = w.Section
		}
		for i := range mine {
			m := &mine[i]
			if k := slices.IndexFunc(c.Award, func(d Distinction) bool { return d.Code == m.Code }); k >= 0 {
				m.Honour = &c.Award[k]
				m.ExAequo = m.Honour.Honour.Numbered() && slices.ContainsFunc(c.Award, func(d Distinction) bool {
					return d.Code != m.Code && sections[d.Code] == m.Section && d.Honour == m.Honour.Honour && d.Place == m.Honour.Place
				})
			}
			for _, cl := range claims {
				if cl.WorkID == m.ID {
					m.Claims = append(m.Claims, cl.public(m.Code))
				}
			}
		}
		return nil
	})
	return mine, err
}

// Anonymous is a work as the jury sees it: by code, never by author.
type Anonymous struct {
	Code    string
	Section string
	Entry
	Comment  string
	Findings Findings
	// Marks are the marks the reader may see: a judge their own, the
	// director every judge's.
	Marks []Mark
	// Score is the aggregate of the marks, when every judge has marked
	// (ranking only).
	Score *float64
	Rank  int // within the section, 0 while unranked
	// Failed is why the work is not ranked; zero while it is.
	Failed rules.Message
	// Incorrect: refuted, or cooked without the director's acceptance; it
	// needs no marks and is never ranked.
	Incorrect bool
	// Twins are the works with the same position, possible anticipations
	// (the director's view only).
	Twins []Twin
}

// jury is the reader of the jury's pages: a judge or the director.
type jury struct {
	user     *tournament.User
	director bool
	judges   []int64
}

func juryOf(ctx context.Context, tx Tx, e *tournament.Event) (*jury, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	judges, err := tx.Judges(e.ID)
	if err != nil {
		return nil, err
	}
	j := &jury{user: u, director: tournament.CanManage(u, e), judges: judges}
	if !j.director && !slices.Contains(judges, u.ID) {
		return nil, tournament.Forbidden("only the judges and the director of %s see its entries before the award", e.Name)
	}
	return j, nil
}

// ForJudging lists the contest's entries anonymously with the solver's
// findings, for the judges and the director, once the deadline has
// passed; a judge sees their own marks, the director every judge's and
// the ranking.
func (s *Service) ForJudging(ctx context.Context, eventID int64) ([]Anonymous, error) {
	var out []Anonymous
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := event(ctx, tx, eventID, false)
		if err != nil {
			return err
		}
		c, err := tx.Contest(eventID)
		if err != nil {
			return err
		}
		c.zone = e.Location()
		j, err := juryOf(ctx, tx, e)
		if err != nil {
			return err
		}
		if c.Stage == Entries && s.now().Before(c.Deadline) {
			return tournament.Conflict("deadline", "entries are open until %s; judging starts after the deadline", c.moment(c.Deadline))
		}
		out, err = ranking(tx, c, j.judges)
		if err != nil {
			return err
		}
		if j.director {
			return flagTwins(tx, c, out)
		}
		for i := range out {
			out[i].Marks = slices.DeleteFunc(out[i].Marks, func(m Mark) bool { return m.JudgeID != j.user.ID })
			out[i].Score, out[i].Rank, out[i].Failed = nil, 0, rules.Message{}
		}
		// A judge reads the entries in the order of the sections and their
		// codes: the ranking's order would tell the others' marks.
		order := sectionOrder(c)
		slices.SortStableFunc(out, func(a, b Anonymous) int {
			return cmp.Or(order[a.Section]-order[b.Section], strings.Compare(a.Code, b.Code))
		})
		return nil
	})
	return out, err
}

// ranking aggregates the marks of the standing works and ranks them within
// their sections, best first; works not yet marked by every judge come
// last, unranked, with the reason.
// incorrectness says why an incorrect work is not ranked: refuted, or
// cooked with the keys the solver found.
func incorrectness(w Work) rules.Message {
	if w.Findings.Verdict == Cooked {
		return say("cooked: the keys %s all solve it", strings.Join(w.Findings.Keys, ", "))
	}
	return say("refuted by the solver")
}

func ranking(tx Tx, c *Contest, judges []int64) ([]Anonymous, error) {
	works, err := tx.Works(c.EventID)
	if err != nil {
		return nil, err
	}
	marks, err := tx.Marks(c.EventID)
	if err != nil {
		return nil, err
	}
	byWork := map[int64][]Mark{}
	for _, m := range marks {
		if slices.Contains(judges, m.JudgeID) {
			byWork[m.WorkID] = append(byWork[m.WorkID], m)
		}
	}
	var out []Anonymous
	for _, w := range works {
		if w.Withdrawn {
			continue
		}
		a := Anonymous{Code: w.Code, Section: w.Section, Entry: w.Entry, Comment: w.Comment, Findings: w.Findings, Marks: byWork[w.ID]}
		// An incorrect work (refuted, or cooked unless the director accepted
		// the cook) cannot be honoured, so it needs no marks; with every mark
		// or without, it is never ranked.
		incorrect := w.Incorrect()
		a.Incorrect = incorrect
		switch {
		case w.Eliminated != "":
			a.Failed = say("eliminated, %s", w.Elimination())
		case len(judges) == 0:
			a.Failed = say("no judges are assigned")
		case incorrect && len(a.Marks) < len(judges):
			a.Failed = incorrectness(w)
		case len(a.Marks) < len(judges):
			a.Failed = say("marked by %d of %d judges", len(a.Marks), len(judges))
		default:
			values := make([]float64, len(a.Marks))
			for i, m := range a.Marks {
				values[i] = m.Mark
			}
			score, err := Aggregate(c.Aggregation, values)
			if te := (*tournament.Error)(nil); errors.As(err, &te) {
				a.Failed = te.Said()
			} else {
				a.Score = &score
			}
			if incorrect {
				a.Failed = incorrectness(w)
			}
		}
		out = append(out, a)
	}
	order := sectionOrder(c)
	rankable := func(a Anonymous) bool { return a.Score != nil && a.Failed.Format == "" }
	slices.SortStableFunc(out, func(a, b Anonymous) int {
		if d := order[a.Section] - order[b.Section]; d != 0 {
			return d
		}
		switch {
		case rankable(a) && !rankable(b):
			return -1
		case !rankable(a) && rankable(b):
			return 1
		case a.Score != nil && b.Score != nil && *a.Score != *b.Score:
			if *a.Score > *b.Score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Code, b.Code)
	})
	// Equal scores share a place (1, 2, 2, 4): an award by numbers then
	// gives them the same honour and place, ex aequo, rather than letting
	// the order of their codes decide.
	rank, counted, section := 0, 0, ""
	var last *float64
	for i := range out {
		if out[i].Section != section {
			rank, counted, section, last = 0, 0, out[i].Section, nil
		}
		if !rankable(out[i]) {
			continue
		}
		counted++
		if last == nil || *out[i].Score != *last {
			rank = counted
		}
		out[i].Rank, last = rank, out[i].Score
	}
	return out, nil
}

// sectionOrder gives each section of the contest its place in the
// contest's order.
func sectionOrder(c *Contest) map[string]int {
	order := map[string]int{}
	for i, sec := range c.Sections {
		order[sec.Name] = i
	}
	return order
}

// MarkInput is a judge's mark for an entry, by its code.
type MarkInput struct {
	Code string
	// Mark is the mark as the judge wrote it: a plain decimal, with a
	// point or a comma, at most two places ("7", "3,5", "8.25").
	Mark    string
	Comment string
}

// markPattern is a mark as judges write one. "1e0" or "3.14159" is a number
// to a program but no judge's mark, and the form and the API read the same.
var markPattern = regexp.MustCompile(`^[0-9]{1,4}([.,][0-9]{1,2})?$`)

// parseMark reads a mark written by a judge.
func parseMark(text string) (float64, error) {
	text = strings.TrimSpace(text)
	if !markPattern.MatchString(text) {
		return 0, tournament.Invalid("mark", "%q is not a mark: write a number such as 3.5", text)
	}
	return strconv.ParseFloat(strings.Replace(text, ",", ".", 1), 64)
}

// Mark records a judge's mark and comment for an entry, after the deadline
// and before the provisional award; a second mark replaces the first.
func (s *Service) Mark(ctx context.Context, eventID int64, in MarkInput) (*Mark, error) {
	mark, err := parseMark(in.Mark)
	if err != nil {
		return nil, err
	}
	var m *Mark
	err = s.store.Update(ctx, func(tx Tx) error {
		e, c, err := contest(ctx, tx, eventID)
		if err != nil {
			return err
		}
		u, err := signedIn(ctx)
		if err != nil {
			return err
		}
		judges, err := tx.Judges(eventID)
		if err != nil {
			return err
		}
		if !slices.Contains(judges, u.ID) {
			return tournament.Forbidden("only the judges of %s mark its entries", e.Name)
		}
		switch {
		case c.Fixed():
			return tournament.Conflict("stage", "the award is published; marks are fixed")
		case s.now().Before(c.Deadline):
			return tournament.Conflict("deadline", "entries are open until %s; judging starts after the deadline", c.moment(c.Deadline))
		case mark > c.Scale:
			return tournament.Invalid("mark", "a mark is from 0 to %v on this contest's scale; got %v", c.Scale, mark)
		case longer(in.Comment, maxTextLength):
			return tournament.Invalid("comment", "the comment is longer than %d characters", maxTextLength)
		}
		w, err := workByCode(tx, eventID, in.Code)
		if err != nil {
			return err
		}
		m = &Mark{WorkID: w.ID, JudgeID: u.ID, Mark: mark, Comment: strings.TrimSpace(in.Comment), At: s.now().UTC()}
		if err := tx.SaveMark(m); err != nil {
			return err
		}
		if err := advanceEvent(tx, eventID, tournament.Running); err != nil {
			return err
		}
		return tournament.Audit(tx, s.now(), u, eventID, ActionMark, "entry "+w.Code, nil, map[string]any{"mark": m.Mark, "comment": m.Comment}, "")
	})
	return m, err
}

func workByCode(tx Tx, eventID int64, code string) (*Work, error) {
	works, err := tx.Works(eventID)
	if err != nil {
		return nil, err
	}
	for i := range works {
		if works[i].Code == strings.TrimSpace(code) && !works[i].Withdrawn {
			return &works[i], nil
		}
	}
	return nil, tournament.NotFound("entry %q not found in event %d", code, eventID)
}
