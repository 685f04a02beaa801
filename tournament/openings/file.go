package openings

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"adiukh/tournament/csvfile"
)

// csvHeader is the first row WriteCSV writes; ReadCSV leaves a first row
// like it aside. The fourth column, the English name, is written only for
// a table that has English names, so that a table without them reads and
// writes as it always did.
var csvHeader = []string{"number", "name", "moves", "name_en"}

// headerWords are what a first row's first cell says when it is a header.
var headerWords = map[string]bool{"number": true, "no": true, "номер": true, "№": true}

// moveNumber is a move number written among the moves, "1." or "2...".
var moveNumber = regexp.MustCompile(`^\d+\.+$`)

// ReadCSV reads a table an arbiter wrote: one opening a row, its number,
// name and moves ("1,Городская партия,c3-d4 d6-c5 b2-c3 f6-g5 c3-b4") and,
// optionally, its English name after them, with an optional header row; the comment lines (# …) before the first row are the table's
// source. Cells may be separated by semicolons, as spreadsheets in Russian
// write them. An error names the line and the field at fault.
func ReadCSV(r io.Reader) (*Table, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	text := strings.TrimPrefix(string(raw), "\ufeff")
	t := &Table{}
	var source []string
	comma := ','
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			source = append(source, strings.TrimSpace(strings.TrimPrefix(csvfile.ReadText(line), "#")))
			continue
		}
		if line != "" {
			if strings.Contains(line, ";") && !strings.Contains(line, ",") {
				comma = ';'
			}
			break
		}
	}
	t.Source = strings.Join(source, "\n")
	cr := csv.NewReader(strings.NewReader(text))
	cr.Comma, cr.Comment, cr.FieldsPerRecord, cr.TrimLeadingSpace = comma, '#', -1, true
	var lines []int
	for first := true; ; first = false {
		row, err := cr.Read()
		if err == io.EOF {
			break
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, &Error{Line: pe.Line, Detail: say("the line does not read as CSV: %s", pe.Err.Error())}
		}
		if err != nil {
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if first && headerWords[strings.ToLower(strings.TrimSpace(row[0]))] {
			continue
		}
		if len(row) != 3 && len(row) != 4 {
			return nil, &Error{Line: line, Detail: say("%d cells: a row is an opening's number, name and moves, then its English name if it has one", len(row))}
		}
		n, err := strconv.Atoi(strings.TrimSpace(row[0]))
		if err != nil {
			return nil, &Error{Line: line, Field: FieldNumber, Detail: say("%q is not a number", row[0])}
		}
		o := Opening{Number: n, Name: csvfile.ReadText(row[1]), Moves: splitMoves(row[2])}
		if len(row) == 4 {
			o.NameEn = csvfile.ReadText(row[3])
		}
		t.Openings = append(t.Openings, o)
		lines = append(lines, line)
	}
	if err := t.check(func(i int) (int, int) { return lines[i], 0 }); err != nil {
		return nil, err
	}
	return t, nil
}

// splitMoves reads the moves of a cell, separated by spaces; move numbers
// among them are left aside.
func splitMoves(cell string) []string {
	var moves []string
	for _, f := range strings.Fields(cell) {
		if !moveNumber.MatchString(f) {
			moves = append(moves, f)
		}
	}
	return moves
}

// WriteCSV writes the table as ReadCSV reads it: the source as comment
// lines, a header, then one opening a row; the English names in a fourth
// column when the table has any. It writes through the project's one CSV
// writer (csvfile), which neutralises a name that a spreadsheet
// would read as a formula (=…, +…, -…, @…); ReadCSV reads it back as it
// was.
func (t *Table) WriteCSV(w io.Writer) error {
	columns := 3
	if slices.ContainsFunc(t.Openings, func(o Opening) bool { return o.NameEn != "" }) {
		columns = 4
	}
	out := csvfile.New(w, csvfile.Plain, "openings")
	if t.Source != "" {
		for _, line := range strings.Split(t.Source, "\n") {
			out.Comment(line)
		}
	}
	out.Write(csvHeader[:columns])
	for _, o := range t.Openings {
		row := []string{strconv.Itoa(o.Number), csvfile.Text(o.Name), strings.Join(o.Moves, " "), csvfile.Text(o.NameEn)}
		out.Write(row[:columns])
	}
	return out.Close()
}

// jsonOpening is an opening as a JSON file gives it: its moves a list or
// one string, its English name and FEN optional.
type jsonOpening struct {
	Number int             `json:"number"`
	Name   string          `json:"name"`
	NameEn string          `json:"name_en"`
	Moves  json.RawMessage `json:"moves"`
	FEN    string          `json:"fen"`
}

// ReadJSON reads a table as WriteJSON writes it: {"source": …, "openings":
// [{"number": 1, "name": …, "moves": ["c3-d4", "d6-c5", "b2-c3"]}, …]}.
// The moves may also be one string, and the FEN, when given, must be the
// position they reach. An error names the opening by its place in the
// list, or the line where the JSON does not parse.
func ReadJSON(r io.Reader) (*Table, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var file struct {
		Source   string        `json:"source"`
		Openings []jsonOpening `json:"openings"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&file); err != nil {
		return nil, jsonError(raw, err)
	}
	t := &Table{Source: file.Source, Openings: make([]Opening, len(file.Openings))}
	for i, o := range file.Openings {
		moves, ok := rawMoves(o.Moves)
		if !ok {
			return nil, &Error{Entry: i + 1, Field: FieldMoves, Detail: say("the moves are a list of strings, or one string with the moves separated by spaces")}
		}
		t.Openings[i] = Opening{Number: o.Number, Name: o.Name, NameEn: o.NameEn, Moves: moves, FEN: strings.TrimSpace(o.FEN)}
	}
	if err := t.check(func(i int) (int, int) { return 0, i + 1 }); err != nil {
		return nil, err
	}
	return t, nil
}

func rawMoves(raw json.RawMessage) ([]string, bool) {
	if len(raw) == 0 {
		return nil, true
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return list, true
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return splitMoves(one), true
	}
	return nil, false
}

// jsonError places a decoding error on its line.
func jsonError(raw []byte, err error) error {
	var offset int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		offset = se.Offset
	case errors.As(err, &te):
		offset = te.Offset
	}
	if offset < 0 || offset > int64(len(raw)) {
		return &Error{Detail: say("not a table in JSON: %s", err.Error())}
	}
	return &Error{Line: 1 + bytes.Count(raw[:offset], []byte("\n")), Detail: say("not a table in JSON: %s", err.Error())}
}

// WriteJSON writes the table as ReadJSON reads it, one opening a line.
func (t *Table) WriteJSON(w io.Writer) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	b.WriteString("{\n  \"source\": ")
	if err := enc.Encode(t.Source); err != nil {
		return err
	}
	b.Truncate(b.Len() - 1)
	b.WriteString(",\n  \"openings\": [")
	for i, o := range t.Openings {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    ")
		if o.Moves == nil {
			o.Moves = []string{}
		}
		if err := enc.Encode(o); err != nil {
			return err
		}
		b.Truncate(b.Len() - 1)
	}
	b.WriteString("\n  ]\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}
