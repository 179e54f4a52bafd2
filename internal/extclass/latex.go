package extclass

import (
	"math"
	"slices"
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
	var out []Hidden
	total := 0
	scanLaTeX(s, func(h Hidden) {
		total++
		if max < 0 || len(out) < max {
			out = append(out, h)
		}
	})
	return out, total
}

// scanLaTeX calls emit with each construct of LaTeX, in order.
func scanLaTeX(s string, emit func(Hidden)) {
	if strings.IndexByte(s, '\\') < 0 {
		return
	}
	page := "#ffffff"
	ls := &latexScanner{s: s}
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
			if c, end, ok := ls.colorArgs(k); ok {
				page = c
				i = end
				continue
			}
		case "color":
			if c, end, ok := ls.colorArgs(k); ok && c == page {
				h, found = Hidden{LaTeXColor, i, scopeEnd(s, end)}, true
			}
		case "textcolor":
			if c, end, ok := ls.colorArgs(k); ok && c == page {
				if _, e, ok := ls.group(end); ok {
					h, found = Hidden{LaTeXColor, i, e}, true
				}
			}
		case "fontsize":
			if size, end, ok := ls.group(k); ok && tinyFont(size) {
				if _, e, ok := ls.group(end); ok {
					end = e
				}
				h, found = Hidden{LaTeXFontSize, i, scopeEnd(s, end)}, true
			}
		case "phantom", "hphantom", "vphantom":
			if _, e, ok := ls.group(k); ok {
				h, found = Hidden{LaTeXPhantom, i, e}, true
			}
		case "scalebox":
			if f, end, ok := ls.group(k); ok && tiny(f) {
				if _, e, ok := ls.option(end); ok {
					end = e
				}
				if _, e, ok := ls.group(end); ok {
					h, found = Hidden{LaTeXScale, i, e}, true
				}
			}
		case "resizebox":
			if w, end, ok := ls.group(k); ok {
				if hh, end2, ok := ls.group(end); ok && (tiny(w) || tiny(hh)) {
					if _, e, ok := ls.group(end2); ok {
						h, found = Hidden{LaTeXScale, i, e}, true
					}
				}
			}
		}
		if found {
			emit(h)
			i = h.End
			continue
		}
		i = k
	}
}

// skipSpace returns the first index at or after i that is not a space or
// tab.
func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// latexScanner answers where brace groups close. The answers come from
// one pass over the text's braces with a stack, made the first time a
// group is asked for, so that a text of unclosed groups costs linear time
// (a search from each brace up to maxGroup bytes would cost maxGroup times
// the text).
type latexScanner struct {
	s             string
	built         bool
	opens, closes []int32 // each '{' not escaped, in order, and where it closes (-1: never): 8 bytes a brace
}

func (ls *latexScanner) build() {
	ls.built = true
	if len(ls.s) > math.MaxInt32 {
		return // no group is read in a text over 2 GiB
	}
	var stack []int32 // indexes into opens
	for j := 0; j < len(ls.s); j++ {
		switch ls.s[j] {
		case '\\':
			j++ // an escaped brace is not a delimiter
		case '{':
			stack = append(stack, int32(len(ls.opens)))
			ls.opens = append(ls.opens, int32(j))
			ls.closes = append(ls.closes, -1)
		case '}':
			if n := len(stack); n > 0 {
				ls.closes[stack[n-1]] = int32(j)
				stack = stack[:n-1]
			}
		}
	}
}

// group reads a brace group at s[i:] (after spaces) and returns its
// contents and the index after its closing brace; a group longer than
// maxGroup bytes is not read.
func (ls *latexScanner) group(i int) (string, int, bool) {
	s := ls.s
	i = skipSpace(s, i)
	if i >= len(s) || s[i] != '{' {
		return "", i, false
	}
	if !ls.built {
		ls.build()
	}
	k, found := slices.BinarySearch(ls.opens, int32(i))
	if !found || ls.closes[k] < 0 || int(ls.closes[k])-i >= maxGroup {
		return "", i, false
	}
	end := int(ls.closes[k])
	return s[i+1 : end], end + 1, true
}

// maxOption is how far option looks for the end of an optional argument.
const maxOption = 64

// option reads an optional argument [..] at s[i:], at most maxOption bytes.
func (ls *latexScanner) option(i int) (string, int, bool) {
	s := ls.s
	i = skipSpace(s, i)
	if i >= len(s) || s[i] != '[' {
		return "", i, false
	}
	end := strings.IndexByte(s[i:min(len(s), i+maxOption)], ']')
	if end < 0 {
		return "", i, false
	}
	return s[i+1 : i+end], i + end + 1, true
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
func (ls *latexScanner) colorArgs(i int) (string, int, bool) {
	model := ""
	if m, end, ok := ls.option(i); ok {
		model, i = m, end
	}
	spec, end, ok := ls.group(i)
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
