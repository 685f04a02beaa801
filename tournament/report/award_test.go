package report

import (
	"adiukh/rules"
	"adiukh/tournament/catalog"
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// The award booklet: the stage, the judges, each section once, and one
// whole block per entry — honour, author and code, the diagram with its
// notation, stipulation, solution and comments; seven entries take more
// than one page and no block is split.
func TestAwardPDF(t *testing.T) {
	t.Parallel()
	a := AwardBooklet{Event: Event{Name: "Конкурс составителей", Board: rules.Board{Size: 8}}, Judges: []string{"Судья Иванов", "Судья Сидоров"}}
	for i := range 7 {
		section := "Задачи"
		if i >= 4 {
			section = "Этюды"
		}
		a.Entries = append(a.Entries, AwardEntry{Code: fmt.Sprintf("%03d", i+1), Honour: fmt.Sprintf("Приз %d", i+1), Section: section,
			Author: fmt.Sprintf("Автор %d", i+1), Position: figure4(), Stipulation: fmt.Sprintf("white %d", 13+i),
			Verdict: "Вердикт программы проверки: корректно", Solution: "1. c3-d4 e5:c3 2. b2:d4", Comment: "посвящается", JudgeComments: []string{"Тонкая игра"}})
	}
	pdf := render(t, func(b *bytes.Buffer) error { return AwardPDF(b, catalog.Russian, a) })
	flat := strings.Join(strings.Fields(pdfTextAs(t, "award", pdf, "-raw")), " ")
	for _, want := range []string{"Присуждение конкурса составления", "Предварительное присуждение", "Судьи: Судья Иванов, Судья Сидоров",
		"белые: a5-1, d4-1, e5-2/1, f8-3/1, g5-1/1; чёрные: a1-1, b6-2/3, c7-3"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the booklet lacks %q in:\n%s", want, flat)
		}
	}
	for i := range 7 {
		for _, want := range []string{fmt.Sprintf("Приз %d — Автор %d (№ %03d)", i+1, i+1, i+1), fmt.Sprintf("Задание: white %d", 13+i)} {
			if !strings.Contains(flat, want) {
				t.Errorf("the booklet lacks %q", want)
			}
		}
	}
	if n := strings.Count(flat, "Этюды"); n != 1 {
		t.Errorf("the section Этюды is headed %d times", n)
	}
	if !strings.Contains(flat, "стр. 2 из") {
		t.Errorf("seven entries fit one page:\n%s", flat)
	}
	if n := strings.Count(flat, "Вердикт программы проверки: корректно"); n != 7 {
		t.Errorf("the verdict is printed %d times of 7", n)
	}
	if n := strings.Count(flat, "Комментарий автора: посвящается"); n != 7 {
		t.Errorf("the author's comment is labelled %d times of 7", n)
	}
	english := strings.Join(strings.Fields(pdfTextAs(t, "award-en", render(t, func(b *bytes.Buffer) error { return AwardPDF(b, catalog.English, a) }), "-raw")), " ")
	for _, want := range []string{"Приз 1 — Автор 1 (No. 001)", "Author's comment: посвящается"} {
		if !strings.Contains(english, want) {
			t.Errorf("the English booklet lacks %q in:\n%s", want, english)
		}
	}
	a.Final = true
	a.Entries[0].Position.Towers[0].Square = "a2"
	if err := AwardPDF(&bytes.Buffer{}, catalog.English, a); err == nil || !strings.Contains(err.Error(), "award entry 001") {
		t.Errorf("a tower on a light square: %v", err)
	}
}

// An award that distinguishes no entry (every entry refuted, say) says so
// under its stage and judges.
func TestAwardPDFWithoutEntries(t *testing.T) {
	t.Parallel()
	a := AwardBooklet{Event: Event{Name: "Конкурс составителей", Board: rules.Board{Size: 8}}, Judges: []string{"Судья Иванов"}}
	for loc, want := range map[catalog.Lang]string{catalog.Russian: "В присуждении нет отмеченных произведений.", catalog.English: "The award distinguishes no entry."} {
		flat := strings.Join(strings.Fields(pdfTextAs(t, "award-empty", render(t, func(b *bytes.Buffer) error { return AwardPDF(b, loc, a) }), "-raw")), " ")
		if !strings.Contains(flat, want) {
			t.Errorf("the booklet lacks %q in:\n%s", want, flat)
		}
	}
}
