// Package scanref is a reference model of the invisible-character scan of the agent-safety
// formats (§1, §2 and §6 of agent-safety-formats-v1.md): decoding, the six codepoint classes,
// runs, the sanitized copy, the result object and its excerpts, plus plainsight's extension
// offsets.
//
// It is the reference model used to generate and cross-check vectors; not for production. It is
// written to be obviously correct rather than fast: every step is a plain loop over a slice of
// decoded codepoints, and every rule cites the section of the specification (or the step of the
// excerpt algorithm in the shared contract) it implements. It implements only the six codepoint
// classes of §2; hidden markup (§3), base64 (§4) and the heuristics (§5) are out of its scope.
package scanref

import (
	"fmt"
	"strings"

	"github.com/plainsight/plainsight/internal/ucd"
)

// The six codepoint classes of §2, by their wire names.
const (
	ZeroWidth   = "zero_width"
	BidiControl = "bidi_control"
	UnicodeTag  = "unicode_tag"
	ControlChar = "control_char"
	PrivateUse  = "private_use"
	Unassigned  = "unassigned_codepoint"
)

// Note is the honesty line of §1 and §12 carried in every result. The specification requires
// the statement, not these words.
const Note = "A clean status means none of the classes of the agent-safety formats were found; it is never a finding that the text is safe."

// Result is the scan result object of §1, with its fields in wire order.
type Result struct {
	Status             string    `json:"status"`
	Findings           []Finding `json:"findings"`
	DeterministicCount int       `json:"deterministic_count"`
	HeuristicCount     int       `json:"heuristic_count"`
	Sanitized          string    `json:"sanitized"`
	Note               string    `json:"note"`
}

// Finding is one run of codepoints of one §2 class, with its fields in wire order.
type Finding struct {
	Class      string   `json:"class"`
	Start      int      `json:"start"`
	End        int      `json:"end"`
	Heuristic  bool     `json:"heuristic"`
	Excerpt    string   `json:"excerpt"`
	Codepoints []string `json:"codepoints"`
}

// Extensions holds plainsight's extension fields for a result: the byte and UTF-16 offsets of
// each finding (parallel to Result.Findings) and the ill-formed UTF-8 the decoder replaced.
type Extensions struct {
	Findings    []Offsets     `json:"findings"`
	InvalidUTF8 []InvalidUTF8 `json:"invalid_utf8,omitempty"`
}

// Offsets are the extension offsets of one finding: [ByteStart, ByteEnd) in the input as given
// and [UTF16Start, UTF16End) in UTF-16 code units.
type Offsets struct {
	ByteStart  int `json:"byte_start"`
	ByteEnd    int `json:"byte_end"`
	UTF16Start int `json:"utf16_start"`
	UTF16End   int `json:"utf16_end"`
}

// InvalidUTF8 is one maximal ill-formed subsequence of the input bytes: Start is the codepoint
// offset of the U+FFFD that replaced it, [ByteStart, ByteEnd) its bytes.
type InvalidUTF8 struct {
	Start     int `json:"start"`
	ByteStart int `json:"byte_start"`
	ByteEnd   int `json:"byte_end"`
}

// FromString scans s. A Go string may hold ill-formed UTF-8, so it is decoded exactly as
// FromBytes decodes bytes.
func FromString(s string) (Result, Extensions) {
	return FromBytes([]byte(s))
}

// FromBytes scans b decoded as the WHATWG UTF-8 decoder does (see DecodeBytes).
func FromBytes(b []byte) (Result, Extensions) {
	return Scan(DecodeBytes(b))
}

// FromUTF16 scans UTF-16 code units; a lone surrogate is kept as one codepoint (see DecodeUTF16).
func FromUTF16(u []uint16) (Result, Extensions) {
	return Scan(DecodeUTF16(u))
}

// Class returns the §2 class of the codepoint r, or "" when it is in none. The tests run top to
// bottom, so the first matching class wins (a tag that is also Cn is a unicode_tag).
func Class(r rune) string {
	switch {
	// §2 zero_width.
	case r == 0x200B || r == 0x200C || r == 0x200D || r == 0xFEFF || r == 0x2060:
		return ZeroWidth
	// §2 bidi_control.
	case 0x202A <= r && r <= 0x202E, 0x2066 <= r && r <= 0x2069:
		return BidiControl
	// §2 unicode_tag: the whole tag block, assigned or not.
	case 0xE0000 <= r && r <= 0xE007F:
		return UnicodeTag
	// §2 control_char: C0 except tab, line feed and carriage return; DELETE; C1.
	case 0x0000 <= r && r <= 0x001F && r != 0x0009 && r != 0x000A && r != 0x000D,
		r == 0x007F,
		0x0080 <= r && r <= 0x009F:
		return ControlChar
	// §2 private_use.
	case 0xE000 <= r && r <= 0xF8FF, 0xF0000 <= r && r <= 0xFFFFD, 0x100000 <= r && r <= 0x10FFFD:
		return PrivateUse
	// §2 unassigned_codepoint: a lone surrogate (only UTF-16 input can carry one), or
	// General_Category Cn, which includes the noncharacters.
	case 0xD800 <= r && r <= 0xDFFF:
		return Unassigned
	case ucd.Lookup(r)&ucd.Unassigned != 0:
		return Unassigned
	}
	return ""
}

// U formats a codepoint the way findings and annotations name it: "U+" and at least four
// uppercase hexadecimal digits.
func U(r rune) string {
	return fmt.Sprintf("U+%04X", r)
}

// maxCodepoints is the §2 limit on the distinct codepoints a finding lists.
const maxCodepoints = 12

// Scan scans decoded text.
func Scan(t Text) (Result, Extensions) {
	res := Result{Findings: []Finding{}, Note: Note}
	ext := Extensions{Findings: []Offsets{}}

	// Prefix sums of the extension widths: bytePos[i] and utf16Pos[i] are the offsets of
	// codepoint i (and of the end of the text for i == len(t)).
	bytePos := make([]int, len(t)+1)
	utf16Pos := make([]int, len(t)+1)
	for i, c := range t {
		bytePos[i+1] = bytePos[i] + c.Bytes
		utf16Pos[i+1] = utf16Pos[i] + c.UTF16
	}

	// §2: a run is a maximal sequence of consecutive codepoints of one class.
	for i := 0; i < len(t); {
		class := Class(t[i].R)
		if class == "" {
			i++
			continue
		}
		j := i
		for j < len(t) && Class(t[j].R) == class {
			j++
		}
		var cps []string
		for k := i; k < j && len(cps) < maxCodepoints; k++ {
			name := U(t[k].R)
			seen := false
			for _, c := range cps {
				if c == name {
					seen = true
				}
			}
			if !seen {
				cps = append(cps, name)
			}
		}
		res.Findings = append(res.Findings, Finding{
			Class:      class,
			Start:      i,
			End:        j,
			Heuristic:  false, // all six classes of §2 are deterministic
			Excerpt:    Excerpt(t.Runes(), i, j),
			Codepoints: cps,
		})
		ext.Findings = append(ext.Findings, Offsets{
			ByteStart: bytePos[i], ByteEnd: bytePos[j],
			UTF16Start: utf16Pos[i], UTF16End: utf16Pos[j],
		})
		i = j
	}
	// Runs are found left to right and never overlap, so the findings are already sorted by
	// start, then end, then class.

	// §6: the sanitized copy drops every codepoint of the six classes. Lone surrogates are all
	// in a class, so what remains is valid UTF-8.
	var san strings.Builder
	for _, c := range t {
		if Class(c.R) == "" {
			san.WriteRune(c.R)
		}
	}
	res.Sanitized = san.String()

	// §1: counts and status.
	res.DeterministicCount = len(res.Findings)
	res.HeuristicCount = 0
	switch {
	case res.DeterministicCount > 0:
		res.Status = "flagged"
	case res.HeuristicCount > 0:
		res.Status = "noted"
	default:
		res.Status = "clean"
	}

	for i, c := range t {
		if c.Replacement {
			ext.InvalidUTF8 = append(ext.InvalidUTF8, InvalidUTF8{
				Start: i, ByteStart: bytePos[i], ByteEnd: bytePos[i+1],
			})
		}
	}
	return res, ext
}
