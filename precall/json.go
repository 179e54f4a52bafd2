package precall

import (
	"encoding/json"

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
