package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"

	"github.com/plainsight/plainsight/internal/canon"
)

// The errors of a tool list that §7 cannot fingerprint. Each is returned
// wrapped, with the tool it concerns.
var (
	// ErrInvalidTool: a tool that is not an object, a name that is absent
	// or not a string, a description that is neither a string nor null, or
	// an input schema that is neither an object nor null.
	ErrInvalidTool = errors.New("invalid tool")
	// ErrDuplicateName: two tools with the same name. MCP requires names
	// to be unique; two records of one name would make the diff of §7
	// ambiguous, so the list is refused rather than fingerprinted.
	ErrDuplicateName = errors.New("duplicate tool name")
	// ErrInvalidJSON: the tools are not JSON, or not an array of them.
	ErrInvalidJSON = errors.New("invalid JSON")
)

// Server is the server identity of §7.
type Server struct {
	// Name is the server's name ("" when it reports none).
	Name string `json:"name"`
	// Version is the server's version, nil when it reports none (the
	// fingerprint input then holds null).
	Version *string `json:"version"`
}

// Tool is a tool record of §7: exactly the name, the description ("" when
// the server omits it) and the input schema ({} when omitted) of one tool.
// Strings are WTF-8: a lone surrogate from a JSON escape is kept (see
// package canon's documentation), never replaced.
type Tool struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	// InputSchema is the canonical form of the tool's input schema: JSON
	// with every object's keys sorted by UTF-16 code units.
	InputSchema []byte `json:"-"`
}

// Definitions are what a probe of a server gathers (§7).
type Definitions struct {
	Server Server
	// ProtocolVersion is the MCP protocol version the server answered
	// with. It is not part of the fingerprint.
	ProtocolVersion string
	// Instructions are the server's instructions to clients, if any. They
	// are not part of the fingerprint (§7 hashes the tool records only).
	Instructions string
	// Tools are the tool records, sorted by name (see SortTools).
	Tools []Tool
}

// parseLimits bound a tools list: deeply nested schemas are legal, but not
// without end.
var parseLimits = canon.Limits{MaxDepth: 256}

// ParseTools reads a JSON array of tool objects as tools/list returns them
// and returns their records in the order given. Fields other than name,
// description and inputSchema (title, annotations, outputSchema, _meta, …)
// are ignored: §7 hashes these three only. Numbers are read as JavaScript
// reads them (doubles); a repeated key keeps its last value.
func ParseTools(data []byte) ([]Tool, error) {
	v, err := canon.Parse(data, parseLimits)
	if err != nil {
		return nil, fmt.Errorf("fingerprint: tools: %w: %w", ErrInvalidJSON, err)
	}
	if v.Kind != canon.KindArray {
		return nil, fmt.Errorf("fingerprint: tools: %w: not an array", ErrInvalidJSON)
	}
	return toolsOf(v.Elems)
}

// ParseListResult reads the result of a tools/list call, an object with a
// "tools" array and an optional "nextCursor" string, and returns the tool
// records in the order given and the cursor ("" when there is none).
func ParseListResult(data []byte) (tools []Tool, nextCursor string, err error) {
	v, err := canon.Parse(data, parseLimits)
	if err != nil {
		return nil, "", fmt.Errorf("fingerprint: tools/list result: %w: %w", ErrInvalidJSON, err)
	}
	if v.Kind != canon.KindObject {
		return nil, "", fmt.Errorf("fingerprint: tools/list result: %w: not an object", ErrInvalidJSON)
	}
	var list *canon.Value
	for i := range v.Members {
		switch m := &v.Members[i]; m.Key {
		case "tools":
			list = &m.Value
		case "nextCursor":
			switch m.Value.Kind {
			case canon.KindString:
				nextCursor = m.Value.Str
			case canon.KindNull:
			default:
				return nil, "", fmt.Errorf("fingerprint: tools/list result: %w: nextCursor is a %v", ErrInvalidJSON, m.Value.Kind)
			}
		}
	}
	if list == nil || list.Kind != canon.KindArray {
		return nil, "", fmt.Errorf("fingerprint: tools/list result: %w: no tools array", ErrInvalidJSON)
	}
	tools, err = toolsOf(list.Elems)
	return tools, nextCursor, err
}

func toolsOf(elems []canon.Value) ([]Tool, error) {
	tools := make([]Tool, 0, len(elems))
	for i := range elems {
		t, err := toolOf(&elems[i])
		if err != nil {
			return nil, fmt.Errorf("fingerprint: tool %d: %w", i, err)
		}
		tools = append(tools, t)
	}
	return tools, nil
}

// emptySchema is the canonical form of the default input schema.
var emptySchema = []byte("{}")

func toolOf(v *canon.Value) (Tool, error) {
	if v.Kind != canon.KindObject {
		return Tool{}, fmt.Errorf("%w: a %v, not an object", ErrInvalidTool, v.Kind)
	}
	t := Tool{InputSchema: emptySchema}
	named := false
	for i := range v.Members {
		m := &v.Members[i]
		switch m.Key {
		case "name":
			if m.Value.Kind != canon.KindString {
				return Tool{}, fmt.Errorf("%w: name is a %v", ErrInvalidTool, m.Value.Kind)
			}
			t.Name, named = m.Value.Str, true
		case "description":
			switch m.Value.Kind {
			case canon.KindString:
				t.Description = m.Value.Str
			case canon.KindNull:
			default:
				return Tool{}, fmt.Errorf("%w: description is a %v", ErrInvalidTool, m.Value.Kind)
			}
		case "inputSchema":
			switch m.Value.Kind {
			case canon.KindObject:
				b, err := canon.Marshal(m.Value, canon.SortedUTF16, canon.Limits{})
				if err != nil {
					return Tool{}, fmt.Errorf("%w: inputSchema: %w", ErrInvalidTool, err)
				}
				t.InputSchema = b
			case canon.KindNull:
			default:
				return Tool{}, fmt.Errorf("%w: inputSchema is a %v", ErrInvalidTool, m.Value.Kind)
			}
		}
	}
	if !named {
		return Tool{}, fmt.Errorf("%w: no name", ErrInvalidTool)
	}
	return t, nil
}

// SortTools sorts tool records by name, comparing UTF-16 code units (the
// order of JavaScript's default sort), and reports ErrDuplicateName if two
// share a name.
func SortTools(tools []Tool) error {
	slices.SortStableFunc(tools, func(a, b Tool) int { return canon.CompareUTF16(a.Name, b.Name) })
	for i := 1; i < len(tools); i++ {
		if tools[i].Name == tools[i-1].Name {
			return fmt.Errorf("fingerprint: %w: %q", ErrDuplicateName, tools[i].Name)
		}
	}
	return nil
}

// Input returns the canonical form of the fingerprint input of d (§7):
// {"server":{"name":…,"version":…},"tools":[…]}, the tools sorted by name,
// every object's keys sorted by UTF-16 code units, no whitespace. d.Tools
// need not be sorted; d is not changed.
func Input(d *Definitions) ([]byte, error) {
	tools := slices.Clone(d.Tools)
	if err := SortTools(tools); err != nil {
		return nil, err
	}
	size := 64
	for i := range tools {
		size += 48 + len(tools[i].Name) + len(tools[i].Description) + len(tools[i].InputSchema)
	}
	b := make([]byte, 0, size)
	var err error
	b = append(b, `{"server":{"name":`...)
	if b, err = canon.AppendString(b, d.Server.Name); err != nil {
		return nil, fmt.Errorf("fingerprint: server name: %w", err)
	}
	b = append(b, `,"version":`...)
	if d.Server.Version == nil {
		b = append(b, "null"...)
	} else if b, err = canon.AppendString(b, *d.Server.Version); err != nil {
		return nil, fmt.Errorf("fingerprint: server version: %w", err)
	}
	b = append(b, `},"tools":[`...)
	for i := range tools {
		t := &tools[i]
		if i > 0 {
			b = append(b, ',')
		}
		// Keys in UTF-16 order: description, inputSchema, name.
		b = append(b, `{"description":`...)
		if b, err = canon.AppendString(b, t.Description); err != nil {
			return nil, fmt.Errorf("fingerprint: tool %q: description: %w", t.Name, err)
		}
		b = append(b, `,"inputSchema":`...)
		if b, err = appendSchema(b, t.InputSchema); err != nil {
			return nil, fmt.Errorf("fingerprint: tool %q: %w: inputSchema: %w", t.Name, ErrInvalidTool, err)
		}
		b = append(b, `,"name":`...)
		if b, err = canon.AppendString(b, t.Name); err != nil {
			return nil, fmt.Errorf("fingerprint: tool %q: name: %w", t.Name, err)
		}
		b = append(b, '}')
	}
	b = append(b, "]}"...)
	return b, nil
}

// appendSchema appends the canonical form of a schema given as JSON (an
// empty one is {}); it must be an object.
func appendSchema(dst, schema []byte) ([]byte, error) {
	if len(schema) == 0 {
		return append(dst, emptySchema...), nil
	}
	n := len(dst)
	out, err := canon.Canonicalize(dst, schema, canon.SortedUTF16, parseLimits, canon.Limits{})
	if err != nil {
		return dst[:n], err
	}
	if out[n] != '{' {
		return dst[:n], errors.New("not an object")
	}
	return out, nil
}

// canonicalSchema returns the canonical form of a schema given as JSON.
func canonicalSchema(schema []byte) ([]byte, error) {
	return appendSchema(nil, schema)
}

// Fingerprint returns the fingerprint of d (§7): the lowercase hex SHA-256
// of the canonical form of its fingerprint input.
func Fingerprint(d *Definitions) (string, error) {
	in, err := Input(d)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(in)
	return hex.EncodeToString(sum[:]), nil
}
