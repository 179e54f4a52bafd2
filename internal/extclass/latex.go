package extclass

import (
	"strconv"
	"strings"
)

// LaTeXKind is the way a LaTeX construct hides its text.
type LaTeXKind uint8

// The LaTeX hiding kinds.
const (
	// LaTeXColor: \color or \textcolor with the page's colour.
	LaTeXColor LaTeXKind = iota + 1
	// LaTeXFontSize: \fontsize of (nearly) zero.
	LaTeXFontSize
	// LaTeXPhantom: \phantom, \hphantom, \vphantom.
	LaTeXPhantom
	// LaTeXScale: \scalebox or \resizebox to (nearly) zero.
	LaTeXScale
)

// Hidden is one LaTeX construct that hides text, in bytes of the text.
type Hidden struct {
	Kind       LaTeXKind
	Start, End int
}

// maxGroup is how far LaTeX looks for the end of a group.
const maxGroup = 4096

// nearZero is the largest scale or size factor that counts as hiding.
const nearZero = 0.05

// LaTeX returns the LaTeX constructs of s that hide text, in order.
// \color and \fontsize hide up to the end of the group they are in (or the
// next \color, or maxGroup bytes on); the others hide their argument. It
// keeps at most max (max < 0: all) and returns how many there are in all.
func LaTeX(s string, max int) ([]Hidden, int) {
	if !strings.Contains(s, "\\") {
		return nil, 0
	}
	total := 0
	var out []Hidden
	page := "#ffffff"
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '\\')
		if j < 0 {
			break
		}
		i += j
		k := i + 1
		for k < len(s) && ('a' <= s[k] && s[k] <= 'z' || 'A' <= s[k] && s[k] <= 'Z') {
			k++
		}
		name := s[i+1 : k]
		if k < len(s) && s[k] == '*' {
			k++
		}
		var h Hidden
		found := false
		switch name {
		case "pagecolor":
			if c, end, ok := colorArgs(s, k); ok {
				page = c
				i = end
				continue
			}
		case "color":
			if c, end, ok := colorArgs(s, k); ok && c == page {
				h, found = Hidden{LaTeXColor, i, scopeEnd(s, end)}, true
			}
		case "textcolor":
			if c, end, ok := colorArgs(s, k); ok && c == page {
				if _, e, ok := group(s, end); ok {
					h, found = Hidden{LaTeXColor, i, e}, true
				}
			}
		case "fontsize":
			if size, end, ok := group(s, k); ok && tinyFont(size) {
				if _, e, ok := group(s, end); ok {
					end = e
				}
				h, found = Hidden{LaTeXFontSize, i, scopeEnd(s, end)}, true
			}
		case "phantom", "hphantom", "vphantom":
			if _, e, ok := group(s, k); ok {
				h, found = Hidden{LaTeXPhantom, i, e}, true
			}
		case "scalebox":
			if f, end, ok := group(s, k); ok && tiny(f) {
				if _, e, ok := option(s, end); ok {
					end = e
				}
				if _, e, ok := group(s, end); ok {
					h, found = Hidden{LaTeXScale, i, e}, true
				}
			}
		case "resizebox":
			if w, end, ok := group(s, k); ok {
				if hh, end2, ok := group(s, end); ok && (tiny(w) || tiny(hh)) {
					if _, e, ok := group(s, end2); ok {
						h, found = Hidden{LaTeXScale, i, e}, true
					}
				}
			}
		}
		if found {
			total++
			if max < 0 || len(out) < max {
				out = append(out, h)
			}
			i = h.End
			continue
		}
		i = k
	}
	return out, total
}

// skipSpace returns the first index at or after i that is not a space or
// tab.
func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// group reads a brace group at s[i:] (after spaces) and returns its
// contents and the index after its closing brace.
func group(s string, i int) (string, int, bool) {
	return delimited(s, i, '{', '}')
}

// option reads an optional argument [..] at s[i:].
func option(s string, i int) (string, int, bool) {
	return delimited(s, i, '[', ']')
}

func delimited(s string, i int, open, close byte) (string, int, bool) {
	i = skipSpace(s, i)
	if i >= len(s) || s[i] != open {
		return "", i, false
	}
	depth := 0
	for j := i; j < len(s) && j-i < maxGroup; j++ {
		switch s[j] {
		case '\\':
			j++ // an escaped brace is not a delimiter
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return s[i+1 : j], j + 1, true
			}
		}
	}
	return "", i, false
}

// scopeEnd returns where a declaration at s[i:] stops applying: the close
// of the group it is in, the next \color, or maxGroup bytes on, or the end
// of s, whichever comes first.
func scopeEnd(s string, i int) int {
	depth := 0
	limit := min(len(s), i+maxGroup)
	for j := i; j < limit; j++ {
		switch s[j] {
		case '\\':
			if strings.HasPrefix(s[j:], "\\color") || strings.HasPrefix(s[j:], "\\normalcolor") {
				return j
			}
			j++
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return j
			}
			depth--
		}
	}
	return limit
}

// tiny reports whether a size or factor such as "0", "0pt", "0.01",
// "0.02\textwidth" is at most nearZero.
func tiny(arg string) bool {
	arg = strings.TrimSpace(arg)
	n := 0
	for n < len(arg) && ('0' <= arg[n] && arg[n] <= '9' || arg[n] == '.') {
		n++
	}
	if n == 0 {
		return false
	}
	f, err := strconv.ParseFloat(arg[:n], 64)
	return err == nil && f <= nearZero
}

// tinyFont reports whether a font size is too small to read: under 1pt
// (in pt, bp, px, dd, sp or no unit), under 0.35mm (about 1pt), or at most
// nearZero in any other unit (em, ex, cm, in, …).
func tinyFont(arg string) bool {
	arg = strings.TrimSpace(arg)
	n := 0
	for n < len(arg) && ('0' <= arg[n] && arg[n] <= '9' || arg[n] == '.') {
		n++
	}
	if n == 0 {
		return false
	}
	f, err := strconv.ParseFloat(arg[:n], 64)
	if err != nil {
		return false
	}
	switch unit := strings.TrimSpace(arg[n:]); unit {
	case "", "pt", "bp", "px", "dd", "sp":
		return f < 1
	case "mm":
		return f < 0.35
	}
	return f <= nearZero
}

// colorArgs reads the arguments of \color, \textcolor or \pagecolor at
// s[i:]: an optional model and a colour, normalized (see normColor). ok is
// false when the colour is not one normColor knows.
func colorArgs(s string, i int) (string, int, bool) {
	model := ""
	if m, end, ok := option(s, i); ok {
		model, i = m, end
	}
	spec, end, ok := group(s, i)
	if !ok {
		return "", i, false
	}
	c, ok := normColor(strings.TrimSpace(model), strings.TrimSpace(spec))
	return c, end, ok
}

// latexColors are the colours of LaTeX's color and xcolor packages' base
// set, as #rrggbb.
var latexColors = map[string]string{
	"white": "#ffffff", "black": "#000000", "red": "#ff0000", "green": "#00ff00",
	"blue": "#0000ff", "cyan": "#00ffff", "magenta": "#ff00ff", "yellow": "#ffff00",
	"gray": "#808080", "lightgray": "#bfbfbf", "darkgray": "#404040",
}

// normColor normalizes a colour given as a name (white, white!100), or in
// the models rgb (0–1), RGB (0–255), HTML (rrggbb) or gray (0–1), to
// #rrggbb.
func normColor(model, spec string) (string, bool) {
	hex2 := func(v float64) string {
		n := int(v + 0.5)
		if n < 0 || n > 255 {
			return ""
		}
		const digits = "0123456789abcdef"
		return string([]byte{digits[n>>4], digits[n&15]})
	}
	nums := func(n int, scale float64) (string, bool) {
		parts := strings.Split(spec, ",")
		if len(parts) != n {
			return "", false
		}
		out := "#"
		for _, p := range parts {
			v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
			if err != nil {
				return "", false
			}
			h := hex2(v * scale)
			if h == "" {
				return "", false
			}
			out += h
			if n == 1 {
				out += h + h
			}
		}
		return out, true
	}
	switch strings.ToLower(model) {
	case "":
		name := strings.ToLower(spec)
		name = strings.TrimSuffix(name, "!100")
		c, ok := latexColors[name]
		return c, ok
	case "rgb":
		if model == "RGB" {
			return nums(3, 1)
		}
		return nums(3, 255)
	case "html":
		if len(spec) != 6 {
			return "", false
		}
		for _, c := range []byte(spec) {
			if hexVal(c) < 0 {
				return "", false
			}
		}
		return "#" + strings.ToLower(spec), true
	case "gray":
		return nums(1, 255)
	}
	return "", false
}
