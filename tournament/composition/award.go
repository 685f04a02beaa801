package composition

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"adiukh/rules"
	"adiukh/tournament"
)

// AwardInput is the director's award. Items, when given, are the award as
// the director edits it; otherwise the places are derived from the
// ranking: in every section the first Prizes ranked entries get prizes,
// the next Mentions honourable mentions, the next Commendations
// commendations.
type AwardInput struct {
	Prizes, Mentions, Commendations int
	Items                           []Distinction
	// Place is where the award is given: the event's city when empty.
	// Report is the judge's report that introduces the award.
	Place, Report string
}

// PublishProvisional publishes the provisional award after the deadline,
// once every judge has marked every entry, and opens the claims period.
func (s *Service) PublishProvisional(ctx context.Context, eventID int64, in AwardInput, reason string) (*Contest, error) {
	var out *Contest
	var told []tournament.Notice
	err := s.store.Update(ctx, func(tx Tx) error {
		u, c, err := directed(ctx, tx, eventID)
		if err != nil {
			return err
		}
		switch {
		case c.Stage != Entries:
			return tournament.Conflict("stage", "the award is already published")
		case s.now().Before(c.Deadline):
			return tournament.Conflict("deadline", "entries are open until %s; the award comes after judging", c.moment(c.Deadline))
		}
		judges, err := tx.Judges(eventID)
		if err != nil {
			return err
		}
		if len(judges) == 0 {
			return tournament.Conflict("judges", "the contest has no judge: assign a judge or a jury, who mark the entries, before the award")
		}
		ranked, err := ranking(tx, c, judges)
		if err != nil {
			return err
		}
		if len(ranked) == 0 {
			return tournament.Conflict("entries", "the contest has no entries to award")
		}
		var unmarked []rules.Message
		for _, a := range ranked {
			if a.Score == nil && !a.Incorrect {
				unmarked = append(unmarked, say("%s (%s)", a.Code, a.Failed))
			}
		}
		if len(unmarked) > 0 {
			return tournament.Conflict("marks", "every entry needs its marks before the award; not yet: %s", listOf(unmarked))
		}
		place, report, err := awardText(tx, eventID, in.Place, in.Report)
		if err != nil {
			return err
		}
		items := in.Items
		if len(items) == 0 {
			if items, err = derive(ranked, in); err != nil {
				return err
			}
		}
		if err := checkAward(tx, eventID, items); err != nil {
			return err
		}
		now := s.now().UTC()
		c.Stage, c.Award, c.ProvisionalAt, c.AwardPlace, c.AwardReport = Provisional, items, now, place, report
		c.ClaimsUntil = now.Add(time.Duration(c.ClaimDays) * 24 * time.Hour)
		if err := tx.SaveContest(c); err != nil {
			return err
		}
		if err := advanceEvent(tx, eventID, tournament.Running); err != nil {
			return err
		}
		if told, err = awardNotices(tx, eventID, NoticeAwardProvisional); err != nil {
			return err
		}
		if err := tournament.Tell(tx, s.now(), told); err != nil {
			return err
		}
		out = c
		return tournament.Audit(tx, s.now(), u, eventID, ActionProvisional, fmt.Sprintf("event %d", eventID), nil,
			map[string]any{"award": items, "claims_until": c.ClaimsUntil, "place": place, "report": report}, reason)
	})
	if err != nil {
		return nil, err
	}
	s.notify(ctx, told)
	return out, nil
}

// awardText checks the award's place and the judge's report; the place
// is the event's city when none is given.
func awardText(tx Tx, eventID int64, place, report string) (string, string, error) {
	place, report = strings.TrimSpace(place), strings.TrimSpace(report)
	switch {
	case longer(place, maxSectionNameLength):
		return "", "", tournament.Invalid("place", "the place of the award is longer than %d characters", maxSectionNameLength)
	case longer(report, maxReportLength):
		return "", "", tournament.Invalid("report", "the judge's report is longer than %d characters", maxReportLength)
	}
	if place == "" {
		e, err := tx.Event(eventID)
		if err != nil {
			return "", "", err
		}
		place = e.City
	}
	return place, report, nil
}

// EditAwardText changes the award's place and the judge's report while
// the award is provisional, so that the final award may carry the report
// as the judge revised it after the claims; the honours are not touched.
func (s *Service) EditAwardText(ctx context.Context, eventID int64, place, report, reason string) (*Contest, error) {
	var out *Contest
	err := s.store.Update(ctx, func(tx Tx) error {
		u, c, err := directed(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if c.Stage != Provisional {
			return tournament.Conflict("stage", "the place and the judge's report change only while the award is provisional")
		}
		place, report, err := awardText(tx, eventID, place, report)
		if err != nil {
			return err
		}
		before := map[string]any{"place": c.AwardPlace, "report": c.AwardReport}
		c.AwardPlace, c.AwardReport = place, report
		if err := tx.SaveContest(c); err != nil {
			return err
		}
		out = c
		return tournament.Audit(tx, s.now(), u, eventID, ActionAwardText, fmt.Sprintf("event %d", eventID), before,
			map[string]any{"place": place, "report": report}, reason)
	})
	return out, err
}

// advanceEvent moves the status of the contest's event on with the
// contest, so that lists of events place it right: judging and the
// provisional award run it, the final award finishes it. It never moves
// back.
func advanceEvent(tx Tx, eventID int64, to tournament.EventStatus) error {
	e, err := tx.Event(eventID)
	if err != nil {
		return err
	}
	if e.Status == to || e.Status == tournament.Finished {
		return nil
	}
	e.Status = to
	return tx.UpdateEvent(e)
}

func derive(ranked []Anonymous, in AwardInput) ([]Distinction, error) {
	if in.Prizes < 0 || in.Mentions < 0 || in.Commendations < 0 {
		return nil, tournament.Invalid("prizes", "the numbers of prizes, honourable mentions and commendations cannot be negative")
	}
	if in.Prizes+in.Mentions+in.Commendations == 0 {
		return nil, tournament.Invalid("prizes", "give the numbers of prizes, honourable mentions and commendations, or the award's items")
	}
	// Honours go down the ranking by tie groups: a group of entries ranked
	// equal shares one honour ex aequo, even past the number asked for, and
	// every kind of honour still gives its number after it, as award
	// booklets do ("1-й приз" twice, then the honourable mention). Before,
	// a tie for first took the mention's place and the mention was lost.
	quota := []struct {
		honour Honour
		n      int
	}{{Prize, in.Prizes}, {Mention, in.Mentions}, {Commendation, in.Commendations}}
	// ranked comes section by section, each in order of rank.
	var items []Distinction
	kind, given, section := 0, 0, ""
	for i := 0; i < len(ranked); {
		if ranked[i].Section != section {
			kind, given, section = 0, 0, ranked[i].Section
		}
		if ranked[i].Rank == 0 {
			i++
			continue
		}
		j := i
		for j < len(ranked) && ranked[j].Section == section && ranked[j].Rank == ranked[i].Rank {
			j++
		}
		for kind < len(quota) && given >= quota[kind].n {
			kind, given = kind+1, 0
		}
		if kind == len(quota) {
			i = j
			continue
		}
		for _, a := range ranked[i:j] {
			items = append(items, Distinction{a.Code, quota[kind].honour, given + 1})
		}
		given += j - i
		i = j
	}
	return items, nil
}

// checkAward checks the award's items: standing entries, each once, known
// honours, places from 1 without gaps.
func checkAward(tx Tx, eventID int64, items []Distinction) error {
	seen := map[string]bool{}
	sections := make([]string, len(items))
	for i, d := range items {
		field := fmt.Sprintf("items[%d]", i)
		w, err := workByCode(tx, eventID, d.Code)
		if err != nil {
			return tournament.Invalid(field, "entry %q is not an entry of the contest", d.Code)
		}
		switch {
		case w.Eliminated != "":
			return tournament.Invalid(field, "entry %s was eliminated (%s)", d.Code, w.Elimination())
		case w.Findings.Verdict == Unsound:
			return tournament.Invalid(field, "entry %s is refuted by the solver: an unsound work cannot be awarded", d.Code)
		case w.Incorrect():
			return tournament.Invalid(field, "entry %s is cooked (the keys %s all solve it): a cooked work is honoured only once the director accepts the cook, with a reason", d.Code, strings.Join(w.Findings.Keys, ", "))
		case seen[d.Code]:
			return tournament.Invalid(field, "entry %s is in the award twice", d.Code)
		case d.Honour != Prize && d.Honour != SpecialPrize && d.Honour != Mention && d.Honour != Commendation:
			return tournament.Invalid(field, "%q is not a distinction: prize, special_prize, honourable_mention or commendation", string(d.Honour))
		case d.Place < 1:
			return tournament.Invalid(field, "the place of entry %s is from 1; got %d", d.Code, d.Place)
		}
		seen[d.Code] = true
		sections[i] = w.Section
	}
	return checkPlaces(items, sections)
}

// checkPlaces refuses places with gaps: within a section the places of
// each honour run from 1, entries ex aequo sharing one ("1, 1, 2" or, as
// an award by numbers counts them, "1, 1, 3"); a 5th prize without the
// 1st to 4th is a slip.
func checkPlaces(items []Distinction, sections []string) error {
	type group struct {
		section string
		honour  Honour
	}
	byGroup := map[group][]int{}
	for i, d := range items {
		g := group{sections[i], d.Honour}
		byGroup[g] = append(byGroup[g], i)
	}
	for g, list := range byGroup {
		slices.SortStableFunc(list, func(a, b int) int { return items[a].Place - items[b].Place })
		prev := 0
		for n, i := range list {
			p := items[i].Place
			if p != prev && p != prev+1 && p != n+1 {
				return tournament.Invalid(fmt.Sprintf("items[%d]", i), "entry %s is given place %d of %s in section %q, but place %d is empty: places run from 1 without gaps",
					items[i].Code, p, g.honour, g.section, prev+1)
			}
			prev = p
		}
	}
	return nil
}

// EditAward replaces the provisional award's items (the director may
// reorder or change distinctions during the claims period).
func (s *Service) EditAward(ctx context.Context, eventID int64, items []Distinction, reason string) (*Contest, error) {
	if strings.TrimSpace(reason) == "" {
		return nil, tournament.Invalid("reason", "a change of the provisional award needs its reason")
	}
	var out *Contest
	err := s.store.Update(ctx, func(tx Tx) error {
		u, c, err := directed(ctx, tx, eventID)
		if err != nil {
			return err
		}
		switch {
		case c.Stage != Provisional:
			return tournament.Conflict("stage", "only a provisional award can be edited")
		case !s.now().Before(c.ClaimsUntil):
			return tournament.Conflict("stage", "the claims period ended at %s; the award can only be made final now", c.moment(c.ClaimsUntil))
		}
		if err := checkAward(tx, eventID, items); err != nil {
			return err
		}
		before := c.Award
		c.Award = items
		// An entry the edit adds or raises has not been open to claims as it
		// now stands: the claims period runs again in full from now.
		if len(raised(before, items)) > 0 {
			c.ClaimsUntil = s.now().UTC().Add(time.Duration(c.ClaimDays) * 24 * time.Hour)
		}
		if err := tx.SaveContest(c); err != nil {
			return err
		}
		out = c
		return tournament.Audit(tx, s.now(), u, eventID, ActionAwardEdit, fmt.Sprintf("event %d", eventID), before, items, reason)
	})
	return out, err
}

// raised lists the entries of after that before did not honour, or honoured
// lower (a lesser honour, or a later place of the same one).
func raised(before, after []Distinction) []string {
	was := map[string]Distinction{}
	for _, d := range before {
		was[d.Code] = d
	}
	var codes []string
	for _, d := range after {
		old, ok := was[d.Code]
		if !ok || honourOrder[d.Honour] < honourOrder[old.Honour] || (d.Honour == old.Honour && d.Place < old.Place) {
			codes = append(codes, d.Code)
		}
	}
	return codes
}

// AcceptCook makes a cooked entry correct by the director's decision, with
// its reason, before the award is published: a cook is incorrect by
// default, as in problem practice, and the acceptance is in the audit log.
func (s *Service) AcceptCook(ctx context.Context, eventID int64, code, reason string) (*Work, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return nil, tournament.Invalid("reason", "accepting a cook needs its reason")
	}
	var out *Work
	err := s.store.Update(ctx, func(tx Tx) error {
		u, c, err := directed(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if c.Stage != Entries {
			return tournament.Conflict("stage", "the award is published; accept a cook before it")
		}
		w, err := workByCode(tx, eventID, code)
		if err != nil {
			return err
		}
		if w.Findings.Verdict != Cooked {
			return tournament.Conflict("code", "entry %s is not cooked: the solver found %s", w.Code, w.Findings.Verdict)
		}
		w.CookAccepted = reason
		if err := tx.SaveWork(w); err != nil {
			return err
		}
		out = w
		return tournament.Audit(tx, s.now(), u, eventID, ActionAcceptCook, "entry "+w.Code, nil, map[string]any{"keys": w.Findings.Keys}, reason)
	})
	return out, err
}

// ClaimInput is a claim against an entry of the provisional award.
type ClaimInput struct {
	Code     string
	Kind     ClaimKind
	Evidence string
}

// FileClaim files a claim against an entry of the provisional award during
// the claims period: any signed-in account may, with its evidence (the
// refutation, or the earlier work that anticipated the entry).
func (s *Service) FileClaim(ctx context.Context, eventID int64, in ClaimInput) (*PublicClaim, error) {
	u, err := signedIn(ctx)
	if err != nil {
		return nil, err
	}
	evidence := strings.TrimSpace(in.Evidence)
	switch {
	case in.Kind != ClaimUnsound && in.Kind != ClaimAnticipated:
		// Quoted as typed: the kind's own Message would name a known kind.
		return nil, tournament.Invalid("kind", "%q is not a claim: unsound or anticipated", string(in.Kind))
	case evidence == "":
		return nil, tournament.Invalid("evidence", "a claim needs its evidence: the refutation, or the earlier work with its source")
	case longer(evidence, maxTextLength):
		return nil, tournament.Invalid("evidence", "the evidence is longer than %d characters", maxTextLength)
	}
	var out *PublicClaim
	err = s.store.Update(ctx, func(tx Tx) error {
		_, c, err := contest(ctx, tx, eventID)
		if err != nil {
			return err
		}
		if c.Stage != Provisional || !s.now().Before(c.ClaimsUntil) {
			return tournament.Conflict("stage", "claims are filed during the claims period after the provisional award")
		}
		w, err := workByCode(tx, eventID, in.Code)
		if te := (*tournament.Error)(nil); errors.As(err, &te) && te.Code == tournament.ENOTFOUND {
			// The code is what the claimant typed: a mistake in it is
			// answered at the field, with the claim kept, not as a missing page.
			return tournament.Invalid("code", "entry %q is not an entry of the contest", in.Code)
		} else if err != nil {
			return err
		}
		if !slices.ContainsFunc(c.Award, func(d Distinction) bool { return d.Code == w.Code }) {
			// Only the award's entries are published, so only they can be
			// claimed against; any other code is a slip.
			return tournament.Invalid("code", "entry %s is not in the award; claims are filed against the entries it distinguishes", w.Code)
		}
		// One claim per claimant, entry and kind: a form posted twice, or a
		// second thought, adds to the claim already filed only through the
		// director, who may ask for more evidence.
		claims, err := tx.Claims(eventID)
		if err != nil {
			return err
		}
		for _, old := range claims {
			if old.UserID == u.ID && old.WorkID == w.ID && old.Kind == in.Kind {
				return tournament.Conflict("code", "you have already filed a claim that entry %s is %s (claim %d); the director decides it with its evidence", w.Code, in.Kind, old.ID)
			}
		}
		cl := &Claim{EventID: eventID, WorkID: w.ID, UserID: u.ID, Kind: in.Kind, Evidence: evidence, Status: ClaimOpen, FiledAt: s.now().UTC()}
		if err := tx.AddClaim(cl); err != nil {
			return err
		}
		pc := cl.public(w.Code)
		out = &pc
		return tournament.Audit(tx, s.now(), u, eventID, ActionClaim, "entry "+w.Code, nil, map[string]any{"claim": cl.ID, "kind": cl.Kind, "evidence": cl.Evidence}, "")
	})
	return out, err
}

// DecideClaim upholds or rejects a claim, with the director's reason. An
// upheld claim eliminates the entry: it leaves the award.
func (s *Service) DecideClaim(ctx context.Context, claimID int64, uphold bool, reason string) (*PublicClaim, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return nil, tournament.Invalid("reason", "a decision on a claim needs its reason")
	}
	var out *PublicClaim
	var told []tournament.Notice
	err := s.store.Update(ctx, func(tx Tx) error {
		cl, err := tx.Claim(claimID)
		if err != nil {
			return err
		}
		u, c, err := directed(ctx, tx, cl.EventID)
		if err != nil {
			return err
		}
		switch {
		case c.Stage != Provisional:
			return tournament.Conflict("stage", "claims are decided between the provisional and the final award")
		case cl.Status != ClaimOpen:
			return tournament.Conflict("status", "claim %d is already decided", cl.ID)
		}
		w, err := tx.Work(cl.WorkID)
		if err != nil {
			return err
		}
		cl.Status, cl.Reason, cl.DecidedAt = ClaimRejected, reason, s.now().UTC()
		if uphold {
			cl.Status = ClaimUpheld
			w.Eliminated = fmt.Sprintf("%s: %s", cl.Kind, reason)
			if err := tx.SaveWork(w); err != nil {
				return err
			}
			c.Award = slices.DeleteFunc(c.Award, func(d Distinction) bool { return d.Code == w.Code })
			if err := tx.SaveContest(c); err != nil {
				return err
			}
		}
		if err := tx.SaveClaim(cl); err != nil {
			return err
		}
		n, err := claimNotice(tx, w, cl)
		if err != nil {
			return err
		}
		told = []tournament.Notice{n}
		if err := tournament.Tell(tx, s.now(), told); err != nil {
			return err
		}
		pc := cl.public(w.Code)
		out = &pc
		return tournament.Audit(tx, s.now(), u, cl.EventID, ActionClaimDecision, "entry "+w.Code, ClaimOpen, map[string]any{"claim": cl.ID, "status": cl.Status}, reason)
	})
	if err != nil {
		return nil, err
	}
	s.notify(ctx, told)
	return out, nil
}

// PublishFinal publishes the final award once the claims period is over
// and every claim is decided.
func (s *Service) PublishFinal(ctx context.Context, eventID int64, reason string) (*Contest, error) {
	var out *Contest
	var told []tournament.Notice
	err := s.store.Update(ctx, func(tx Tx) error {
		u, c, err := directed(ctx, tx, eventID)
		if err != nil {
			return err
		}
		switch {
		case c.Stage == Final:
			return tournament.Conflict("stage", "the final award is already published")
		case c.Stage != Provisional:
			return tournament.Conflict("stage", "publish the provisional award first")
		case s.now().Before(c.ClaimsUntil):
			return tournament.Conflict("claims_until", "the claims period runs until %s", c.moment(c.ClaimsUntil))
		}
		claims, err := tx.Claims(eventID)
		if err != nil {
			return err
		}
		for _, cl := range claims {
			if cl.Status == ClaimOpen {
				return tournament.Conflict("claims", "claim %d is not decided yet", cl.ID)
			}
		}
		c.Stage, c.FinalAt = Final, s.now().UTC()
		if err := tx.SaveContest(c); err != nil {
			return err
		}
		if err := advanceEvent(tx, eventID, tournament.Finished); err != nil {
			return err
		}
		if told, err = awardNotices(tx, eventID, NoticeAwardFinal); err != nil {
			return err
		}
		if err := tournament.Tell(tx, s.now(), told); err != nil {
			return err
		}
		out = c
		return tournament.Audit(tx, s.now(), u, eventID, ActionFinal, fmt.Sprintf("event %d", eventID), Provisional, map[string]any{"award": c.Award}, reason)
	})
	if err != nil {
		return nil, err
	}
	s.notify(ctx, told)
	return out, nil
}

// Awarded is an entry of a published award, its author named.
type Awarded struct {
	Distinction
	Section  string
	Author   string
	Entry    Entry
	Comment  string
	Findings Findings
	Score    float64
	// JudgeComments are the judges' comments on the entry.
	JudgeComments []string
	// ExAequo: another entry of the section shares the honour and place.
	ExAequo bool
}

// Award is a published award as anyone sees it.
type Award struct {
	Contest *Contest
	Judges  []string
	Items   []Awarded
	// Eliminated are the entries an upheld claim took out of the award,
	// by code: the award names them, their authors and why, as the
	// provisional award named them among its honours.
	Eliminated []EliminatedWork
	Claims     []PublicClaim
}

// EliminatedWork is an entry an upheld claim took out of the award.
type EliminatedWork struct {
	Code    string
	Section string
	Author  string
	// Reason is the kind of claim and the director's reason.
	Reason rules.Message
}

// PublicClaim is a claim as the award shows it.
type PublicClaim struct {
	ID        int64
	Code      string
	Kind      ClaimKind
	Evidence  string
	Status    ClaimStatus
	Reason    string
	FiledAt   time.Time
	DecidedAt time.Time
	// Mine tells the reader who filed the claim that it is theirs.
	Mine bool
	// Claimant and ClaimantEmail say who filed it, for the contest's
	// director only, who may have to ask for more evidence: the public
	// reads the claim, not who made it.
	Claimant, ClaimantEmail string
}

// public is the claim as anyone may read it, naming its entry by code.
func (cl *Claim) public(code string) PublicClaim {
	return PublicClaim{ID: cl.ID, Code: code, Kind: cl.Kind, Evidence: cl.Evidence,
		Status: cl.Status, Reason: cl.Reason, FiledAt: cl.FiledAt, DecidedAt: cl.DecidedAt}
}

var honourOrder = map[Honour]int{Prize: 0, SpecialPrize: 1, Mention: 2, Commendation: 3}

// Award returns the published award (provisional or final): every
// distinguished entry with its author, diagram data, solution and the
// judges' comments, in section order, prizes first.
func (s *Service) Award(ctx context.Context, eventID int64) (*Award, error) {
	var out *Award
	err := s.store.View(ctx, func(tx Tx) error {
		e, err := event(ctx, tx, eventID, false)
		if err != nil {
			return err
		}
		c, err := tx.Contest(eventID)
		if err != nil {
			return err
		}
		if c.Stage == Entries {
			return tournament.NotFound("the award of %s is not published yet", e.Name)
		}
		judges, err := tx.Judges(eventID)
		if err != nil {
			return err
		}
		out = &Award{Contest: c}
		for _, id := range judges {
			j, err := tx.User(id)
			if err != nil {
				return err
			}
			out.Judges = append(out.Judges, publicName(j))
		}
		ranked, err := ranking(tx, c, judges)
		if err != nil {
			return err
		}
		scores := map[string]float64{}
		comments := map[string][]string{}
		for _, a := range ranked {
			if a.Score != nil {
				scores[a.Code] = *a.Score
			}
			for _, m := range a.Marks {
				if m.Comment != "" {
					comments[a.Code] = append(comments[a.Code], m.Comment)
				}
			}
		}
		works, err := tx.Works(eventID)
		if err != nil {
			return err
		}
		byCode := map[string]*Work{}
		for i := range works {
			if !works[i].Withdrawn {
				byCode[works[i].Code] = &works[i]
			}
		}
		for _, w := range works {
			if w.Withdrawn || w.Eliminated == "" {
				continue
			}
			author, err := tx.User(w.AuthorID)
			if err != nil {
				return err
			}
			out.Eliminated = append(out.Eliminated, EliminatedWork{Code: w.Code, Section: w.Section, Author: publicName(author), Reason: w.Elimination()})
		}
		for _, d := range c.Award {
			w := byCode[d.Code]
			if w == nil {
				continue
			}
			author, err := tx.User(w.AuthorID)
			if err != nil {
				return err
			}
			out.Items = append(out.Items, Awarded{Distinction: d, Section: w.Section, Author: publicName(author), Entry: w.Entry,
				Comment: w.Comment, Findings: w.Findings, Score: scores[d.Code], JudgeComments: comments[d.Code]})
		}
		order := sectionOrder(c)
		slices.SortStableFunc(out.Items, func(a, b Awarded) int {
			if d := order[a.Section] - order[b.Section]; d != 0 {
				return d
			}
			if d := honourOrder[a.Honour] - honourOrder[b.Honour]; d != 0 {
				return d
			}
			return a.Place - b.Place
		})
		for i := range out.Items {
			for j := range out.Items {
				a, b := &out.Items[i], &out.Items[j]
				if i != j && a.Honour.Numbered() && a.Section == b.Section && a.Distinction.Honour == b.Distinction.Honour && a.Place == b.Place {
					a.ExAequo = true
				}
			}
		}
		claims, err := tx.Claims(eventID)
		if err != nil {
			return err
		}
		codes := map[int64]string{}
		for _, w := range works {
			codes[w.ID] = w.Code
		}
		reader := tournament.UserFromContext(ctx)
		director := tournament.CanManage(reader, e)
		for _, cl := range claims {
			p := cl.public(codes[cl.WorkID])
			p.Mine = reader != nil && reader.ID == cl.UserID
			if director {
				claimant, err := tx.User(cl.UserID)
				if err != nil {
					return err
				}
				p.Claimant, p.ClaimantEmail = publicName(claimant), claimant.Email
			}
			out.Claims = append(out.Claims, p)
		}
		return nil
	})
	return out, err
}
