package precall

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/guard"
	"github.com/plainsight/plainsight/internal/canon"
)

// The strings a server chose (its name and version, tool names, schema
// pointers) are WTF-8: a lone surrogate from a JSON escape is kept. They
// are written back as JSON.stringify writes them (a lone surrogate as
// \udxxx), never replaced by U+FFFD as encoding/json would: a tool named
// with a lone surrogate stays visibly that tool.

func jsonString(s string) json.RawMessage {
	if b, err := canon.AppendString(nil, s); err == nil {
		return b
	}
	b, _ := json.Marshal(s) // not WTF-8: each ill-formed byte becomes U+FFFD
	return b
}

func jsonStringPtr(s *string) json.RawMessage {
	if s == nil {
		return json.RawMessage("null")
	}
	return jsonString(*s)
}

// MarshalJSON writes the server's strings as they were served.
func (s Server) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Name            json.RawMessage `json:"name"`
		Version         json.RawMessage `json:"version"`
		ProtocolVersion json.RawMessage `json:"protocol_version"`
		AnsweringURL    *string         `json:"answering_url"`
		Basis           string          `json:"basis"`
	}{jsonString(s.Name), jsonStringPtr(s.Version), jsonString(s.ProtocolVersion), s.AnsweringURL, s.Basis})
}

// MarshalJSON writes the tool name and the pointer as they were served.
func (l Located) MarshalJSON() ([]byte, error) {
	var path json.RawMessage
	if l.Path != "" {
		path = jsonString(l.Path)
	}
	return json.Marshal(struct {
		Tool    json.RawMessage `json:"tool"`
		Field   string          `json:"field"`
		Path    json.RawMessage `json:"path,omitempty"`
		Finding any             `json:"finding"`
	}{jsonStringPtr(l.Tool), l.Field, path, l.Finding})
}

// MarshalJSON writes the tool name as it was served.
func (w Warning) MarshalJSON() ([]byte, error) {
	others := w.Others
	if others == nil {
		others = []Other{}
	}
	return json.Marshal(struct {
		Tool   json.RawMessage `json:"tool"`
		Others []Other         `json:"others"`
		Note   string          `json:"note"`
	}{jsonString(w.Tool), others, w.Note})
}

// MarshalJSON writes the tool name as it was asked.
func (f ToolFocus) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Tool    json.RawMessage `json:"tool"`
		Offered *bool           `json:"offered"`
		Basis   *string         `json:"basis"`
	}{jsonString(f.Tool), f.Offered, f.Basis})
}

// diffJSON writes a §7 diff with the tool names as they were served.
func diffJSON(d *fingerprint.Diff) json.RawMessage {
	b := []byte(`{"tools_added":`)
	names := func(ns []string) {
		b = append(b, '[')
		for i, n := range ns {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, jsonString(n)...)
		}
		b = append(b, ']')
	}
	names(d.ToolsAdded)
	b = append(b, `,"tools_removed":`...)
	names(d.ToolsRemoved)
	b = append(b, `,"tools_changed":[`...)
	for i, c := range d.ToolsChanged {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"tool":`...)
		b = append(b, jsonString(c.Tool)...)
		b = append(b, `,"changes":`...)
		names(c.Changes)
		b = append(b, '}')
	}
	b = append(b, `],"server_identity_changed":`...)
	b = strconv.AppendBool(b, d.ServerIdentityChanged)
	return append(b, '}')
}

// decodeDiff reads what diffJSON wrote, keeping lone surrogates.
func decodeDiff(b []byte) (fingerprint.Diff, error) {
	d := fingerprint.Diff{ToolsAdded: []string{}, ToolsRemoved: []string{}, ToolsChanged: []fingerprint.ToolChange{}}
	v, err := canon.Parse(b, canon.Limits{MaxDepth: 8})
	if err != nil || v.Kind != canon.KindObject {
		return d, fmt.Errorf("precall: a recorded diff cannot be read: %v", err)
	}
	strs := func(v canon.Value) []string {
		out := []string{}
		for _, e := range v.Elems {
			out = append(out, e.Str)
		}
		return out
	}
	for _, m := range v.Members {
		switch m.Key {
		case "tools_added":
			d.ToolsAdded = strs(m.Value)
		case "tools_removed":
			d.ToolsRemoved = strs(m.Value)
		case "tools_changed":
			for _, e := range m.Value.Elems {
				c := fingerprint.ToolChange{Changes: []string{}}
				for _, f := range e.Members {
					switch f.Key {
					case "tool":
						c.Tool = f.Value.Str
					case "changes":
						c.Changes = strs(f.Value)
					}
				}
				d.ToolsChanged = append(d.ToolsChanged, c)
			}
		case "server_identity_changed":
			d.ServerIdentityChanged = m.Value.Bool
		}
	}
	return d, nil
}

// MarshalJSON writes the diff's tool names as they were served.
func (i Integrity) MarshalJSON() ([]byte, error) {
	var diff json.RawMessage
	if i.Diff != nil {
		diff = diffJSON(i.Diff)
	}
	return json.Marshal(struct {
		Status             fingerprint.Status `json:"status"`
		Fingerprint        *string            `json:"fingerprint"`
		FingerprintVersion *int               `json:"fingerprint_version"`
		Diff               json.RawMessage    `json:"diff,omitempty"`
		Detail             string             `json:"detail"`
		Note               string             `json:"note"`
	}{i.Status, i.Fingerprint, i.FingerprintVersion, diff, i.Detail, i.Note})
}

// MarshalJSON writes the server's name and the diff's tool names as they
// were served.
func (e ChangeEvent) MarshalJSON() ([]byte, error) {
	var redirects *[]guard.Redirect
	if e.Redirect {
		hops := e.Redirects
		if hops == nil {
			hops = []guard.Redirect{}
		}
		redirects = &hops
	}
	type server struct {
		Slug               string          `json:"slug"`
		URL                string          `json:"url"`
		Name               json.RawMessage `json:"name"`
		PageURL            string          `json:"page_url"`
		LinkedStoreListing *string         `json:"linked_store_listing"`
	}
	return json.Marshal(struct {
		Server            server            `json:"server"`
		At                time.Time         `json:"at"`
		FromVersion       int               `json:"from_version"`
		ToVersion         int               `json:"to_version"`
		FingerprintBefore string            `json:"fingerprint_before"`
		FingerprintAfter  string            `json:"fingerprint_after"`
		Diff              json.RawMessage   `json:"diff"`
		Redirects         *[]guard.Redirect `json:"redirects,omitempty"` // the extension (see ChangeEvent)
	}{server{e.Server.Slug, e.Server.URL, jsonString(e.Server.Name), e.Server.PageURL, e.Server.LinkedStoreListing},
		e.At, e.FromVersion, e.ToVersion, e.FingerprintBefore, e.FingerprintAfter, diffJSON(&e.Diff), redirects})
}
