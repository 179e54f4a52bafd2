package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"

	"github.com/plainsight/plainsight/internal/canon"
)

// Kind names what an [Entry] is (issue 30, item 1).
type Kind string

// The kinds of entry, and KindServer, the kind of a [Change] to the
// server's identity or instructions.
const (
	KindTool             Kind = "tool"
	KindPrompt           Kind = "prompt"
	KindResource         Kind = "resource"
	KindResourceTemplate Kind = "resource_template"
	KindServer           Kind = "server"
)

// ErrInvalidEntry: a prompt, resource or resource template that is not an
// object, lacks its key (a prompt's name, a resource's uri, a template's
// uriTemplate), or has a member of the extended profile of the wrong JSON
// type. A tool's errors are [ErrInvalidTool], as in §7.
var ErrInvalidEntry = errors.New("invalid entry")

// ErrDuplicateKey: two prompts, resources or resource templates with the
// same key. Two tools of one name are [ErrDuplicateName], as in §7.
var ErrDuplicateKey = errors.New("duplicate key")

// Entry is one definition of the extended profile: its kind, its key (a
// tool's or prompt's name, a resource's uri, a template's uriTemplate) and
// Def, the canonical JSON (keys sorted by UTF-16 code units at every
// depth, as [Input] writes them) of the members the profile keeps of it
// (see the package documentation, "The extended profile").
type Entry struct {
	Kind Kind
	Key  string
	Def  []byte
}

// Surface is everything a server shows a client (issue 30, item 1): §7's
// server identity, the protocol version, the instructions, and the four
// lists, each sorted by Key (UTF-16 code units). An empty list is nil.
type Surface struct {
	Server Server
	// ProtocolVersion is the MCP protocol version the server answered with;
	// it is kept, but not fingerprinted: two clients that negotiate
	// different versions with one server see one surface.
	ProtocolVersion string
	// Instructions are the server's instructions to clients; fingerprinted,
	// since a model reads them.
	Instructions      string
	Tools             []Entry
	Prompts           []Entry
	Resources         []Entry
	ResourceTemplates []Entry
}

// Lists are the raw JSON arrays of the four list results: the "tools",
// "prompts", "resources" and "resourceTemplates" members of tools/list,
// prompts/list, resources/list and resources/templates/list, the pages of
// each joined into one array. nil means the server has no such capability
// or list, which the surface holds as an empty list.
type Lists struct {
	Tools, Prompts, Resources, ResourceTemplates []byte
}

// fieldType is the JSON type a member of the profile must have.
type fieldType uint8

const (
	fString fieldType = iota + 1
	fObject
	fArray
	fMeta // _meta: an object, of which the members carrying text are kept
)

// kindSpec is what the profile keeps of one kind of entry.
type kindSpec struct {
	kind   Kind
	list   string // the list member, for errors and the record
	key    string // the member that is the entry's key (a string)
	fields map[string]fieldType
	// tool: description and inputSchema always written, with §7's defaults.
	tool bool
	err  error // ErrInvalidTool or ErrInvalidEntry
	dup  error // ErrDuplicateName or ErrDuplicateKey
}

var (
	toolSpec = kindSpec{kind: KindTool, list: "tools", key: "name", tool: true, err: ErrInvalidTool, dup: ErrDuplicateName,
		fields: map[string]fieldType{"name": fString, "title": fString, "description": fString, "inputSchema": fObject,
			"outputSchema": fObject, "annotations": fObject, "_meta": fMeta}}
	promptSpec = kindSpec{kind: KindPrompt, list: "prompts", key: "name", err: ErrInvalidEntry, dup: ErrDuplicateKey,
		fields: map[string]fieldType{"name": fString, "title": fString, "description": fString, "arguments": fArray, "_meta": fMeta}}
	resourceSpec = kindSpec{kind: KindResource, list: "resources", key: "uri", err: ErrInvalidEntry, dup: ErrDuplicateKey,
		fields: map[string]fieldType{"uri": fString, "name": fString, "title": fString, "description": fString, "mimeType": fString, "_meta": fMeta}}
	templateSpec = kindSpec{kind: KindResourceTemplate, list: "resourceTemplates", key: "uriTemplate", err: ErrInvalidEntry, dup: ErrDuplicateKey,
		fields: map[string]fieldType{"uriTemplate": fString, "name": fString, "title": fString, "description": fString, "mimeType": fString, "_meta": fMeta}}
)

// specs are the kinds in the order of Surface's fields (and of a Change
// list).
var specs = [...]*kindSpec{&toolSpec, &promptSpec, &resourceSpec, &templateSpec}

// list returns the list of s of kind k.
func (s *Surface) list(k Kind) *[]Entry {
	switch k {
	case KindTool:
		return &s.Tools
	case KindPrompt:
		return &s.Prompts
	case KindResource:
		return &s.Resources
	case KindResourceTemplate:
		return &s.ResourceTemplates
	}
	return nil
}

// NewSurface reads the four lists of l and returns the surface of a
// server: each entry reduced to the members the extended profile keeps
// (the package documentation, "The extended profile"), the lists sorted by
// key. It refuses a list that is not a JSON array ([ErrInvalidJSON]), an
// entry that is not of the profile's form ([ErrInvalidTool],
// [ErrInvalidEntry]) and two entries of one kind and key
// ([ErrDuplicateName], [ErrDuplicateKey]). Members the profile does not
// know are ignored; a member that is null reads as absent.
//
// Bounds: each list is parsed once, without recursion, nesting at most 256
// deep; time and memory are linear in the lists' size.
func NewSurface(server Server, protocolVersion, instructions string, l Lists) (*Surface, error) {
	s := &Surface{Server: server, ProtocolVersion: protocolVersion, Instructions: instructions}
	for _, sp := range specs {
		var raw []byte
		switch sp.kind {
		case KindTool:
			raw = l.Tools
		case KindPrompt:
			raw = l.Prompts
		case KindResource:
			raw = l.Resources
		case KindResourceTemplate:
			raw = l.ResourceTemplates
		}
		if raw == nil {
			continue
		}
		v, err := canon.Parse(raw, parseLimits)
		if err != nil {
			return nil, fmt.Errorf("fingerprint: %s: %w: %w", sp.list, ErrInvalidJSON, err)
		}
		if v.Kind != canon.KindArray {
			return nil, fmt.Errorf("fingerprint: %s: %w: not an array", sp.list, ErrInvalidJSON)
		}
		entries, err := sp.entries(v.Elems, false)
		if err != nil {
			return nil, err
		}
		*s.list(sp.kind) = entries
	}
	return s, nil
}

// entries reduces the elements of a list to sorted entries. With exact,
// each element must already be the entry's Def (a record read back).
func (sp *kindSpec) entries(elems []canon.Value, exact bool) ([]Entry, error) {
	if len(elems) == 0 {
		return nil, nil
	}
	out := make([]Entry, 0, len(elems))
	for i := range elems {
		e, err := sp.entry(&elems[i], exact)
		if err != nil {
			return nil, fmt.Errorf("fingerprint: %s %d: %w", sp.kind, i, err)
		}
		out = append(out, e)
	}
	slices.SortStableFunc(out, func(a, b Entry) int { return canon.CompareUTF16(a.Key, b.Key) })
	for i := 1; i < len(out); i++ {
		if out[i].Key == out[i-1].Key {
			return nil, fmt.Errorf("fingerprint: %s: %w: %q", sp.list, sp.dup, out[i].Key)
		}
	}
	return out, nil
}

// entry reduces one element to its Entry.
func (sp *kindSpec) entry(v *canon.Value, exact bool) (Entry, error) {
	if v.Kind != canon.KindObject {
		return Entry{}, fmt.Errorf("%w: a %v, not an object", sp.err, v.Kind)
	}
	e := Entry{Kind: sp.kind}
	keyed := false
	kept := make([]canon.Member, 0, len(v.Members)+2)
	hasDesc, hasSchema := false, false
	for i := range v.Members {
		m := &v.Members[i]
		ft, ok := sp.fields[m.Key]
		if !ok {
			if exact {
				return Entry{}, fmt.Errorf("%w: member %q is not of the profile", sp.err, m.Key)
			}
			continue
		}
		if m.Value.Kind == canon.KindNull {
			if exact {
				return Entry{}, fmt.Errorf("%w: %s is null", sp.err, m.Key)
			}
			continue
		}
		val := m.Value
		switch ft {
		case fString:
			if val.Kind != canon.KindString {
				return Entry{}, fmt.Errorf("%w: %s is a %v", sp.err, m.Key, val.Kind)
			}
		case fObject:
			if val.Kind != canon.KindObject {
				return Entry{}, fmt.Errorf("%w: %s is a %v", sp.err, m.Key, val.Kind)
			}
		case fArray:
			if val.Kind != canon.KindArray {
				return Entry{}, fmt.Errorf("%w: %s is a %v", sp.err, m.Key, val.Kind)
			}
		case fMeta:
			if val.Kind != canon.KindObject {
				return Entry{}, fmt.Errorf("%w: %s is a %v", sp.err, m.Key, val.Kind)
			}
			val = metaText(val)
			if len(val.Members) == 0 {
				if exact {
					return Entry{}, fmt.Errorf("%w: _meta holds no text", sp.err)
				}
				continue
			}
			if exact && len(val.Members) != len(m.Value.Members) {
				return Entry{}, fmt.Errorf("%w: _meta holds a member without text", sp.err)
			}
		}
		switch m.Key {
		case sp.key:
			e.Key, keyed = val.Str, true
		case "description":
			hasDesc = true
		case "inputSchema":
			hasSchema = true
		}
		kept = append(kept, canon.Member{Key: m.Key, Value: val})
	}
	if !keyed {
		return Entry{}, fmt.Errorf("%w: no %s", sp.err, sp.key)
	}
	if sp.tool && (!hasDesc || !hasSchema) {
		if exact {
			return Entry{}, fmt.Errorf("%w: a tool's description and inputSchema are always written", sp.err)
		}
		if !hasDesc {
			kept = append(kept, canon.Member{Key: "description", Value: canon.String("")})
		}
		if !hasSchema {
			kept = append(kept, canon.Member{Key: "inputSchema", Value: canon.Object()})
		}
	}
	def, err := canon.Marshal(canon.Object(kept...), canon.SortedUTF16, canon.Limits{})
	if err != nil {
		return Entry{}, fmt.Errorf("%w: %q: %w", sp.err, e.Key, err)
	}
	e.Def = def
	return e, nil
}

// metaText returns the members of a _meta object that carry text: those
// whose value is a string, or holds one at any depth.
func metaText(v canon.Value) canon.Value {
	var kept []canon.Member
	for _, m := range v.Members {
		if holdsString(&m.Value) {
			kept = append(kept, m)
		}
	}
	return canon.Object(kept...)
}

// holdsString reports whether v is a string or holds one, without
// recursion (a _meta may nest as deep as the parse allows).
func holdsString(v *canon.Value) bool {
	stack := []*canon.Value{v}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x.Kind {
		case canon.KindString:
			return true
		case canon.KindArray:
			for i := range x.Elems {
				stack = append(stack, &x.Elems[i])
			}
		case canon.KindObject:
			for i := range x.Members {
				stack = append(stack, &x.Members[i].Value)
			}
		}
	}
	return false
}

// Input returns the canonical form of the extended profile's fingerprint
// input of s:
//
//	{"instructions":"…","prompts":[Def…],"resource_templates":[Def…],
//	 "resources":[Def…],"server":{"name":"…","version":"…"|null},
//	 "tools":[Def…]}
//
// keys in UTF-16 order, each list sorted by key, each Def re-written in
// its canonical form; the protocol version is not part of it. s is not
// changed; its lists need not be sorted, but must not hold a key twice.
func (s *Surface) Input() ([]byte, error) {
	size := 128 + len(s.Instructions) + len(s.Server.Name)
	for _, sp := range specs {
		for _, e := range *s.list(sp.kind) {
			size += len(e.Def) + 1
		}
	}
	b := make([]byte, 0, size)
	var err error
	b = append(b, `{"instructions":`...)
	if b, err = canon.AppendString(b, s.Instructions); err != nil {
		return nil, fmt.Errorf("fingerprint: instructions: %w", err)
	}
	lists := [...]struct {
		name string
		sp   *kindSpec
	}{{"prompts", &promptSpec}, {"resource_templates", &templateSpec}, {"resources", &resourceSpec}}
	for _, l := range lists {
		b = append(b, `,"`+l.name+`":`...)
		if b, err = s.appendList(b, l.sp); err != nil {
			return nil, err
		}
	}
	b = append(b, `,"server":{"name":`...)
	if b, err = canon.AppendString(b, s.Server.Name); err != nil {
		return nil, fmt.Errorf("fingerprint: server name: %w", err)
	}
	b = append(b, `,"version":`...)
	if s.Server.Version == nil {
		b = append(b, "null"...)
	} else if b, err = canon.AppendString(b, *s.Server.Version); err != nil {
		return nil, fmt.Errorf("fingerprint: server version: %w", err)
	}
	b = append(b, `},"tools":`...)
	if b, err = s.appendList(b, &toolSpec); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// appendList appends the list of s of sp's kind, sorted by key, each Def
// canonical.
func (s *Surface) appendList(b []byte, sp *kindSpec) ([]byte, error) {
	entries, err := sortedEntries(*s.list(sp.kind), sp)
	if err != nil {
		return nil, err
	}
	b = append(b, '[')
	for i, e := range entries {
		if i > 0 {
			b = append(b, ',')
		}
		n := len(b)
		b, err = canon.Canonicalize(b, e.Def, canon.SortedUTF16, recordLimits, canon.Limits{})
		if err != nil {
			return nil, fmt.Errorf("fingerprint: %s %q: %w: %w", sp.kind, e.Key, sp.err, err)
		}
		if b[n] != '{' {
			return nil, fmt.Errorf("fingerprint: %s %q: %w: not an object", sp.kind, e.Key, sp.err)
		}
	}
	return append(b, ']'), nil
}

// sortedEntries returns entries sorted by key (the slice itself when it
// is sorted already), refusing a repeated key.
func sortedEntries(entries []Entry, sp *kindSpec) ([]Entry, error) {
	less := func(a, b Entry) int { return canon.CompareUTF16(a.Key, b.Key) }
	if !slices.IsSortedFunc(entries, less) {
		entries = slices.Clone(entries)
		slices.SortStableFunc(entries, less)
	}
	for i := 1; i < len(entries); i++ {
		if entries[i].Key == entries[i-1].Key {
			return nil, fmt.Errorf("fingerprint: %s: %w: %q", sp.list, sp.dup, entries[i].Key)
		}
	}
	return entries, nil
}

// Fingerprint returns the extended profile's fingerprint of s: the
// lowercase hex SHA-256 of [Surface.Input].
func (s *Surface) Fingerprint() (string, error) {
	in, err := s.Input()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(in)
	return hex.EncodeToString(sum[:]), nil
}

// Entry returns the entry of s of the given kind and key.
func (s *Surface) Entry(kind Kind, key string) (Entry, bool) {
	l := s.list(kind)
	if l == nil {
		return Entry{}, false
	}
	for _, e := range *l {
		if e.Key == key {
			return e, true
		}
	}
	return Entry{}, false
}

// Definitions returns the §7 view of s: its server, protocol version and
// instructions, and each tool's §7 record (name, description, input
// schema) read from its Def exactly as [ParseTools] reads a tool, so that
// [Fingerprint] of it is §7's fingerprint of the same tools/list.
func (s *Surface) Definitions() (*Definitions, error) {
	d := &Definitions{Server: s.Server, ProtocolVersion: s.ProtocolVersion, Instructions: s.Instructions,
		Tools: make([]Tool, 0, len(s.Tools))}
	for _, e := range s.Tools {
		v, err := canon.Parse(e.Def, recordLimits)
		if err != nil {
			return nil, fmt.Errorf("fingerprint: tool %q: %w: %w", e.Key, ErrInvalidTool, err)
		}
		t, err := toolOf(&v)
		if err != nil {
			return nil, fmt.Errorf("fingerprint: tool %q: %w", e.Key, err)
		}
		d.Tools = append(d.Tools, t)
	}
	return d, nil
}
