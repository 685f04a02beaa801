package store

import (
	"fmt"
	"sort"
	"strings"

	"gorm.io/gorm"
)

// describeSchema lists the tables of the database with their columns,
// indexes and foreign keys, one line each and sorted, so that two databases
// can be compared whatever order their columns were added in. Tests use it
// to check that migrations give every database the same schema.
func describeSchema(db *gorm.DB) (string, error) {
	var lines []string
	var err error
	if db.Dialector.Name() == "postgres" {
		lines, err = describePostgres(db)
	} else {
		lines, err = describeSQLite(db)
	}
	if err != nil {
		return "", err
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n", nil
}

func describeSQLite(db *gorm.DB) ([]string, error) {
	var tables []string
	if err := db.Raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").Scan(&tables).Error; err != nil {
		return nil, err
	}
	var lines []string
	for _, table := range tables {
		var cols []struct {
			Name      string
			Type      string
			NotNull   bool `gorm:"column:notnull"`
			DfltValue *string
			PK        int `gorm:"column:pk"`
		}
		if err := db.Raw("SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?)", table).Scan(&cols).Error; err != nil {
			return nil, err
		}
		for _, c := range cols {
			def := "-"
			if c.DfltValue != nil {
				def = *c.DfltValue
			}
			lines = append(lines, fmt.Sprintf("%s column %s %s notnull=%t default=%s pk=%d", table, c.Name, c.Type, c.NotNull, def, c.PK))
		}
		var indexes []struct {
			Name   string
			Unique bool
		}
		if err := db.Raw("SELECT name, \"unique\" FROM pragma_index_list(?)", table).Scan(&indexes).Error; err != nil {
			return nil, err
		}
		for _, ix := range indexes {
			var cols []string
			if err := db.Raw("SELECT name FROM pragma_index_info(?) ORDER BY seqno", ix.Name).Scan(&cols).Error; err != nil {
				return nil, err
			}
			lines = append(lines, fmt.Sprintf("%s index %s unique=%t (%s)", table, ix.Name, ix.Unique, strings.Join(cols, ", ")))
		}
		var fks []struct {
			Table    string
			From     string
			To       string
			OnUpdate string
			OnDelete string
		}
		if err := db.Raw("SELECT \"table\", \"from\", \"to\", on_update, on_delete FROM pragma_foreign_key_list(?)", table).Scan(&fks).Error; err != nil {
			return nil, err
		}
		for _, fk := range fks {
			lines = append(lines, fmt.Sprintf("%s foreign key %s -> %s(%s) on update %s on delete %s", table, fk.From, fk.Table, fk.To, fk.OnUpdate, fk.OnDelete))
		}
	}
	return lines, nil
}

func describePostgres(db *gorm.DB) ([]string, error) {
	var lines []string
	var cols []struct {
		TableName     string
		ColumnName    string
		DataType      string
		CharMaxLength *int
		IsNullable    string
		ColumnDefault *string
	}
	if err := db.Raw(`SELECT table_name, column_name, data_type, character_maximum_length AS char_max_length, is_nullable, column_default
		FROM information_schema.columns WHERE table_schema = current_schema()`).Scan(&cols).Error; err != nil {
		return nil, err
	}
	for _, c := range cols {
		size, def := "", "-"
		if c.CharMaxLength != nil {
			size = fmt.Sprintf("(%d)", *c.CharMaxLength)
		}
		if c.ColumnDefault != nil {
			def = *c.ColumnDefault
		}
		lines = append(lines, fmt.Sprintf("%s column %s %s%s nullable=%s default=%s", c.TableName, c.ColumnName, c.DataType, size, c.IsNullable, def))
	}
	var indexes []struct{ Tablename, Indexname, Indexdef string }
	if err := db.Raw("SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()").Scan(&indexes).Error; err != nil {
		return nil, err
	}
	for _, ix := range indexes {
		// The definition names the schema, which differs between databases.
		def := ix.Indexdef[strings.Index(ix.Indexdef, " USING "):]
		lines = append(lines, fmt.Sprintf("%s index %s%s", ix.Tablename, ix.Indexname, def))
	}
	var constraints []struct{ Table, Name, Def string }
	if err := db.Raw(`SELECT cl.relname AS "table", co.conname AS name, pg_get_constraintdef(co.oid) AS def
		FROM pg_constraint co JOIN pg_class cl ON cl.oid = co.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
		WHERE n.nspname = current_schema()`).Scan(&constraints).Error; err != nil {
		return nil, err
	}
	for _, c := range constraints {
		lines = append(lines, fmt.Sprintf("%s constraint %s %s", c.Table, c.Name, c.Def))
	}
	return lines, nil
}
