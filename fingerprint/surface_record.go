package fingerprint

import "github.com/plainsight/plainsight/internal/canon"

// SurfaceFormat names version 1 of the JSON form of a [SurfaceRecord]:
// the value of its "format" member. A record of another format is
// refused, never guessed at.
const SurfaceFormat = "plainsight.fingerprint.surface/1"

// SurfaceRecord is what is pinned of a server under the extended profile:
// its fingerprint and the surface it was computed from, which a later
// [CompareSurfaces] needs. Its JSON Schema is surface.schema.json.
type SurfaceRecord struct {
	Fingerprint string
	Surface     Surface
}

// NewSurfaceRecord returns the record of s.
func NewSurfaceRecord(s *Surface) (SurfaceRecord, error) {
	fp, err := s.Fingerprint()
	if err != nil {
		return SurfaceRecord{}, err
	}
	return SurfaceRecord{Fingerprint: fp, Surface: *s}, nil
}

// surfaceLists are the record's list members, in the order written.
var surfaceLists = [...]struct {
	name string
	sp   *kindSpec
}{{"tools", &toolSpec}, {"prompts", &promptSpec}, {"resources", &resourceSpec}, {"resource_templates", &templateSpec}}

// MarshalJSON writes r in its JSON form, version 1:
//
//	{"format":"plainsight.fingerprint.surface/1",
//	 "fingerprint":"<64 lowercase hex>",
//	 "surface":{"server":{"name":"…","version":"…"|null},
//	            "protocol_version":"…","instructions":"…",
//	            "tools":[Def…],"prompts":[Def…],"resources":[Def…],
//	            "resource_templates":[Def…]}}
//
// each list sorted by key, each Def in its canonical form. Strings are
// escaped as JSON.stringify escapes them, so a lone surrogate survives.
// It refuses (with [ErrInvalidRecord]) a fingerprint that is not that of
// the surface.
func (r SurfaceRecord) MarshalJSON() ([]byte, error) {
	s := &r.Surface
	fp, err := s.Fingerprint()
	if err != nil {
		return nil, recordError("surface: %w", err)
	}
	if fp != r.Fingerprint {
		return nil, recordError("fingerprint %q is not that of its surface (%s)", r.Fingerprint, fp)
	}
	b := make([]byte, 0, 256)
	b = append(b, `{"format":"`+SurfaceFormat+`","fingerprint":"`...)
	b = append(b, fp...)
	b = append(b, `","surface":{"server":{"name":`...)
	if b, err = canon.AppendString(b, s.Server.Name); err != nil {
		return nil, recordError("server name: %w", err)
	}
	b = append(b, `,"version":`...)
	if s.Server.Version == nil {
		b = append(b, "null"...)
	} else if b, err = canon.AppendString(b, *s.Server.Version); err != nil {
		return nil, recordError("server version: %w", err)
	}
	b = append(b, `},"protocol_version":`...)
	if b, err = canon.AppendString(b, s.ProtocolVersion); err != nil {
		return nil, recordError("protocol version: %w", err)
	}
	b = append(b, `,"instructions":`...)
	if b, err = canon.AppendString(b, s.Instructions); err != nil {
		return nil, recordError("instructions: %w", err)
	}
	for _, l := range surfaceLists {
		b = append(b, `,"`+l.name+`":`...)
		if b, err = s.appendList(b, l.sp); err != nil {
			return nil, recordError("%w", err)
		}
	}
	return append(b, "}}"...), nil
}

// UnmarshalJSON reads a record written by [SurfaceRecord.MarshalJSON]. It
// refuses, with [ErrInvalidRecord], another format, a member it does not
// know or a member missing (at any level), an entry that is not in the
// profile's form (a member the profile leaves out, a null, a tool without
// its description or input schema, a _meta member without text), a key
// twice in one list, and a fingerprint that is not that of the surface.
// Lists may be in any order; they are held sorted by key.
func (r *SurfaceRecord) UnmarshalJSON(data []byte) error {
	var rec SurfaceRecord
	want, err := readRecord(data, SurfaceFormat, []recordMember{{"surface", rec.Surface.fromValue}})
	if err != nil {
		return err
	}
	rec.Fingerprint = want
	fp, err := rec.Surface.Fingerprint()
	if err != nil {
		return recordError("surface: %w", err)
	}
	if fp != rec.Fingerprint {
		return recordError("fingerprint %q is not that of its surface (%s)", rec.Fingerprint, fp)
	}
	*r = rec
	return nil
}

func (s *Surface) fromValue(v *canon.Value) error {
	if v.Kind != canon.KindObject {
		return recordError("surface is a %v, not an object", v.Kind)
	}
	var out Surface
	seen := map[string]bool{}
	for i := range v.Members {
		m := &v.Members[i]
		seen[m.Key] = true
		switch m.Key {
		case "server":
			if m.Value.Kind != canon.KindObject {
				return recordError("server is a %v", m.Value.Kind)
			}
			named, versioned := false, false
			for j := range m.Value.Members {
				sm := &m.Value.Members[j]
				switch {
				case sm.Key == "name" && sm.Value.Kind == canon.KindString:
					out.Server.Name, named = sm.Value.Str, true
				case sm.Key == "version" && sm.Value.Kind == canon.KindString:
					out.Server.Version, versioned = &sm.Value.Str, true
				case sm.Key == "version" && sm.Value.Kind == canon.KindNull:
					versioned = true
				default:
					return recordError("server: member %q (a %v)", sm.Key, sm.Value.Kind)
				}
			}
			if !named || !versioned {
				return recordError("server: want name and version")
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
		default:
			var sp *kindSpec
			for _, l := range surfaceLists {
				if l.name == m.Key {
					sp = l.sp
				}
			}
			if sp == nil {
				return recordError("surface: unknown member %q", m.Key)
			}
			if m.Value.Kind != canon.KindArray {
				return recordError("%s is a %v", m.Key, m.Value.Kind)
			}
			entries, err := sp.entries(m.Value.Elems, true)
			if err != nil {
				return recordError("%w", err)
			}
			*out.list(sp.kind) = entries
		}
	}
	for _, k := range []string{"server", "protocol_version", "instructions", "tools", "prompts", "resources", "resource_templates"} {
		if !seen[k] {
			return recordError("surface: no %s", k)
		}
	}
	*s = out
	return nil
}
