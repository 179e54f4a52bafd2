package audit

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/visible"
)

// maxExcerpt bounds an excerpt, in bytes of the content, each side of
// the span and of the span itself.
const maxExcerpt = 80

// excerpt is the content's bytes [start, end) with a little context,
// visible-rendered, cut to whole codepoints.
func excerpt(content string, start, end int) string {
	if start < 0 || end > len(content) || start > end {
		return ""
	}
	if end-start > maxExcerpt {
		end = start + maxExcerpt
	}
	from, to := start-maxExcerpt/2, end+maxExcerpt/2
	if from < 0 {
		from = 0
	}
	if to > len(content) {
		to = len(content)
	}
	for from > 0 && !utf8.RuneStart(content[from]) {
		from--
	}
	for to < len(content) && !utf8.RuneStart(content[to]) {
		to++
	}
	s := visible.String(content[from:to])
	if from > 0 {
		s = "…" + s
	}
	if to < len(content) {
		s += "…"
	}
	return s
}

func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
