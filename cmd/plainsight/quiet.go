package main

import (
	"bytes"
	"io"
	"strings"

	"github.com/plainsight/plainsight/scan"
)

// quietCommands are the commands whose text output ends with a note (the
// §12 line, scan.Note, or the integrity and check notes beside it) and
// that take --quiet to leave it out (issue 31, item 5).
var quietCommands = map[string]bool{
	"scan": true, "skill": true, "fingerprint": true, "precall": true,
	"registry": true, "changes": true, "signature": true,
}

// quietHelp is the --quiet line of a quiet command's --help.
const quietHelp = "  --quiet\n        leave the note (what a finding, or no finding, does and does not mean) out of text output;\n        json, jsonl, github and sarif output keep theirs (also -q)\n"

// cutQuiet takes --quiet (or -q) out of a quiet command's arguments, up
// to a "--" (after which an argument is an operand, never the flag), and
// before the command word (plainsight -q scan). Any other command keeps
// its arguments as given, and refuses the flag as unknown.
func cutQuiet(args []string) ([]string, bool) {
	quiet := false
	if len(args) > 1 && isQuiet(args[0]) && quietCommands[args[1]] {
		args, quiet = args[1:], true
	}
	if len(args) == 0 || !quietCommands[args[0]] {
		return args, false
	}
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			out = append(out, args[i:]...)
			break
		}
		if i > 0 && isQuiet(a) {
			quiet = true
			continue
		}
		out = append(out, a)
	}
	return out, quiet
}

func isQuiet(a string) bool { return a == "--quiet" || a == "-quiet" || a == "-q" }

// quietWriter passes text output through line by line without its notes:
// a line that starts "note: " is dropped, a line that is scan.Note is
// dropped, and a summary line that ends with " " and scan.Note loses it.
// JSON output has no such line, so it passes unchanged. Lines are
// buffered up to the next newline; flush writes a last unterminated one.
type quietWriter struct {
	w   io.Writer
	buf []byte
}

func (q *quietWriter) Write(p []byte) (int, error) {
	q.buf = append(q.buf, p...)
	for {
		i := bytes.IndexByte(q.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := q.buf[:i+1]
		if err := q.line(line); err != nil {
			return 0, err
		}
		q.buf = q.buf[i+1:]
	}
}

func (q *quietWriter) line(line []byte) error {
	s := string(line[:len(line)-1])
	switch {
	case strings.HasPrefix(s, "note: "), s == scan.Note:
		return nil
	case strings.HasSuffix(s, " "+scan.Note):
		s = strings.TrimSuffix(s, " "+scan.Note)
		_, err := io.WriteString(q.w, s+"\n")
		return err
	}
	_, err := q.w.Write(line)
	return err
}

func (q *quietWriter) flush() {
	if len(q.buf) > 0 {
		q.w.Write(q.buf)
		q.buf = nil
	}
}
