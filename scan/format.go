package scan

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/plainsight/plainsight/markup"
)

// Format is the format of the text a Strict scan reads, which says where
// its character references are decoded and where markup is rendered
// (package doc, "Profiles", names and source code; issue 31, "Quiet on code"). The zero value,
// Prose, is every format that renders references and markup (HTML,
// Markdown, XML, e-mail, plain text): a scan reads the text as it does
// without a format. The others are source code. Spec ignores the format.
type Format string

// The formats. FormatOf chooses one from a file's name.
const (
	// Prose is text whose reader sees it rendered: HTML, Markdown, XML,
	// an e-mail, plain text. The zero value.
	Prose Format = ""
	// JavaScript is JavaScript or TypeScript source (.js, .mjs, .cjs,
	// .jsx, .ts, .mts, .cts, .tsx).
	JavaScript Format = "javascript"
	// Go is Go source (.go).
	Go Format = "go"
	// Python is Python source (.py, .pyi).
	Python Format = "python"
	// SourceMap is a source map (.map): JSON whose strings are names,
	// mappings and the source code of other files, which nothing renders:
	// no hidden_markup is reported in it.
	SourceMap Format = "sourcemap"
	// Markdown is a Markdown document (.md, .markdown): rendered, so its
	// markup and HTML character references count as in Prose, but a \u
	// escape in it is visible text (Markdown does not decode one).
	Markdown Format = "markdown"
)

// ErrUnknownFormat is returned (wrapped) for an Options.Format that is
// none of the formats.
var ErrUnknownFormat = errors.New("unknown scan format")

// FormatOf returns the format of a file named name, by its extension:
// JavaScript, Go, Python, SourceMap or Markdown for the extensions listed
// at each, else Prose (.html, .xml, .eml, .txt, .json and every extension
// not listed). A JSON document is Prose: it is data, whose strings are
// read decoded (a tool definition's description is what an agent reads),
// so its escapes and its markup count.
// A name without an extension is Prose.
func FormatOf(name string) Format {
	switch strings.ToLower(path.Ext(strings.ReplaceAll(name, "\\", "/"))) {
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx":
		return JavaScript
	case ".go":
		return Go
	case ".py", ".pyi":
		return Python
	case ".map":
		return SourceMap
	case ".md", ".markdown":
		return Markdown
	}
	return Prose
}

// checkFormat validates f.
func checkFormat(f Format) error {
	switch f {
	case Prose, JavaScript, Go, Python, SourceMap, Markdown:
		return nil
	}
	return fmt.Errorf("scan: format %q: %w", string(f), ErrUnknownFormat)
}

// source reports whether f is source code, which nothing renders.
func (f Format) source() bool {
	return f == JavaScript || f == Go || f == Python || f == SourceMap
}

// literals follows a source text from its start, saying for increasing
// offsets whether each lies inside a string, template or regular-expression
// literal. It is a lexer of the formats' literals and comments only, not a
// parser: a template literal's ${…} substitutions are code (nested up to
// maxSubst deep), and a '/' opens a
// regular expression where the token before it cannot end an operand. One
// pass over the text, however many offsets are asked; memory is the struct
// and up to maxSubst nested ${…} substitutions of template literals.
type literals struct {
	s      string
	format Format
	i      int   // the next byte to read
	state  uint8 // what s[i] is in
	quote  byte  // the closing quote of a string
	triple bool  // a Python triple-quoted string
	class  bool  // inside a [...] class of a regular expression
	last   int   // the offset of the last significant byte of code, or -1
	opened int   // where the comment that s[i] is in opened
	// subst holds, for each ${…} substitution of a template literal that
	// s[i] is in, innermost last, the '{' opened in it and not closed; at
	// most maxSubst deep (deeper ones are read as code).
	subst []int
}

// maxSubst bounds the nesting of template substitutions that literals
// follows.
const maxSubst = 32

// The states of literals.
const (
	litCode uint8 = iota
	litLineComment
	litBlockComment
	litString
	litRegex
)

func newLiterals(s string, f Format) *literals {
	return &literals{s: s, format: f, last: -1}
}

// at returns what the byte at off (not less than any offset asked
// before) is in: code, a comment (and where it opened), or a literal, its
// opening quote included.
func (l *literals) at(off int) (state uint8, opened int) {
	for l.i < off && l.i < len(l.s) {
		l.step()
	}
	return l.state, l.opened
}

// step reads one byte (or an escape, or a token opener) of l.s.
func (l *literals) step() {
	s, i := l.s, l.i
	c := s[i]
	switch l.state {
	case litLineComment:
		if c == '\n' {
			l.state = litCode
		}
	case litBlockComment:
		if c == '*' && i+1 < len(s) && s[i+1] == '/' {
			l.state, l.i = litCode, i+2
			return
		}
	case litString:
		switch {
		case c == '\\' && !(l.format == Go && l.quote == '`'):
			l.i = min(i+2, len(s))
			return
		case c == '$' && l.quote == '`' && l.format == JavaScript && i+1 < len(s) && s[i+1] == '{' && len(l.subst) < maxSubst:
			l.subst = append(l.subst, 0)
			l.state, l.i = litCode, i+2
			return
		case c == l.quote && l.triple:
			if strings.HasPrefix(s[i:], strings.Repeat(string(c), 3)) {
				l.state, l.i, l.last = litCode, i+3, i+2
				return
			}
		case c == l.quote:
			l.state, l.last = litCode, i
		case c == '\n' && l.quote != '`' && !l.triple:
			l.state = litCode // an unterminated string ends at its line
		}
	case litRegex:
		switch {
		case c == '\\':
			l.i = min(i+2, len(s))
			return
		case c == '[':
			l.class = true
		case c == ']':
			l.class = false
		case c == '/' && !l.class:
			l.state, l.last = litCode, i
		case c == '\n':
			l.state = litCode
		}
	default:
		l.code(c)
		return
	}
	l.i++
}

// code reads byte c of code at l.i.
func (l *literals) code(c byte) {
	s, i := l.s, l.i
	next := byte(0)
	if i+1 < len(s) {
		next = s[i+1]
	}
	switch {
	case c == '"' || c == '\'' || c == '`' && (l.format == JavaScript || l.format == Go):
		l.state, l.quote, l.triple = litString, c, false
		if l.format == Python && c != '`' && strings.HasPrefix(s[i:], strings.Repeat(string(c), 3)) {
			l.triple, l.i = true, i+3
			return
		}
	case c == '#' && l.format == Python:
		l.state, l.opened = litLineComment, i
	case c == '/' && next == '/' && (l.format == JavaScript || l.format == Go):
		l.state, l.opened, l.i = litLineComment, i, i+2
		return
	case c == '/' && next == '*' && (l.format == JavaScript || l.format == Go):
		l.state, l.opened, l.i = litBlockComment, i, i+2
		return
	case c == '/' && l.format == JavaScript && l.regexMayStart():
		l.state, l.class = litRegex, false
	case c == '{' && len(l.subst) > 0:
		l.subst[len(l.subst)-1]++
		l.last = i
	case c == '}' && len(l.subst) > 0:
		if l.subst[len(l.subst)-1] == 0 {
			l.subst = l.subst[:len(l.subst)-1]
			l.state, l.quote, l.triple = litString, '`', false // back in the template
		} else {
			l.subst[len(l.subst)-1]--
			l.last = i
		}
	case c == ' ' || c == '\t' || c == '\n' || c == '\r':
	default:
		l.last = i
	}
	l.i++
}

// regexMayStart reports whether a '/' at l.i opens a regular expression:
// when the last token of code cannot end an operand (an operator or
// punctuation, a keyword that takes an expression, or the start).
func (l *literals) regexMayStart() bool {
	if l.last < 0 {
		return true
	}
	c := l.s[l.last]
	if strings.IndexByte("(,=:[!&|?{};+-*%<>~^", c) >= 0 {
		return true
	}
	if !isIdentByte(c) {
		return false // ')', ']', a closing quote: an operand ends there
	}
	j := l.last
	for j >= 0 && l.last-j < 12 && isIdentByte(l.s[j]) {
		j--
	}
	switch l.s[j+1 : l.last+1] {
	case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield", "await":
		return true
	}
	return false
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// isName reports whether an opaque base64_blob's text t is a name, not
// an encoding (issue 31, "Quiet on code"): a path, an identifier, an
// import specifier or a package name, a ruler of repeated characters, or
// an alphabet table. Each whitespace-separated token of t must be one.
//
// A token is a name when it holds at most four distinct characters
// (//------, ========, aaaa…); when it holds a run of eight characters
// that follow one another in ASCII (ABCDEFGH, abcdefgh, 01234567: a
// base64 or base62 alphabet written out); or when it reads as words:
// split at '/', '-', '_', '+' and '=', the segments that are not all
// lower-case hexadecimal (commit and digest names in a path) begin a new
// word (a lower-case letter followed by an upper-case one, a letter
// followed by a digit or a digit by a letter) at most once in every four
// characters in all. Identifiers and paths written in words (camelCase,
// PascalCase, kebab-case, snake_case, ALLCAPS) begin one every five to
// eight characters; random base64 about every other character (0.43 per
// character), so that an encrypted or compressed payload is not a name.
// The rule is read only for opaque blobs: a blob that decodes to text is
// reported whatever it looks like.
func isName(t string) bool {
	for tok := range strings.FieldsSeq(t) {
		if !nameToken(tok) {
			return false
		}
	}
	return true
}

func nameToken(tok string) bool {
	var seen [128]bool
	distinct, run := 0, 1
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c < 128 && !seen[c] {
			seen[c] = true
			distinct++
		}
		if i > 0 && c == tok[i-1]+1 {
			run++
			if run >= 8 {
				return true
			}
		} else {
			run = 1
		}
	}
	if distinct <= 4 {
		return true
	}
	letters, changes := 0, 0
	for seg := range strings.FieldsFuncSeq(tok, func(r rune) bool { return r == '/' || r == '-' || r == '_' || r == '+' || r == '=' }) {
		if lowerHex(seg) {
			continue
		}
		letters += len(seg)
		for i := 1; i < len(seg); i++ {
			a, b := charKind(seg[i-1]), charKind(seg[i])
			if a == 1 && b == 0 || a != b && (a == 2 || b == 2) {
				changes++ // a new word: lower to upper case, or to or from a digit
			}
		}
	}
	return changes*4 <= letters
}

func lowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// charKind is 0 for an upper-case letter, 1 for a lower-case one, 2 for a
// digit and 3 for anything else.
func charKind(c byte) uint8 {
	switch {
	case c >= 'A' && c <= 'Z':
		return 0
	case c >= 'a' && c <= 'z':
		return 1
	case c >= '0' && c <= '9':
		return 2
	}
	return 3
}

// quietOnCode reports whether a finding of the specification's classes is
// not reported in Strict by the rules for names and source code (issue 31,
// "Quiet on code"): an opaque base64 blob that is a name (isName), any
// hidden_markup in a source map, and, in another source format, an
// html_comment that is not a comment there: one whose
// "<!--" is inside a string, template or regular-expression literal, or
// inside a comment of the source that does not hold its "-->" too (a
// comment that mentions "<!--"), or inside a `code span` of such a
// comment's line. An HTML comment whole inside a comment of the source
// (a doc comment, which documentation tools render) is reported, and so is
// one in code. lit follows the text for these; it is made on first use,
// and the findings are asked in order (html_comment findings do not
// overlap).
func quietOnCode(s string, f *Finding, o options, lit **literals) bool {
	switch f.Class {
	case Base64Blob:
		return f.Opaque && isName(s[f.ByteStart:f.ByteEnd])
	case HiddenMarkup:
		if o.format == SourceMap {
			return true
		}
		if !o.format.source() || f.Kind != markup.HTMLComment {
			return false
		}
		if *lit == nil {
			*lit = newLiterals(s, o.format)
		}
		st, opened := (*lit).at(f.ByteStart)
		switch st {
		case litString, litRegex:
			return true
		case litLineComment, litBlockComment:
			if inCodeSpan(s, opened, f.ByteStart) {
				return true
			}
			end, endOpened := (*lit).at(f.ByteEnd - 1)
			return end != st || endOpened != opened
		}
	}
	return false
}

// inCodeSpan reports whether s[i] follows an odd number of backticks on
// its line, since from (a comment's start), looking back at most 512
// bytes.
func inCodeSpan(s string, from, i int) bool {
	lo := max(from, i-512, strings.LastIndexByte(s[max(0, i-512):i], '\n')+max(0, i-512)+1)
	return strings.Count(s[lo:i], "`")%2 == 1
}
