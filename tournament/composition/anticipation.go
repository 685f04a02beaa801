package composition

import (
	"slices"

	"adiukh/rules"
	"adiukh/rules/adiukh"
)

// Twin is a work whose position is an entry's own, a possible
// anticipation the director is told of: another entry of the contest (by
// its code, whoever its author), or a work honoured in an earlier award
// kept on the site (by its event and code). Turned: the position is the
// other's with the board turned round and the colours exchanged, the other
// side to move — the same problem seen from the other side.
type Twin struct {
	Code string
	// EventID and Event name the contest of an earlier award; 0 and ""
	// for an entry of the same contest.
	EventID int64
	Event   string
	Turned  bool
}

// Message says what the twin is, in the reader's language.
func (t Twin) Message() rules.Message {
	switch {
	case t.EventID == 0 && t.Turned:
		return say("the same position as entry %s with the colours exchanged and the board turned round", t.Code)
	case t.EventID == 0:
		return say("the same position as entry %s", t.Code)
	case t.Turned:
		return say("the same position as entry %s of the award of %s with the colours exchanged and the board turned round", t.Code, t.Event)
	}
	return say("the same position as entry %s of the award of %s", t.Code, t.Event)
}

// problem is a position with its side to move, as it reads and as it reads
// turned round with the colours exchanged.
type problem struct{ same, turned string }

func problemOf(e Entry) (problem, bool) {
	p, err := adiukh.ParsePosition(e.Position)
	if err != nil {
		return problem{}, false
	}
	other := "white"
	if e.Side == "white" {
		other = "black"
	}
	return problem{p.String() + " / " + e.Side, p.Turned().String() + " / " + other}, true
}

// twinOf tells whether b's problem is a's, and turned round.
func (a problem) twinOf(b problem) (twin, turned bool) {
	switch {
	case a.same == b.same:
		return true, false
	case a.same == b.turned:
		return true, true
	}
	return false, false
}

// flagTwins sets the Twins of the listed entries of contest c: the other
// standing entries with the same position, and the works honoured in the
// published awards of other contests, in that order.
func flagTwins(tx Tx, c *Contest, list []Anonymous) error {
	type known struct {
		problem
		twin Twin
	}
	var others []known
	for _, a := range list {
		if p, ok := problemOf(a.Entry); ok {
			others = append(others, known{p, Twin{Code: a.Code}})
		}
	}
	awarded, err := tx.Awarded()
	if err != nil {
		return err
	}
	for _, id := range awarded {
		if id == c.EventID {
			continue
		}
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		earlier, err := tx.Contest(id)
		if err != nil {
			return err
		}
		works, err := tx.Works(id)
		if err != nil {
			return err
		}
		for _, w := range works {
			honoured := slices.ContainsFunc(earlier.Award, func(d Distinction) bool { return d.Code == w.Code })
			if p, ok := problemOf(w.Entry); ok && honoured {
				others = append(others, known{p, Twin{Code: w.Code, EventID: id, Event: e.Name}})
			}
		}
	}
	for i := range list {
		p, ok := problemOf(list[i].Entry)
		if !ok {
			continue
		}
		for _, o := range others {
			if o.twin.EventID == 0 && o.twin.Code == list[i].Code {
				continue
			}
			if twin, turned := p.twinOf(o.problem); twin {
				t := o.twin
				t.Turned = turned
				list[i].Twins = append(list[i].Twins, t)
			}
		}
	}
	return nil
}
