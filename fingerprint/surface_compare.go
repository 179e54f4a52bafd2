package fingerprint

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/internal/visible"
)

// The operations of a [Change].
const (
	OpAdded   = "added"
	OpRemoved = "removed"
	OpChanged = "changed"
	OpRenamed = "renamed"
)

// Change is one difference between two surfaces (issue 30, item 1).
//
// For an entry, Kind and Key name it and Field is a JSON Pointer (RFC
// 6901) inside its Def ("/annotations/destructiveHint"), or "" for the
// whole entry: added, removed, or renamed (Key the new key, RenamedFrom
// the old one; see [CompareSurfaces]). For the server, Kind is
// [KindServer], Key "name", "version" or "instructions", and Field "".
//
// Old and New are the values as text — a string as itself, any other
// value as its canonical JSON, "" on the side where it is absent —
// visible-rendered: every invisible, format and control codepoint is
// written ⟨U+200B ZERO WIDTH SPACE⟩ (internal/visible, the excerpt
// rendering of §1), line breaks included, so a reader sees what changed
// and a terminal acts on none of it. Key, Field and RenamedFrom are exact:
// render them before showing them.
type Change struct {
	Kind        Kind   `json:"kind"`
	Key         string `json:"key"`
	Field       string `json:"field"`
	Op          string `json:"op"`
	Old         string `json:"old"`
	New         string `json:"new"`
	RenamedFrom string `json:"renamed_from,omitempty"`
}

// CompareSurfaces returns every difference from before to after that the
// extended fingerprint sees (the protocol version is not one), sorted by
// kind (server, tool, prompt, resource, resource_template), then key
// (UTF-16 code units), then field; it is empty, never nil, when the
// fingerprints are equal.
//
// An entry of one kind whose key is gone, and an entry whose key is new,
// whose Defs are otherwise identical are one Change, Op "renamed" — the
// rule of [Analyze]: a removed entry pairs with at most one added entry,
// the first by key. Other removed and added entries are Changes of the
// whole entry, Old or New its Def. For an entry in both, each member (at
// any depth) that differs is a Change at its pointer: "added" or
// "removed" when one side lacks it, else "changed"; arrays of equal length
// are compared element by element, others as one value.
func CompareSurfaces(before, after *Surface) ([]Change, error) {
	out := []Change{}
	server := func(key string, old, nu *string) {
		switch {
		case old == nil && nu == nil, old != nil && nu != nil && *old == *nu:
		case old == nil || *old == "" && nu != nil:
			out = append(out, Change{Kind: KindServer, Key: key, Op: OpAdded, New: visible.String(*nu)})
		case nu == nil || *nu == "":
			out = append(out, Change{Kind: KindServer, Key: key, Op: OpRemoved, Old: visible.String(*old)})
		default:
			out = append(out, Change{Kind: KindServer, Key: key, Op: OpChanged, Old: visible.String(*old), New: visible.String(*nu)})
		}
	}
	server("instructions", &before.Instructions, &after.Instructions)
	server("name", &before.Server.Name, &after.Server.Name)
	server("version", before.Server.Version, after.Server.Version)
	for _, sp := range specs {
		b, err := sortedEntries(*before.list(sp.kind), sp)
		if err != nil {
			return nil, fmt.Errorf("before: %w", err)
		}
		a, err := sortedEntries(*after.list(sp.kind), sp)
		if err != nil {
			return nil, fmt.Errorf("after: %w", err)
		}
		if out, err = compareEntries(out, sp, b, a); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(out, func(x, y Change) int {
		if c := kindOrder(x.Kind) - kindOrder(y.Kind); c != 0 {
			return c
		}
		if c := canon.CompareUTF16(x.Key, y.Key); c != 0 {
			return c
		}
		return canon.CompareUTF16(x.Field, y.Field)
	})
	return out, nil
}

func kindOrder(k Kind) int {
	if k == KindServer {
		return 0
	}
	for i, sp := range specs {
		if sp.kind == k {
			return i + 1
		}
	}
	return len(specs) + 1
}

// compareEntries appends the changes between two sorted lists of one kind.
func compareEntries(out []Change, sp *kindSpec, b, a []Entry) ([]Change, error) {
	var removed, added []Entry
	i, j := 0, 0
	for i < len(b) || j < len(a) {
		c := 0
		switch {
		case i == len(b):
			c = 1
		case j == len(a):
			c = -1
		default:
			c = canon.CompareUTF16(b[i].Key, a[j].Key)
		}
		switch {
		case c < 0:
			removed = append(removed, b[i])
			i++
		case c > 0:
			added = append(added, a[j])
			j++
		default:
			if !bytes.Equal(b[i].Def, a[j].Def) {
				var err error
				if out, err = compareDefs(out, sp, b[i], a[j]); err != nil {
					return nil, err
				}
			}
			i++
			j++
		}
	}
	// Renames: the Defs without their key members.
	bare := func(e Entry) ([]byte, error) {
		v, err := canon.Parse(e.Def, recordLimits)
		if err != nil || v.Kind != canon.KindObject {
			return nil, fmt.Errorf("fingerprint: %s %q: %w: Def is not a JSON object", sp.kind, e.Key, sp.err)
		}
		v.Members = slices.DeleteFunc(v.Members, func(m canon.Member) bool { return m.Key == sp.key })
		return canon.Marshal(v, canon.SortedUTF16, canon.Limits{})
	}
	rb, ra := make([]string, len(removed)), make([]string, len(added))
	for k := range removed {
		b, err := bare(removed[k])
		if err != nil {
			return nil, err
		}
		rb[k] = string(b)
	}
	for k := range added {
		b, err := bare(added[k])
		if err != nil {
			return nil, err
		}
		ra[k] = string(b)
	}
	renamedTo := pairRenames(rb, ra)
	isTarget := make([]bool, len(added))
	for r, a := range renamedTo {
		if a >= 0 {
			isTarget[a] = true
			out = append(out, Change{Kind: sp.kind, Key: added[a].Key, Op: OpRenamed,
				Old: visible.String(removed[r].Key), New: visible.String(added[a].Key), RenamedFrom: removed[r].Key})
			continue
		}
		out = append(out, Change{Kind: sp.kind, Key: removed[r].Key, Op: OpRemoved, Old: visible.String(string(removed[r].Def))})
	}
	for k, e := range added {
		if !isTarget[k] {
			out = append(out, Change{Kind: sp.kind, Key: e.Key, Op: OpAdded, New: visible.String(string(e.Def))})
		}
	}
	return out, nil
}

// pairRenames pairs removed entries with added entries, both in key
// order, by what each is without its key (removed[r] and added[a], which
// are equal exactly when the entries are the same but for their keys):
// each removed entry takes the first added entry not yet taken that is
// the same. It returns, for each removed entry, the added one it pairs
// with, or -1. This is the rule of [Analyze]. Its time is linear in the
// entries (a map of the added ones), not their product: a hostile server
// may replace a million entries at once.
func pairRenames(removed, added []string) []int {
	free := make(map[string][]int, len(added))
	for a, k := range added {
		free[k] = append(free[k], a)
	}
	to := make([]int, len(removed))
	for r, k := range removed {
		to[r] = -1
		if q := free[k]; len(q) > 0 {
			to[r], free[k] = q[0], q[1:]
		}
	}
	return to
}

// compareDefs appends the member-level changes between two Defs of one key.
func compareDefs(out []Change, sp *kindSpec, b, a Entry) ([]Change, error) {
	vb, err := canon.Parse(b.Def, recordLimits)
	if err != nil {
		return nil, fmt.Errorf("before: fingerprint: %s %q: %w: %w", sp.kind, b.Key, sp.err, err)
	}
	va, err := canon.Parse(a.Def, recordLimits)
	if err != nil {
		return nil, fmt.Errorf("after: fingerprint: %s %q: %w: %w", sp.kind, a.Key, sp.err, err)
	}
	d := differ{kind: sp.kind, key: a.Key, out: out}
	if err := d.diff("", &vb, &va); err != nil {
		return nil, err
	}
	return d.out, nil
}

type differ struct {
	kind Kind
	key  string
	out  []Change
}

// diff appends the changes from b to a at pointer p. Its recursion is as
// deep as the values, which a parse bounded.
func (d *differ) diff(p string, b, a *canon.Value) error {
	if equalValues(b, a) {
		return nil
	}
	switch {
	case b.Kind == canon.KindObject && a.Kind == canon.KindObject:
		// A merge of the members sorted by key: an object of many
		// members costs their sort, not their product.
		mb, ma := sortedMembers(b), sortedMembers(a)
		i, j := 0, 0
		for i < len(mb) || j < len(ma) {
			c := 0
			switch {
			case i == len(mb):
				c = 1
			case j == len(ma):
				c = -1
			default:
				c = canon.CompareUTF16(mb[i].Key, ma[j].Key)
			}
			switch {
			case c > 0:
				t, err := valueText(&ma[j].Value)
				if err != nil {
					return err
				}
				d.out = append(d.out, Change{Kind: d.kind, Key: d.key, Field: p + "/" + pointerToken(ma[j].Key), Op: OpAdded, New: t})
				j++
			case c < 0:
				t, err := valueText(&mb[i].Value)
				if err != nil {
					return err
				}
				d.out = append(d.out, Change{Kind: d.kind, Key: d.key, Field: p + "/" + pointerToken(mb[i].Key), Op: OpRemoved, Old: t})
				i++
			default:
				if err := d.diff(p+"/"+pointerToken(mb[i].Key), &mb[i].Value, &ma[j].Value); err != nil {
					return err
				}
				i++
				j++
			}
		}
		return nil
	case b.Kind == canon.KindArray && a.Kind == canon.KindArray && len(b.Elems) == len(a.Elems):
		for i := range b.Elems {
			if err := d.diff(p+"/"+strconv.Itoa(i), &b.Elems[i], &a.Elems[i]); err != nil {
				return err
			}
		}
		return nil
	}
	tb, err := valueText(b)
	if err != nil {
		return err
	}
	ta, err := valueText(a)
	if err != nil {
		return err
	}
	d.out = append(d.out, Change{Kind: d.kind, Key: d.key, Field: p, Op: OpChanged, Old: tb, New: ta})
	return nil
}

func memberOf(v *canon.Value, key string) *canon.Value {
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == key {
			return &v.Members[i].Value
		}
	}
	return nil
}

// pointerToken escapes a member name as a JSON Pointer reference token.
func pointerToken(k string) string {
	if !strings.ContainsAny(k, "~/") {
		return k
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}

// valueText is a value as a Change shows it: a string as itself, anything
// else as canonical JSON, visible-rendered.
func valueText(v *canon.Value) (string, error) {
	if v.Kind == canon.KindString {
		return visible.String(v.Str), nil
	}
	b, err := canon.Marshal(*v, canon.SortedUTF16, canon.Limits{})
	if err != nil {
		return "", err
	}
	return visible.String(string(b)), nil
}

// equalValues reports whether two values have the same canonical form.
func equalValues(a, b *canon.Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case canon.KindNull:
		return true
	case canon.KindBool:
		return a.Bool == b.Bool
	case canon.KindNumber:
		return a.Num == b.Num // -0 == 0, as the canonical form writes both 0
	case canon.KindString:
		return a.Str == b.Str
	case canon.KindArray:
		if len(a.Elems) != len(b.Elems) {
			return false
		}
		for i := range a.Elems {
			if !equalValues(&a.Elems[i], &b.Elems[i]) {
				return false
			}
		}
		return true
	}
	if len(a.Members) != len(b.Members) {
		return false
	}
	ma, mb := sortedMembers(a), sortedMembers(b)
	for i := range ma {
		if ma[i].Key != mb[i].Key || !equalValues(&ma[i].Value, &mb[i].Value) {
			return false
		}
	}
	return true
}

// sortedMembers returns the members of object v sorted by key (UTF-16
// code units): v's own slice when they are (as in a Def), else a sorted
// copy. A parsed object holds each key once.
func sortedMembers(v *canon.Value) []canon.Member {
	less := func(x, y canon.Member) int { return canon.CompareUTF16(x.Key, y.Key) }
	if slices.IsSortedFunc(v.Members, less) {
		return v.Members
	}
	ms := slices.Clone(v.Members)
	slices.SortStableFunc(ms, less)
	return ms
}

// Text returns the value a [Change] names, as text and exact (not
// visible-rendered), as s holds it: for [KindServer], the instructions,
// name or version (false when there is none); for an entry, the value at
// the JSON Pointer field inside its Def ("" for the whole Def) — a string
// as itself, any other value as its canonical JSON. It is what a scan of
// a change reads: the new text of a change is after.Text(c.Kind, c.Key,
// c.Field). It reports false when s has no such entry or member.
func (s *Surface) Text(kind Kind, key, field string) (string, bool) {
	if kind == KindServer {
		switch {
		case field != "":
		case key == "instructions":
			return s.Instructions, true
		case key == "name":
			return s.Server.Name, true
		case key == "version" && s.Server.Version != nil:
			return *s.Server.Version, true
		}
		return "", false
	}
	e, ok := s.Entry(kind, key)
	if !ok {
		return "", false
	}
	v, err := canon.Parse(e.Def, recordLimits)
	if err != nil {
		return "", false
	}
	at := &v
	if field != "" && field[0] != '/' {
		return "", false
	}
	first := true
	for tok := range strings.SplitSeq(field, "/") {
		if first {
			first = false
			continue // before the first "/"
		}
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch at.Kind {
		case canon.KindObject:
			if at = memberOf(at, tok); at == nil {
				return "", false
			}
		case canon.KindArray:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(at.Elems) || strconv.Itoa(i) != tok {
				return "", false
			}
			at = &at.Elems[i]
		default:
			return "", false
		}
	}
	if at.Kind == canon.KindString {
		return at.Str, true
	}
	b, err := canon.Marshal(*at, canon.SortedUTF16, canon.Limits{})
	if err != nil {
		return "", false
	}
	return string(b), true
}
