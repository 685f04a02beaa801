package shapes

import (
	"adiukh/tournament"
	"adiukh/tournament/catalog"
)

// WarningView is a warning of a change: the field it is about and its
// text in the answer's language.
type WarningView struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// WarningViews words the warnings in the answer's language, as its errors
// are (core.JSONLocalizer), with the catalogue's plural forms.
func WarningViews(l *catalog.Localizer, ws []tournament.Warning) []WarningView {
	var views []WarningView
	for _, w := range ws {
		views = append(views, WarningView{w.Field, WarningText(l, w)})
	}
	return views
}

// WarningText is a warning in l's language; one made without its format
// keeps its message.
func WarningText(l *catalog.Localizer, w tournament.Warning) string {
	if w.Format == "" {
		return w.Message
	}
	return l.Sprintf(w.Format, w.Args...)
}
