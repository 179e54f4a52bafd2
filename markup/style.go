package markup

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// StyleTest applies the style test of §3 to a CSS declaration list (the
// value of a style attribute, or the body of a rule) and returns why it
// hides, or Visible.
//
// Declarations are "property: value" pairs separated by semicolons,
// compared case-insensitively; a trailing !important is ignored and, as in
// CSS, the last declaration of a property wins. The list hides when
// display is none, visibility is hidden, font-size is zero (0, optionally
// .0…, optionally px, pt, em, rem or %), or color equals the background
// (background-color, or the first token of the background shorthand)
// after normalization; the reasons are checked in that order.
func StyleTest(declarations string) Reason {
	var display, visibility, fontSize, color, background string
	var hasColor, hasBackground bool
	for rest, more := declarations, true; more; {
		var decl string
		decl, rest, more = cutByte(rest, ';')
		prop, value, ok := cutByte(decl, ':')
		if !ok {
			continue
		}
		// The property, compared as strings.ToLower would lower it, but
		// without making the lowered string: a style attribute names
		// many properties, and only six of them matter.
		p := cssProperty(trimCSSSpace(prop))
		if p == otherProperty {
			continue
		}
		value = stripImportant(strings.ToLower(trimCSSSpace(value)))
		if value == "" {
			continue // CSS drops a declaration without a value
		}
		switch p {
		case displayProperty:
			display = value
		case visibilityProperty:
			visibility = value
		case fontSizeProperty:
			fontSize = value
		case colorProperty:
			color, hasColor = value, true
		case backgroundColorProperty:
			background, hasBackground = value, true
		case backgroundProperty:
			background, hasBackground = firstToken(value), true
		}
	}
	switch {
	case display == "none":
		return DisplayNone
	case visibility == "hidden":
		return VisibilityHidden
	case isZeroFontSize(fontSize):
		return FontSizeZero
	case hasColor && hasBackground && normalizeColor(color) == normalizeColor(background):
		return ColorMatchesBackground
	}
	return Visible
}

// cutByte is strings.Cut with a separator of one byte: s around the first
// c, without the general search's cost on the short strings of a style
// attribute.
func cutByte(s string, c byte) (before, after string, found bool) {
	if i := strings.IndexByte(s, c); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

// cssSpace is what CSS counts as whitespace.
const cssSpace = " \t\n\r\f"

// trimCSSSpace is strings.Trim(s, cssSpace).
func trimCSSSpace(s string) string {
	i, j := 0, len(s)
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// The properties the style test reads.
const (
	otherProperty = iota
	displayProperty
	visibilityProperty
	fontSizeProperty
	colorProperty
	backgroundColorProperty
	backgroundProperty
)

// cssProperty returns which of the properties the style test reads name
// is, once lowered as strings.ToLower lowers it.
func cssProperty(name string) int {
	if name == "" {
		return otherProperty
	}
	// Of the runes outside ASCII, only U+0130 and U+212A lower to ASCII
	// letters, i and k, with which no property here begins.
	switch name[0] | 0x20 {
	case 'd':
		if lowersTo(name, "display") {
			return displayProperty
		}
	case 'v':
		if lowersTo(name, "visibility") {
			return visibilityProperty
		}
	case 'f':
		if lowersTo(name, "font-size") {
			return fontSizeProperty
		}
	case 'c':
		if lowersTo(name, "color") {
			return colorProperty
		}
	case 'b':
		if lowersTo(name, "background-color") {
			return backgroundColorProperty
		}
		if lowersTo(name, "background") {
			return backgroundProperty
		}
	}
	return otherProperty
}

// lowersTo reports whether strings.ToLower(s) == w, for w in lowercase
// ASCII: whether each rune of s lowers (unicode.ToLower) to the next byte
// of w. A byte that is not UTF-8 is U+FFFD to strings.ToLower, which no
// byte of w is.
func lowersTo(s, w string) bool {
	// A rune outside ASCII takes two bytes or more and lowers to one
	// rune: s lowers to w only if it is as long, in ASCII, or longer.
	switch {
	case len(s) < len(w):
		return false
	case len(s) == len(w):
		return foldEqual(s, w)
	}
	j := 0
	for i := 0; i < len(s); j++ {
		r := rune(s[i])
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			i++
		} else {
			var n int
			r, n = utf8.DecodeRuneInString(s[i:])
			r = unicode.ToLower(r)
			i += n
		}
		if j == len(w) || r != rune(w[j]) {
			return false
		}
	}
	return j == len(w)
}

// stripImportant removes a trailing "!important" (CSS allows whitespace
// after the "!") from a lowercased value.
func stripImportant(v string) string {
	rest, ok := strings.CutSuffix(v, "important")
	if !ok {
		return v
	}
	rest, ok = strings.CutSuffix(strings.TrimRight(rest, cssSpace), "!")
	if !ok {
		return v
	}
	return strings.TrimRight(rest, cssSpace)
}

// isZeroFontSize reports whether v is 0, optionally followed by a fraction
// of zeros (.0, .00, …), optionally followed by px, pt, em, rem or %.
func isZeroFontSize(v string) bool {
	v, ok := strings.CutPrefix(v, "0")
	if !ok {
		return false
	}
	if rest, ok := strings.CutPrefix(v, "."); ok {
		zeros := len(rest) - len(strings.TrimLeft(rest, "0"))
		if zeros == 0 {
			return false
		}
		v = rest[zeros:]
	}
	switch v {
	case "", "px", "pt", "em", "rem", "%":
		return true
	}
	return false
}

// firstToken returns the first whitespace-separated token of a value,
// keeping whitespace inside parentheses: "rgb(1, 2, 3) url(x)" gives
// "rgb(1, 2, 3)".
func firstToken(v string) string {
	depth := 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
		case depth == 0 && isSpace(c):
			return v[:i]
		}
	}
	return v
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// namedColors are the names §3 resolves.
var namedColors = map[string]string{
	"white": "#ffffff", "black": "#000000", "red": "#ff0000", "lime": "#00ff00",
	"blue": "#0000ff", "yellow": "#ffff00", "gray": "#808080", "grey": "#808080",
	"silver": "#c0c0c0", "maroon": "#800000", "green": "#008000", "navy": "#000080",
	"purple": "#800080", "teal": "#008080", "aqua": "#00ffff", "fuchsia": "#ff00ff",
	"olive": "#808000", "transparent": "rgba(0,0,0,0)",
}

// normalizeColor lowercases a colour, strips its whitespace, expands #rgb
// to #rrggbb and resolves the named colours of §3.
func normalizeColor(v string) string {
	v = strings.ToLower(strings.Join(strings.FieldsFunc(v, func(r rune) bool {
		return r < 0x80 && isSpace(byte(r))
	}), ""))
	if hex, ok := namedColors[v]; ok {
		return hex
	}
	if len(v) == 4 && v[0] == '#' && isHex(v[1:]) {
		return string([]byte{'#', v[1], v[1], v[2], v[2], v[3], v[3]})
	}
	return v
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
