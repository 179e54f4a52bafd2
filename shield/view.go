package shield

import "github.com/plainsight/plainsight/internal/jsonview"

// view is the text the judgement detectors (prompt_injection's model and
// rules) read, and the way back from its offsets to the content's. For
// most content it is the content itself; content that is a JSON value (an
// object or an array: an MCP tool definition, a tools/list result, a
// server's prompts and resources, any JSON a tool returns) is read as the
// text of its strings (package internal/jsonview), so that an attack split
// across fields, or hidden behind JSON escapes, is read as one text
// (issue 27). docs/judgement/tool-definitions.md says how.
type view struct {
	// text is what the detectors read.
	text string
	// orig maps a byte span of text to the byte span of the content it
	// was read from; nil means the identity (text is the content).
	orig func(start, end int) (int, int)
	// json is the JSON reading, nil for content read as it is.
	json *jsonview.View
}

// identityView is the view of content read as it is.
func identityView(content string) *view { return &view{text: content} }

// newView reads content as JSON when it is one JSON object or array
// within jsonview's bounds, and as it is otherwise.
func newView(content string) *view {
	if !jsonview.IsJSON(content) {
		return identityView(content)
	}
	jv, ok := jsonview.Parse(content)
	if !ok {
		return identityView(content)
	}
	return &view{text: jv.Text, orig: jv.Span, json: jv}
}

// span maps a byte span of v.text back to the content. A detector that
// reads v.text (any detector may: for content that is not JSON it is the
// content) reports span(start, end) as its hit's offsets.
func (v *view) span(start, end int) (int, int) {
	if v.orig == nil {
		return start, end
	}
	return v.orig(start, end)
}

// fields sets the Field of each signal whose span starts in a JSON string
// that the view reads: the RFC 6901 pointer of that string (the member,
// for a member name). A span that crosses fields is named by the one it
// starts in.
func (v *view) fields(sigs []Signal) {
	if v.json == nil {
		return
	}
	for i := range sigs {
		if f, ok := v.json.Field(sigs[i].ByteStart); ok {
			sigs[i].Field = v.json.Pointer(f)
		}
	}
}

// alsoEscaped runs find over the content and, when the content is JSON,
// over its view too, keeping from the view only the hits whose bytes the
// content writes with escapes (\u0041KIA…, http:\/\/…): what the content
// spells plainly, the reading of the content found already, with the JSON
// around it as context (a "default" member, a key and its quote).
func (in *input) alsoEscaped(find func(text string, add func(hit)), add func(hit)) {
	find(in.text, add)
	v := in.view
	if v.orig == nil {
		return
	}
	find(v.text, func(h hit) {
		s, e := v.span(h.start, h.end)
		if in.text[s:e] == v.text[h.start:h.end] {
			return
		}
		h.start, h.end = s, e
		add(h)
	})
}
