package scan

import (
	"bytes"
	"encoding/json"

	"github.com/plainsight/plainsight/markup"
)

// wireFinding is a Finding as the wire format orders and shows it: the
// spec's fields, then the extension offsets; the base64 fields only on a
// base64_blob finding.
type wireFinding struct {
	Class           Class         `json:"class"`
	Start           int           `json:"start"`
	End             int           `json:"end"`
	Heuristic       bool          `json:"heuristic"`
	Excerpt         string        `json:"excerpt"`
	Codepoints      []string      `json:"codepoints,omitempty"`
	Kind            markup.Kind   `json:"kind,omitempty"`
	Reason          markup.Reason `json:"reason,omitempty"`
	Scripts         []string      `json:"scripts,omitempty"`
	Pattern         Pattern       `json:"pattern,omitempty"`
	TagsSpell       string        `json:"tags_spell,omitempty"`
	Opaque          *bool         `json:"opaque,omitempty"`
	Decoded         *string       `json:"decoded,omitempty"`
	DecodedFindings *[]Finding    `json:"decoded_findings,omitempty"`
	Extension       bool          `json:"extension,omitempty"`
	Carried         string        `json:"carried,omitempty"`
	Part            string        `json:"part,omitempty"`
	ByteStart       int           `json:"byte_start"`
	ByteEnd         int           `json:"byte_end"`
	UTF16Start      int           `json:"utf16_start"`
	UTF16End        int           `json:"utf16_end"`
}

// MarshalJSON writes f in the wire format: opaque always on a base64_blob
// finding, decoded and decoded_findings (possibly []) when it is not opaque,
// none of them on other findings. Markup in excerpts is not escaped for
// HTML.
func (f Finding) MarshalJSON() ([]byte, error) {
	w := wireFinding{
		Class: f.Class, Start: f.Start, End: f.End, Heuristic: f.Heuristic, Excerpt: f.Excerpt,
		Codepoints: f.Codepoints, Kind: f.Kind, Reason: f.Reason, Scripts: f.Scripts, Pattern: f.Pattern,
		TagsSpell: f.TagsSpell, ByteStart: f.ByteStart, ByteEnd: f.ByteEnd, UTF16Start: f.UTF16Start, UTF16End: f.UTF16End,
		Extension: f.Extension, Carried: f.Carried, Part: f.Part,
	}
	if f.Class == Base64Blob {
		w.Opaque = &f.Opaque
		if !f.Opaque {
			decodedFindings := f.DecodedFindings
			if decodedFindings == nil {
				decodedFindings = []Finding{}
			}
			w.Decoded, w.DecodedFindings = &f.Decoded, &decodedFindings
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(w); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads a finding in the wire format.
func (f *Finding) UnmarshalJSON(b []byte) error {
	var w wireFinding
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*f = Finding{
		Class: w.Class, Start: w.Start, End: w.End, Heuristic: w.Heuristic, Excerpt: w.Excerpt,
		Codepoints: w.Codepoints, Kind: w.Kind, Reason: w.Reason, Scripts: w.Scripts, Pattern: w.Pattern,
		TagsSpell: w.TagsSpell, ByteStart: w.ByteStart, ByteEnd: w.ByteEnd, UTF16Start: w.UTF16Start, UTF16End: w.UTF16End,
		Extension: w.Extension, Carried: w.Carried, Part: w.Part,
	}
	if w.Opaque != nil {
		f.Opaque = *w.Opaque
	}
	if w.Decoded != nil {
		f.Decoded = *w.Decoded
	}
	if w.DecodedFindings != nil {
		f.DecodedFindings = *w.DecodedFindings
	}
	return nil
}
