// Package prizelist is an event's prize list: the prizes by place and by
// category the arbiter sets with the rule for ties and one prize per
// player, kept with the event, checked against its players, and given
// out, once the event is finished, by the pure package tournament/prizes
// from the final standings (docs/prizes.md). It knows no HTTP and no SQL.
package prizelist

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"adiukh/tournament"
	"adiukh/tournament/catalog"
	"adiukh/tournament/prizes"
)

// ActionPrizes is the audit log's entry of a prize list set or cleared.
const ActionPrizes = "event.prizes"

// Kind is a category of players a prize may be limited to.
type Kind string

// The categories: a player fits several at once.
const (
	// Women: the players whose sex is recorded as female.
	Women Kind = "women"
	// Juniors: born in BornFrom or later.
	Juniors Kind = "juniors"
	// Veterans: born in BornTo or earlier.
	Veterans Kind = "veterans"
	// Rating: a rating class, rated below RatingBelow (an unrated player
	// is not in a class: they have Unrated).
	Rating Kind = "rating"
	// Unrated: without a rating.
	Unrated Kind = "unrated"
	// Club: of the club named.
	Club Kind = "club"
	// Region: of the region (a player's city or region, as the register
	// gives it) named.
	Region Kind = "region"
)

// kinds are the categories in the order the forms offer them, with their
// names in the catalogue.
var kinds = []struct {
	kind Kind
	key  string
}{
	{Women, "prizes.category.women"}, {Juniors, "prizes.category.juniors"}, {Veterans, "prizes.category.veterans"},
	{Rating, "prizes.category.rating"}, {Unrated, "prizes.category.unrated"}, {Club, "prizes.category.club"},
	{Region, "prizes.category.region"},
}

// Kinds lists the categories in the order the forms offer them.
func Kinds() []Kind {
	out := make([]Kind, len(kinds))
	for i, k := range kinds {
		out[i] = k.kind
	}
	return out
}

// Key is the category's name in the catalogue.
func (k Kind) Key() string {
	for _, x := range kinds {
		if x.kind == k {
			return x.key
		}
	}
	return "prizes.category.unknown"
}

// Words names the category in English messages.
func (k Kind) Words() string { return string(k) }

func (k Kind) known() bool { return k.Key() != "prizes.category.unknown" }

// Category is a category with its parameter: the year juniors are born in
// or after, veterans in or before, the rating a class is below, the club
// or region. The zero Category is the prizes by place in the whole event.
type Category struct {
	Kind        Kind   `json:"category,omitempty"`
	BornFrom    int    `json:"born_from,omitempty"`
	BornTo      int    `json:"born_to,omitempty"`
	RatingBelow int    `json:"rating_below,omitempty"`
	Club        string `json:"club,omitempty"`
	Region      string `json:"region,omitempty"`
}

// Key tells categories apart: two junior categories of different years are
// two lists of prizes.
func (c Category) Key() string {
	switch c.Kind {
	case Juniors:
		return fmt.Sprintf("%s:%d", c.Kind, c.BornFrom)
	case Veterans:
		return fmt.Sprintf("%s:%d", c.Kind, c.BornTo)
	case Rating:
		return fmt.Sprintf("%s:%d", c.Kind, c.RatingBelow)
	case Club:
		return string(c.Kind) + ":" + tournament.FoldName(c.Club)
	case Region:
		return string(c.Kind) + ":" + tournament.FoldName(c.Region)
	}
	return string(c.Kind)
}

// Parameter is the category's parameter as a page prints it after its
// name ("2008", "Майкоп"); "" for none.
func (c Category) Parameter() string {
	switch c.Kind {
	case Juniors:
		return strconv.Itoa(c.BornFrom)
	case Veterans:
		return strconv.Itoa(c.BornTo)
	case Rating:
		return strconv.Itoa(c.RatingBelow)
	case Club:
		return c.Club
	case Region:
		return c.Region
	}
	return ""
}

// Prize is one prize of the list: a place in the event or in a category,
// and its amount in minor units (kopecks, cents).
type Prize struct {
	Category
	Place  int   `json:"place"`
	Amount int64 `json:"amount"`
}

// List is an event's prize list.
type List struct {
	EventID int64
	Prizes  []Prize
	Ties    prizes.Rule
	// OnePerPlayer gives a player who would win several prizes the largest
	// alone (the prize by place where two are equal).
	OnePerPlayer bool
	SetAt        time.Time
}

// Input is a prize list as the arbiter sends it; Ties "" is shared.
type Input struct {
	Prizes       []Prize
	Ties         prizes.Rule
	OnePerPlayer bool
}

// Store keeps the prize lists on the tournament's database.
type Store interface {
	Update(ctx context.Context, fn func(tx Tx) error) error
	View(ctx context.Context, fn func(tx Tx) error) error
}

// PrizeTx reads and writes the prize lists.
type PrizeTx interface {
	// PrizeList reads an event's list; nil when it has none.
	PrizeList(eventID int64) (*List, error)
	SetPrizeList(l *List) error
	DeletePrizeList(eventID int64) error
}

// Tx is what the prize list reads and writes: the event, its players and
// rounds (the standings), the register's persons (a player's sex or birth
// year kept there alone), the audit log and the lists.
type Tx interface {
	tournament.EventTx
	tournament.PlayerTx
	tournament.RoundTx
	tournament.PersonTx
	tournament.AuditWriter
	PrizeTx
}

// Service sets and gives out the prize lists. The signed-in user comes from
// the context, as for tournament.Service.
type Service struct {
	store  Store
	events *tournament.Service
	now    func() time.Time
}

// NewService returns the service over st; events ranks the final
// standings. now is the clock, time.Now when nil.
func NewService(st Store, events *tournament.Service, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, events: events, now: now}
}

// ParseAmount reads the amount of prize n written in whole units of money
// with at most two decimals ("100", "12.5", "12,50") as minor units.
func ParseAmount(n int, s string) (int64, error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", ".")
	whole, frac, _ := strings.Cut(s, ".")
	bad := tournament.Invalid("prizes", "prize %d: %q is not an amount of money: write it in whole units with at most two decimals, such as 100 or 12.50", n, s)
	if whole == "" || len(frac) > 2 || strings.HasPrefix(whole, "+") {
		return 0, bad
	}
	negative := strings.HasPrefix(whole, "-")
	units, err := strconv.ParseInt(strings.TrimPrefix(whole, "-"), 10, 64)
	if err != nil || units > 1e12 {
		return 0, bad
	}
	frac += strings.Repeat("0", 2-len(frac))
	minor, err := strconv.ParseInt(frac, 10, 64)
	if err != nil || strings.HasPrefix(frac, "-") {
		return 0, bad
	}
	amount := units*100 + minor
	if negative {
		amount = -amount
	}
	return amount, nil
}

// FormatAmountIn writes minor units as a page or document in lang shows
// them: a decimal comma in Russian ("133,34"), a point in English.
func FormatAmountIn(lang catalog.Lang, amount int64) string {
	s := FormatAmount(amount)
	if lang != catalog.English {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// FormatAmount writes minor units as whole units: "100", "133.34".
func FormatAmount(amount int64) string {
	sign := ""
	if amount < 0 {
		sign, amount = "-", -amount
	}
	if amount%100 == 0 {
		return fmt.Sprintf("%s%d", sign, amount/100)
	}
	return fmt.Sprintf("%s%d.%02d", sign, amount/100, amount%100)
}

// Phrase names the list of the category's prizes as pages and documents
// title it, worded by the catalogue (catalog.Phrased): "By place",
// "Juniors born in 2008 or later".
func (c Category) Phrase() (string, []any) {
	switch c.Kind {
	case Women:
		return "Women", nil
	case Juniors:
		return "Juniors born in %d or later", []any{c.BornFrom}
	case Veterans:
		return "Veterans born in %d or earlier", []any{c.BornTo}
	case Rating:
		return "Rated below %d", []any{c.RatingBelow}
	case Unrated:
		return "Unrated", nil
	case Club:
		return "Club %q", []any{c.Club}
	case Region:
		return "Region %q", []any{c.Region}
	}
	return "By place", nil
}

// TieRules are the rules for ties with their names in the catalogue, in
// the order the forms offer them.
var TieRules = []struct {
	Rule prizes.Rule
	Key  string
}{{prizes.Shared, "prizes.ties.shared"}, {prizes.Hort, "prizes.ties.hort"}, {prizes.TieBreak, "prizes.ties.tiebreak"}}

// TieRuleKey is the catalogue's name of a rule for ties.
func TieRuleKey(r prizes.Rule) string {
	for _, x := range TieRules {
		if x.Rule == r {
			return x.Key
		}
	}
	return "prizes.ties.shared"
}
