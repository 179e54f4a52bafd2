package markup

import "strings"

// classSelector is a plain class selector: ".name", or "type.name".
type classSelector struct {
	typ, class string // typ is lowercase, or empty for any element
}

// styleRules reads a stylesheet (the content of a <style> element, which
// starts at byte base of the text) and calls add for each css_hide_rule of
// §3: a style rule whose declarations pass the style test and whose
// selector list holds at least one plain class selector. CSS comments are
// ignored; rules inside conditional at-rule blocks (@media, @supports, …)
// count like any other; other at-rules (@font-face, @keyframes, …) are
// skipped. The span runs from the selector list to the rule's closing
// brace, or to the end of the stylesheet when it has none.
//
// sels is scratch space for the selectors, reused from rule to rule and
// from stylesheet to stylesheet (a text can hold a rule every few bytes);
// add must not keep the slice it is given.
func styleRules(css string, base int, sels *[]classSelector, add func(c Construct, sels []classSelector)) {
	css = blankComments(css)
	for i := 0; i < len(css); {
		j := nextDelimiter(css, i)
		if j == len(css) {
			return
		}
		if css[j] != '{' {
			i = j + 1 // the end of a statement or of an at-rule block
			continue
		}
		prelude := strings.Trim(css[i:j], cssSpace)
		if strings.HasPrefix(prelude, "@") {
			if isConditionalAtRule(prelude) {
				i = j + 1 // read the rules inside as rules
			} else {
				i, _ = blockEnd(css, j)
			}
			continue
		}
		end, closed := blockEnd(css, j)
		body := css[j+1 : end]
		if closed {
			body = css[j+1 : end-1]
		}
		if r := StyleTest(body); r != Visible {
			if *sels = classSelectors(prelude, (*sels)[:0]); len(*sels) > 0 {
				start := i + strings.Index(css[i:j], prelude)
				add(Construct{Kind: CSSHideRule, Reason: r, Start: base + start, End: base + end}, *sels)
			}
		}
		i = end
	}
}

// blankComments replaces each /* comment */ (an unterminated one runs to the
// end) with spaces, keeping every other byte where it was; so too the "<!--"
// and "-->" that CSS ignores between rules (CDO and CDC), which older
// stylesheets wrap themselves in.
func blankComments(css string) string {
	if !strings.Contains(css, "/*") && !strings.Contains(css, "<!--") && !strings.Contains(css, "-->") {
		return css
	}
	b := []byte(css)
	for i := 0; i+1 < len(b); i++ {
		if strings.HasPrefix(css[i:], "<!--") || strings.HasPrefix(css[i:], "-->") {
			n := 3
			if css[i] == '<' {
				n = 4
			}
			for k := range n {
				b[i+k] = ' '
			}
			i += n - 1
			continue
		}
		if b[i] != '/' || b[i+1] != '*' {
			continue
		}
		end := len(b)
		if k := strings.Index(css[i+2:], "*/"); k >= 0 {
			end = i + 2 + k + 2
		}
		for ; i < end; i++ {
			b[i] = ' '
		}
		i--
	}
	return string(b)
}

// nextDelimiter returns the index of the next '{', '}' or ';' at or after i
// that is not inside a quoted string, or len(css).
func nextDelimiter(css string, i int) int {
	for ; i < len(css); i++ {
		switch css[i] {
		case '{', '}', ';':
			return i
		case '"', '\'':
			i = stringEnd(css, i) - 1
		}
	}
	return len(css)
}

// stringEnd returns the index just after the quoted string starting at i.
func stringEnd(css string, i int) int {
	q := css[i]
	for i++; i < len(css); i++ {
		switch css[i] {
		case '\\':
			i++
		case q:
			return i + 1
		}
	}
	return len(css)
}

// blockEnd returns the index just after the '}' that closes the block
// opened at open, or len(css) and false when nothing closes it.
func blockEnd(css string, open int) (end int, closed bool) {
	depth := 0
	for i := open; i < len(css); i++ {
		switch css[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i + 1, true
			}
		case '"', '\'':
			i = stringEnd(css, i) - 1
		}
	}
	return len(css), false
}

// isConditionalAtRule reports whether the at-rule prelude opens a block of
// rules that apply under a condition.
func isConditionalAtRule(prelude string) bool {
	name := strings.ToLower(prelude[1:])
	if i := strings.IndexFunc(name, func(r rune) bool { return r == '(' || r < 0x80 && isSpace(byte(r)) }); i >= 0 {
		name = name[:i]
	}
	switch name {
	case "media", "supports", "document", "-moz-document", "layer", "container", "scope", "starting-style":
		return true
	}
	return false
}

// classSelectors appends to out the plain class selectors of a selector
// list: those of the form ".name", "type.name" or "*.name" and nothing
// else.
func classSelectors(list string, out []classSelector) []classSelector {
	for rest, more := list, true; more; {
		var sel string
		sel, rest, more = strings.Cut(rest, ",")
		sel = strings.Trim(sel, cssSpace)
		typ, class, ok := strings.Cut(sel, ".")
		if typ == "*" {
			typ = "" // the universal selector: any element
		}
		if !ok || !isIdent(class) || (typ != "" && !isIdent(typ)) {
			continue
		}
		out = append(out, classSelector{typ: strings.ToLower(typ), class: class})
	}
	return out
}

// isIdent reports whether s is a CSS identifier without escapes: letters,
// digits, '-', '_' and non-ASCII characters, not starting with a digit or
// with '-' and a digit.
func isIdent(s string) bool {
	if s == "" || '0' <= s[0] && s[0] <= '9' || len(s) > 1 && s[0] == '-' && '0' <= s[1] && s[1] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 0x80 || c == '-' || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}
