package fingerprint

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/plainsight/plainsight/internal/canon"
)

// RecordFormat names version 1 of the JSON form of a [Record]: the value of
// its "format" member. A record of another format is refused, never
// guessed at.
const RecordFormat = "plainsight.fingerprint.record/1"

// ErrInvalidRecord: a saved record or definitions set that is not JSON of
// the documented form (see [Record.MarshalJSON]), is of another format
// version, or whose fingerprint does not match its definitions.
var ErrInvalidRecord = errors.New("invalid record")

// recordLimits bound a saved record: a tool's schema may nest as deep as a
// tools list may (parseLimits), below the four levels of the record.
var recordLimits = canon.Limits{MaxDepth: parseLimits.MaxDepth + 4}

// MarshalJSON writes r in its JSON form, version 1:
//
//	{"format":"plainsight.fingerprint.record/1",
//	 "fingerprint":"<64 lowercase hex>",
//	 "version":1,
//	 "definitions":{...see Definitions.MarshalJSON...}}
//
// Every string is escaped as JSON.stringify escapes it, so a lone surrogate
// in a name or description survives (encoding/json would replace it).
// [Record.UnmarshalJSON] reads it back to an equal record.
func (r Record) MarshalJSON() ([]byte, error) {
	b := []byte(`{"format":"` + RecordFormat + `","fingerprint":`)
	b, err := canon.AppendString(b, r.Fingerprint)
	if err != nil {
		return nil, fmt.Errorf("fingerprint: record: %w: fingerprint: %w", ErrInvalidRecord, err)
	}
	b = fmt.Appendf(b, `,"version":%d,"definitions":`, r.Version)
	if b, err = r.Definitions.appendJSON(b); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads a record written by [Record.MarshalJSON]. It refuses
// (with [ErrInvalidRecord]) another format, a member it does not know, a
// member missing, a version below 1, and a fingerprint that is not the
// fingerprint of the definitions (a record edited by hand, or damaged).
func (r *Record) UnmarshalJSON(data []byte) error {
	var rec Record
	fp, err := readRecord(data, RecordFormat, []recordMember{
		{"version", func(v *canon.Value) error {
			n := v.Num
			if v.Kind != canon.KindNumber || n != math.Trunc(n) || n < 1 || n > math.MaxInt32 {
				return recordError("version is not a whole number from 1")
			}
			rec.Version = int(n)
			return nil
		}},
		{"definitions", rec.Definitions.fromValue},
	})
	if err != nil {
		return err
	}
	rec.Fingerprint = fp
	fp, err = Fingerprint(&rec.Definitions)
	if err != nil {
		return recordError("definitions: %w", err)
	}
	if fp != rec.Fingerprint {
		return recordError("fingerprint %q is not that of its definitions (%s)", rec.Fingerprint, fp)
	}
	*r = rec
	return nil
}

// MarshalJSON writes d in the JSON form used inside a record:
//
//	{"server":{"name":"…","version":"…"|null},
//	 "protocol_version":"…",
//	 "instructions":"…",
//	 "tools":[{"name":"…","description":"…","inputSchema":{…}|null}, …]}
//
// The tools are in d's order; an input schema is written in its canonical
// form (as [Input] writes it), and null when d holds none (nil). Unlike
// encoding/json, it keeps every schema (Tool.InputSchema has no JSON tag)
// and every lone surrogate.
func (d Definitions) MarshalJSON() ([]byte, error) {
	return d.appendJSON(nil)
}

// UnmarshalJSON reads definitions written by [Definitions.MarshalJSON],
// refusing with [ErrInvalidRecord] anything else (an unknown member, a
// missing one, a schema that is not an object or null).
func (d *Definitions) UnmarshalJSON(data []byte) error {
	v, err := canon.Parse(data, recordLimits)
	if err != nil {
		return recordError("%w", err)
	}
	return d.fromValue(&v)
}

func (d *Definitions) appendJSON(b []byte) ([]byte, error) {
	str := func(b []byte, what, s string) ([]byte, error) {
		out, err := canon.AppendString(b, s)
		if err != nil {
			return nil, fmt.Errorf("fingerprint: record: %w: %s: %w", ErrInvalidRecord, what, err)
		}
		return out, nil
	}
	var err error
	b = append(b, `{"server":{"name":`...)
	if b, err = str(b, "server name", d.Server.Name); err != nil {
		return nil, err
	}
	b = append(b, `,"version":`...)
	if d.Server.Version == nil {
		b = append(b, "null"...)
	} else if b, err = str(b, "server version", *d.Server.Version); err != nil {
		return nil, err
	}
	b = append(b, `},"protocol_version":`...)
	if b, err = str(b, "protocol version", d.ProtocolVersion); err != nil {
		return nil, err
	}
	b = append(b, `,"instructions":`...)
	if b, err = str(b, "instructions", d.Instructions); err != nil {
		return nil, err
	}
	b = append(b, `,"tools":[`...)
	for i := range d.Tools {
		t := &d.Tools[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		if b, err = str(b, "tool name", t.Name); err != nil {
			return nil, err
		}
		b = append(b, `,"description":`...)
		if b, err = str(b, "tool description", t.Description); err != nil {
			return nil, err
		}
		b = append(b, `,"inputSchema":`...)
		if t.InputSchema == nil {
			b = append(b, "null"...)
		} else if b, err = appendSchema(b, t.InputSchema); err != nil {
			return nil, fmt.Errorf("fingerprint: record: %w: tool %q: inputSchema: %w", ErrInvalidRecord, t.Name, err)
		}
		b = append(b, '}')
	}
	return append(b, "]}"...), nil
}

func (d *Definitions) fromValue(v *canon.Value) error {
	if v.Kind != canon.KindObject {
		return recordError("definitions are a %v, not an object", v.Kind)
	}
	var out Definitions
	seen := map[string]bool{}
	for i := range v.Members {
		m := &v.Members[i]
		seen[m.Key] = true
		switch m.Key {
		case "server":
			if m.Value.Kind != canon.KindObject {
				return recordError("server is a %v", m.Value.Kind)
			}
			named := false
			for j := range m.Value.Members {
				sm := &m.Value.Members[j]
				switch {
				case sm.Key == "name" && sm.Value.Kind == canon.KindString:
					out.Server.Name, named = sm.Value.Str, true
				case sm.Key == "version" && sm.Value.Kind == canon.KindString:
					out.Server.Version = &sm.Value.Str
				case sm.Key == "version" && sm.Value.Kind == canon.KindNull:
				default:
					return recordError("server: member %q (a %v)", sm.Key, sm.Value.Kind)
				}
			}
			if !named {
				return recordError("server: no name")
			}
		case "protocol_version", "instructions":
			if m.Value.Kind != canon.KindString {
				return recordError("%s is a %v", m.Key, m.Value.Kind)
			}
			if m.Key == "instructions" {
				out.Instructions = m.Value.Str
			} else {
				out.ProtocolVersion = m.Value.Str
			}
		case "tools":
			if m.Value.Kind != canon.KindArray {
				return recordError("tools is a %v", m.Value.Kind)
			}
			out.Tools = make([]Tool, 0, len(m.Value.Elems))
			for j := range m.Value.Elems {
				t, err := recordTool(&m.Value.Elems[j])
				if err != nil {
					return recordError("tool %d: %w", j, err)
				}
				out.Tools = append(out.Tools, t)
			}
		default:
			return recordError("definitions: unknown member %q", m.Key)
		}
	}
	for _, k := range []string{"server", "protocol_version", "instructions", "tools"} {
		if !seen[k] {
			return recordError("definitions: no %s", k)
		}
	}
	*d = out
	return nil
}

// recordTool reads a tool of a record: exactly name, description and
// inputSchema (an object, or null for none).
func recordTool(v *canon.Value) (Tool, error) {
	if v.Kind != canon.KindObject {
		return Tool{}, fmt.Errorf("a %v, not an object", v.Kind)
	}
	var t Tool
	seen := map[string]bool{}
	for i := range v.Members {
		m := &v.Members[i]
		seen[m.Key] = true
		switch {
		case m.Key == "name" && m.Value.Kind == canon.KindString:
			t.Name = m.Value.Str
		case m.Key == "description" && m.Value.Kind == canon.KindString:
			t.Description = m.Value.Str
		case m.Key == "inputSchema" && m.Value.Kind == canon.KindNull:
		case m.Key == "inputSchema" && m.Value.Kind == canon.KindObject:
			b, err := canon.Marshal(m.Value, canon.SortedUTF16, canon.Limits{})
			if err != nil {
				return Tool{}, err
			}
			t.InputSchema = b
		default:
			return Tool{}, fmt.Errorf("member %q (a %v)", m.Key, m.Value.Kind)
		}
	}
	if !seen["name"] || !seen["description"] || !seen["inputSchema"] {
		return Tool{}, errors.New("want name, description and inputSchema")
	}
	return t, nil
}

// recordError is an ErrInvalidRecord with what was wrong.
// recordMember is one member of a record's body and how to read it.
type recordMember struct {
	key  string
	read func(*canon.Value) error
}

// readRecord reads the object of a record: its "format" must be format,
// its "fingerprint" a string, which it returns, and every other member one
// of body's, read by its function. It refuses, with [ErrInvalidRecord], a
// member it does not know and a member missing (format, fingerprint, then
// body's in order, the first missing named). Checking the fingerprint
// against the body is the caller's.
func readRecord(data []byte, format string, body []recordMember) (string, error) {
	v, err := canon.Parse(data, recordLimits)
	if err != nil {
		return "", recordError("%w", err)
	}
	if v.Kind != canon.KindObject {
		return "", recordError("a %v, not an object", v.Kind)
	}
	var fp string
	seen := map[string]bool{}
	for i := range v.Members {
		m := &v.Members[i]
		seen[m.Key] = true
		switch m.Key {
		case "format":
			if m.Value.Kind != canon.KindString || m.Value.Str != format {
				return "", recordError("format is not %q", format)
			}
		case "fingerprint":
			if m.Value.Kind != canon.KindString {
				return "", recordError("fingerprint is a %v", m.Value.Kind)
			}
			fp = m.Value.Str
		default:
			j := slices.IndexFunc(body, func(b recordMember) bool { return b.key == m.Key })
			if j < 0 {
				return "", recordError("unknown member %q", m.Key)
			}
			if err := body[j].read(&m.Value); err != nil {
				return "", err
			}
		}
	}
	for _, k := range []string{"format", "fingerprint"} {
		if !seen[k] {
			return "", recordError("no %s", k)
		}
	}
	for _, b := range body {
		if !seen[b.key] {
			return "", recordError("no %s", b.key)
		}
	}
	return fp, nil
}

func recordError(format string, args ...any) error {
	return fmt.Errorf("fingerprint: record: %w: %w", ErrInvalidRecord, fmt.Errorf(format, args...))
}
