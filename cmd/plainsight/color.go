package main

import (
	"io"
	"os"
	"strings"
)

// ANSI styles for the text format on a terminal.
const (
	bold   = "\x1b[1m"
	red    = "\x1b[31m"
	cyan   = "\x1b[36m"
	yellow = "\x1b[33m"
	reset  = "\x1b[0m"
)

// isTerminal reports whether w is a terminal that colour may be written to:
// a character device, and NO_COLOR (no-color.org) unset.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func (o *scanWriter) paint(s, style string) string {
	if !o.color {
		return s
	}
	return style + s + reset
}

// paintAnnotations highlights each ⟨U+XXXX NAME⟩ of an excerpt.
func (o *scanWriter) paintAnnotations(excerpt string) string {
	if !o.color {
		return excerpt
	}
	r := strings.NewReplacer("⟨", cyan+"⟨", "⟩", "⟩"+reset)
	return r.Replace(excerpt)
}
