// Package textpos turns byte offsets into the line and column numbers
// people and editors use.
package textpos

import (
	"bytes"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/whatwg"
)

// bom is the UTF-8 encoding signature.
const bom = "\uFEFF"

// Positioner turns byte offsets of a text, asked for in increasing order,
// into 1-based line and column numbers: lines end at LF, CR or CRLF, and
// columns count codepoints as the scan decodes them (a maximal ill-formed
// subsequence is one). A leading byte order mark is not counted. Asked out
// of order, it starts again from the top.
type Positioner struct {
	data           []byte
	off, line, col int // the position of data[off:]
}

// New returns a Positioner for data.
func New(data []byte) *Positioner {
	p := &Positioner{data: data, line: 1, col: 1}
	if bytes.HasPrefix(data, []byte(bom)) {
		p.off = len(bom)
	}
	return p
}

// At returns the line and column of byte off.
func (p *Positioner) At(off int) (line, col int) {
	if off < p.off {
		*p = *New(p.data)
		if off < p.off { // inside the byte order mark
			return 1, 1
		}
	}
	seg := p.data[p.off:off]
	if last := bytes.LastIndexAny(seg, "\r\n"); last >= 0 {
		breaks := bytes.Count(seg, []byte("\n")) + bytes.Count(seg, []byte("\r")) - bytes.Count(seg, []byte("\r\n"))
		if p.off > 0 && p.data[p.off-1] == '\r' && seg[0] == '\n' {
			breaks-- // the LF of a CRLF whose CR ended the last segment
		}
		p.line += breaks
		p.col = 1
		seg = seg[last+1:]
	}
	p.col += codepointCount(seg)
	p.off = off
	return p.line, p.col
}

// codepointCount counts codepoints as the WHATWG decoder produces them.
func codepointCount(b []byte) int {
	if utf8.Valid(b) {
		return utf8.RuneCount(b)
	}
	n := 0
	for s := string(b); s != ""; n++ {
		_, size, _ := whatwg.DecodeRune(s)
		s = s[size:]
	}
	return n
}
