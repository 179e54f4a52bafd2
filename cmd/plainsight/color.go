package main

import (
	"io"
	"os"
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
	if q, ok := w.(*quietWriter); ok {
		w = q.w
	}
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
