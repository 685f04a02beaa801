package ratings

// The answers of the rating lists.

// ratingListView is a published rating list: Period is the period it was
// published with, null before the first.
type ratingListView struct {
	List    string          `json:"list"`
	Period  *periodView     `json:"period"`
	Rows    []ratingRowView `json:"rows"`
	Options optionsView     `json:"options"`
}

// nextPeriodView is what closing a list's next period would take: After
// is the last period's end, null before the first.
type nextPeriodView struct {
	List        string                `json:"list"`
	Until       string                `json:"until"`
	After       *string               `json:"after"`
	Events      []nextPeriodEventView `json:"events"`
	Games       int                   `json:"games"`
	Corrections int                   `json:"corrections"`
	Persons     int                   `json:"persons"`
}
