package shield

import (
	"bytes"
	"compress/gzip"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"io"
	"strings"
	"unicode/utf8"
)

// Encoded payloads of agent egress (issue 27: "a base64 curl … | sh that
// scan flags but the verdict scores clean"; docs/judgement/egress.md).
// Package scan decodes base64 of 48 characters and more (formats §4); a
// command an agent is about to run or send hides a shorter one, or
// spells it in hex, in percent-encoding (once or twice), or as gzip
// inside base64, or as PowerShell's UTF-16 base64. egressDecode finds
// such runs and decodes them to text that the prompt_injection and
// secrets detectors then read like the content.
//
// Bounds, on any input: one pass over the text finds the runs; at most
// maxEgressRuns runs are decoded, each of at most maxEgressRun bytes;
// gzip output is cut at maxEgressRun bytes; a decoded text is decoded
// once more (depth 2: base64 inside percent-encoding, gzip inside base64)
// and no further; at most maxEgressDecoded bytes of decoded text are kept
// per scan.
const (
	minEgressRun      = 16
	maxEgressRuns     = 64
	maxEgressRun      = 16 << 10
	maxEgressDecoded  = 128 << 10
	minEgressDecoded  = 8
	egressDecodeDepth = 2
)

// egressBlob is a run of the content and the text it decodes to.
type egressBlob struct {
	start, end int
	text       string
	// how names the encoding: "base64", "hex", "percent", "gzip".
	how string
	// dnsLabel: the run is a label of a host name (it is followed by a
	// dot and at least two more labels).
	dnsLabel bool
}

// egressDecode returns the decoded runs of text that are not spans of
// skip (base64 payloads package scan decoded already).
func egressDecode(text string, skip []decodedBlob) []egressBlob {
	var out []egressBlob
	budget := maxEgressDecoded
	runs := 0
	emit := func(start, end int, how, s string, dns bool) {
		if budget <= 0 {
			return
		}
		if len(s) > budget {
			s = s[:budget]
		}
		budget -= len(s)
		out = append(out, egressBlob{start: start, end: end, text: s, how: how, dnsLabel: dns})
	}
	var decode func(start, end int, run string, depth int, dns bool)
	decode = func(start, end int, run string, depth int, dns bool) {
		if runs >= maxEgressRuns || len(run) > maxEgressRun {
			return
		}
		runs++
		for _, d := range decodeRun(run, dns) {
			emit(start, end, d.how, d.text, dns)
			if depth+1 < egressDecodeDepth {
				inner := d.text
				forRuns(inner, func(s, e int, dnsIn bool) {
					decode(start, end, inner[s:e], depth+1, dnsIn)
				})
			}
		}
	}
	forRuns(text, func(s, e int, dns bool) {
		for _, b := range skip {
			if b.start <= s && e <= b.end {
				return
			}
		}
		decode(s, e, text[s:e], 0, dns)
	})
	return out
}

// forRuns calls fn for each run of text that may be an encoding: a
// maximal run of base64 (standard or URL alphabet) or hex characters of
// at least minEgressRun bytes, or a run of non-space bytes that holds at
// least three %XX escapes. A run shorter than minEgressRun decodes to
// fewer than minEgressDecoded bytes: the scan probes every minEgressRun-th
// byte and reads around a probe only when it falls in a run, so prose's
// short words cost a few reads each, and no byte is read more than four
// times.
func forRuns(text string, fn func(start, end int, dns bool)) {
	for i := 0; i+minEgressRun <= len(text); {
		p := i + minEgressRun - 1
		if runByte[text[p]] == 0 {
			i = p + 1 // no run of minEgressRun bytes starts in [i, p]
			continue
		}
		s := p
		for s > i && runByte[text[s-1]] != 0 {
			s--
		}
		// text[s:p+1] is a run's start (or i's): the run is long enough
		// only if text[s+minEgressRun-1] is in it, and if that byte ends
		// runs, no run of minEgressRun bytes starts before it either (it
		// would hold that byte).
		if k := s + minEgressRun - 1; k > p && (k >= len(text) || runByte[text[k]] == 0) {
			i = k + 1
			continue
		}
		e := p + 1
		for e < len(text) && e-s < maxEgressRun && runByte[text[e]] != 0 {
			e++
		}
		if e-s >= minEgressRun {
			runsIn(text, s, e, fn)
		}
		i = e
	}
}

// runsIn passes to fn the percent-encoded run text[i:j], or the base64 and
// hex runs inside it.
func runsIn(text string, i, j int, fn func(start, end int, dns bool)) {
	if escapes(text[i:j]) >= 3 {
		fn(i, j, false)
		return
	}
	for k := i; k < j; {
		for k < j && runByte[text[k]] != 2 {
			k++
		}
		s := k
		for k < j && runByte[text[k]] == 2 {
			k++
		}
		for s < k && text[s] == '/' {
			s++ // a path's slashes, not base64
		}
		e := k
		for e < j && text[e] == '=' && e-k < 2 {
			e++
		}
		if e-s >= minEgressRun {
			dns := e < len(text) && text[e] == '.' && hostTail(text[e+1:])
			fn(s, e, dns)
		}
		k = max(e, k)
	}
}

// runByte classifies bytes for forRuns: 2 for the base64 alphabets (hex
// included), 1 for the other bytes of a percent-encoded run ('%', '=' and
// the unreserved and sub-delimiter marks that stay unescaped), 0 for the
// bytes that end a run.
var runByte = func() (t [256]byte) {
	for c := 0; c < 256; c++ {
		switch b := byte(c); {
		case isAlnum(b), b == '+', b == '/', b == '-', b == '_':
			t[c] = 2
		case strings.IndexByte("%.~!*'():=", b) >= 0:
			t[c] = 1
		}
	}
	return t
}()

// escapes counts the %XX escapes of s, up to three.
func escapes(s string) int {
	n := 0
	for i := 0; n < 3; i++ {
		k := strings.IndexByte(s[i:], '%')
		if k < 0 {
			break
		}
		i += k
		if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			n++
		}
	}
	return n
}

// hostTail reports whether s starts with at least two labels of a host
// name ("x.logs-sync.net" after a label): the run before it is a label.
func hostTail(s string) bool {
	dots, n := 0, 0
	for n < len(s) && n < 253 && (isAlnum(s[n]) || s[n] == '-' || s[n] == '.') {
		if s[n] == '.' {
			dots++
		}
		n++
	}
	if n == 0 || dots == 0 {
		return false
	}
	last := s[strings.LastIndexByte(s[:n], '.')+1 : n]
	if len(last) < 2 {
		return false
	}
	for i := 0; i < len(last); i++ {
		if !isLower(last[i]) && !isUpper(last[i]) {
			return false
		}
	}
	return true
}

// decoded is one reading of a run.
type decoded struct{ how, text string }

// decodeRun returns the readings of run that are text: percent-decoding
// (a '+' read as a space), hex, base64 in both alphabets with or without
// padding, base32 for a DNS label, gzip inside base64, and UTF-16LE.
func decodeRun(run string, dns bool) []decoded {
	var out []decoded
	if strings.Contains(run, "%") {
		s, ok := percentDecodeLoose(run)
		if ok {
			s2, ok2 := percentDecodeLoose(s)
			if ok2 {
				s = s2
			}
			s = strings.ReplaceAll(s, "+", " ")
			if isText(s) {
				out = append(out, decoded{"percent", s})
			}
		}
		return out
	}
	if len(run)%2 == 0 && allHex(run) && (dns || printableHexHead(run)) {
		if b, err := hex.DecodeString(run); err == nil {
			if s, ok := asText(b); ok {
				return append(out, decoded{"hex", s})
			}
		}
		if !dns {
			return out
		}
	}
	t := strings.TrimRight(run, "=")
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		// The first four characters decode to three bytes: text, UTF-16
		// text or gzip's magic, or the run is not worth decoding (most
		// identifiers and digests stop here).
		var head [3]byte
		var quad [4]byte
		copy(quad[:], t)
		if _, err := enc.Decode(head[:], quad[:]); err != nil || !textHead(head) {
			continue
		}
		b, err := enc.DecodeString(t)
		if err != nil {
			continue
		}
		if len(b) > 2 && b[0] == 0x1f && b[1] == 0x8b {
			if z, err := gzip.NewReader(bytes.NewReader(b)); err == nil {
				var buf bytes.Buffer
				_, _ = io.Copy(&buf, io.LimitReader(z, maxEgressRun))
				if s, ok := asText(buf.Bytes()); ok {
					return append(out, decoded{"gzip", s})
				}
			}
			continue
		}
		if s, ok := asText(b); ok {
			return append(out, decoded{"base64", s})
		}
	}
	if dns {
		u := strings.ToUpper(t)
		if b, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(u); err == nil {
			if s, ok := asText(b); ok {
				out = append(out, decoded{"base32", s})
			}
		}
	}
	return out
}

// textHead reports whether the first three decoded bytes of a run may
// start text (printable ASCII, whitespace, UTF-8 lead or continuation
// bytes), UTF-16LE text (a zero second byte) or a gzip stream.
func textHead(b [3]byte) bool {
	if b[0] == 0x1f && b[1] == 0x8b {
		return true
	}
	ok := func(c byte) bool { return c >= 0x20 && c != 0x7f || c == '\n' || c == '\t' || c == '\r' }
	return ok(b[0]) && (ok(b[1]) || b[1] == 0) && ok(b[2]) || ok(b[0]) && b[1] == 0 && ok(b[2])
}

// printableHexHead reports whether the first two bytes a hex run spells
// are printable ASCII.
func printableHexHead(run string) bool {
	for i := 0; i < 4; i += 2 {
		c := unhex(run[i])<<4 | unhex(run[i+1])
		if c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHex(s[i]) {
			return false
		}
	}
	return true
}

// asText returns b as text when it is: at least minEgressDecoded bytes
// of UTF-8 (or UTF-16LE, PowerShell's -EncodedCommand) that isText
// accepts.
func asText(b []byte) (string, bool) {
	if len(b) >= 2*minEgressDecoded && len(b)%2 == 0 {
		zeros := 0
		for i := 1; i < len(b); i += 2 {
			if b[i] == 0 {
				zeros++
			}
		}
		if zeros == len(b)/2 {
			r := make([]byte, 0, len(b)/2)
			for i := 0; i < len(b); i += 2 {
				r = append(r, b[i])
			}
			b = r
		}
	}
	if len(b) < minEgressDecoded || !utf8.Valid(b) {
		return "", false
	}
	s := string(b)
	return s, isText(s)
}

// isText reports whether s reads as text: at least minEgressDecoded
// bytes, every byte printable ASCII, a tab, a newline or part of a
// multi-byte character, and at least a quarter of them letters.
func isText(s string) bool {
	if len(s) < minEgressDecoded {
		return false
	}
	letters := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isLower(c) || isUpper(c):
			letters++
		case c >= 0x20 && c < 0x7f, c == '\n', c == '\t', c == '\r', c >= 0x80:
		default:
			return false
		}
	}
	return 4*letters >= len(s)
}
