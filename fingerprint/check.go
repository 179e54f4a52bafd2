package fingerprint

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/plainsight/plainsight/internal/canon"
)

// Status is the answer of an integrity check (§7, and §9's fourth).
type Status string

// The statuses.
const (
	// Unchanged: the fresh fingerprint equals the recorded one.
	Unchanged Status = "unchanged"
	// Changed: the fingerprints differ; the result carries a Diff.
	Changed Status = "changed"
	// Unreachable: the probe failed, so nothing is said about the current
	// definitions. Never reported as unchanged.
	Unreachable Status = "unreachable"
	// NotRegistered: a pre-call answer for a server probed on demand, with
	// no record to compare with (§9): the fingerprint of what it serves now
	// is computed for the answer and not stored. Check never returns it.
	NotRegistered Status = "not_registered"
)

// The changes of a tool in Diff.ToolsChanged, in the order §7 lists them.
const (
	DescriptionChanged = "description_changed"
	SchemaChanged      = "schema_changed"
)

// Diff is the difference between two definition sets, in exactly the
// shape of §7.
type Diff struct {
	ToolsAdded            []string     `json:"tools_added"`
	ToolsRemoved          []string     `json:"tools_removed"`
	ToolsChanged          []ToolChange `json:"tools_changed"`
	ServerIdentityChanged bool         `json:"server_identity_changed"`
}

// ToolChange is one entry of Diff.ToolsChanged.
type ToolChange struct {
	Tool    string   `json:"tool"`
	Changes []string `json:"changes"`
}

// Empty reports whether d records no difference.
func (d *Diff) Empty() bool {
	return len(d.ToolsAdded) == 0 && len(d.ToolsRemoved) == 0 && len(d.ToolsChanged) == 0 && !d.ServerIdentityChanged
}

// Compare returns the diff from before to after (§7): the tools added and
// removed (by name), the tools whose description text differs or whose
// input schemas differ under the canonical form, and whether the server's
// name or version differs. Names are sorted by UTF-16 code units; the
// lists are empty, never nil. Neither argument is changed.
func Compare(before, after *Definitions) (Diff, error) {
	b, a := slices.Clone(before.Tools), slices.Clone(after.Tools)
	if err := SortTools(b); err != nil {
		return Diff{}, fmt.Errorf("before: %w", err)
	}
	if err := SortTools(a); err != nil {
		return Diff{}, fmt.Errorf("after: %w", err)
	}
	d := Diff{ToolsAdded: []string{}, ToolsRemoved: []string{}, ToolsChanged: []ToolChange{}}
	i, j := 0, 0
	for i < len(b) || j < len(a) {
		c := 0
		switch {
		case i == len(b):
			c = 1
		case j == len(a):
			c = -1
		default:
			c = canon.CompareUTF16(b[i].Name, a[j].Name)
		}
		switch {
		case c < 0:
			d.ToolsRemoved = append(d.ToolsRemoved, b[i].Name)
			i++
		case c > 0:
			d.ToolsAdded = append(d.ToolsAdded, a[j].Name)
			j++
		default:
			var changes []string
			if b[i].Description != a[j].Description {
				changes = append(changes, DescriptionChanged)
			}
			sb, err := canonicalSchema(b[i].InputSchema)
			if err != nil {
				return Diff{}, fmt.Errorf("before: tool %q: %w: inputSchema: %w", b[i].Name, ErrInvalidTool, err)
			}
			sa, err := canonicalSchema(a[j].InputSchema)
			if err != nil {
				return Diff{}, fmt.Errorf("after: tool %q: %w: inputSchema: %w", a[j].Name, ErrInvalidTool, err)
			}
			if !bytes.Equal(sb, sa) {
				changes = append(changes, SchemaChanged)
			}
			if changes != nil {
				d.ToolsChanged = append(d.ToolsChanged, ToolChange{Tool: a[j].Name, Changes: changes})
			}
			i++
			j++
		}
	}
	d.ServerIdentityChanged = before.Server.Name != after.Server.Name || !equalVersion(before.Server.Version, after.Server.Version)
	return d, nil
}

func equalVersion(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// Record is what is kept of a server between integrity checks: its
// fingerprint, the fingerprint version (1 at first sighting, one more for
// each change a check observes) and the definitions it was computed from,
// which a later diff needs.
type Record struct {
	Fingerprint string
	Version     int
	Definitions Definitions
}

// NewRecord returns the record of a first sighting of d: version 1.
func NewRecord(d *Definitions) (Record, error) {
	fp, err := Fingerprint(d)
	if err != nil {
		return Record{}, err
	}
	return Record{Fingerprint: fp, Version: 1, Definitions: *d}, nil
}

// Result is the answer of an integrity check.
type Result struct {
	Status Status
	// Fingerprint is the fresh fingerprint; "" when Unreachable.
	Fingerprint string
	// Diff is set when Changed (nil only if the recorded definitions
	// cannot be compared; Err then says why).
	Diff *Diff
	// Record is the record to keep: the same as before unless Changed, in
	// which case it holds the fresh definitions and the next version.
	Record Record
	// Err is why the server was unreachable (the probe's error, or why its
	// definitions could not be fingerprinted), or why a change has no diff.
	Err error
}

// Check compares a fresh probe of a server with its record (§7). probeErr
// is the probe's error: if it is not nil, or the fresh definitions cannot
// be fingerprinted, the answer is Unreachable and says nothing about the
// current definitions; it is never Unchanged.
func Check(recorded Record, fresh *Definitions, probeErr error) Result {
	if probeErr != nil || fresh == nil {
		if probeErr == nil {
			probeErr = fmt.Errorf("fingerprint: no definitions")
		}
		return Result{Status: Unreachable, Record: recorded, Err: probeErr}
	}
	fp, err := Fingerprint(fresh)
	if err != nil {
		return Result{Status: Unreachable, Record: recorded, Err: err}
	}
	if fp == recorded.Fingerprint {
		return Result{Status: Unchanged, Fingerprint: fp, Record: recorded}
	}
	next := Record{Fingerprint: fp, Version: recorded.Version + 1, Definitions: *fresh}
	d, err := Compare(&recorded.Definitions, fresh)
	if err != nil {
		// The record's definitions cannot be read (a record made by hand):
		// the fingerprints still differ, which is what the status says, but
		// the diff is unknown, and Err says why.
		return Result{Status: Changed, Fingerprint: fp, Record: next, Err: fmt.Errorf("fingerprint: the diff: %w", err)}
	}
	return Result{Status: Changed, Fingerprint: fp, Diff: &d, Record: next}
}
