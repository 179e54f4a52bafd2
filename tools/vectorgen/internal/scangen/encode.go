package scangen

import (
	"bytes"
	"encoding/json"
)

// Encode writes any vector file the way the scan files are written:
// indented, no HTML escaping, invisible codepoints escaped, number arrays on
// one line. The Strict profile's files (strictgen) use it too.
func Encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return compactNumberArrays(escapeInvisible(buf.Bytes())), nil
}
