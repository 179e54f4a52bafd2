package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/internal/injmodel"
)

// benignReport scores the benign text under dirs — Go files' comments,
// and text files (README, *.md, *.txt, copyright, changelogs) — cut into
// chunks of at most 4,000 bytes at paragraph breaks, and prints the share
// of chunks and of bytes flagged at each threshold.
func benignReport(w io.Writer, score func(string) injmodel.Result, dirs []string, max int) {
	chunks, total := benignChunks(dirs, max)
	reportChunks(w, score, chunks, total, dirs)
}

// benignChunks reads the chunks benignReport scores: at most max bytes,
// shared equally by dirs.
func benignChunks(dirs []string, max int) (chunks []string, total int) {
	for _, dir := range dirs {
		var paths []string
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				if n := d.Name(); n == "testdata" || n == "vendor" || n == ".git" || n == "node_modules" {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && textFile(p) {
				paths = append(paths, p)
			}
			return nil
		})
		sort.Strings(paths)
		budget := max / len(dirs)
		used := 0
		for _, p := range paths {
			if used >= budget {
				break
			}
			b, err := os.ReadFile(p)
			if err != nil || len(b) > 1<<20 || !utf8.Valid(b) {
				continue
			}
			s := string(b)
			if strings.HasSuffix(p, ".go") {
				s = goComments(s)
			}
			for _, c := range paragraphs(s, 4000) {
				chunks = append(chunks, c)
				used += len(c)
			}
		}
		total += used
	}
	return chunks, total
}

func reportChunks(w io.Writer, score func(string) injmodel.Result, chunks []string, total int, dirs []string) {
	var hit [2]int
	var hitBytes [2]int
	var worst []string
	for _, c := range chunks {
		r := score(c)
		for k, th := range thresholds {
			if r.Prob >= th {
				hit[k]++
				hitBytes[k] += len(c)
				if k == 1 && len(worst) < 5 {
					worst = append(worst, fmt.Sprintf("%.3f %q", r.Prob, clip(c[r.Start:r.End], 160)))
				}
			}
		}
	}
	fmt.Fprintf(w, "\nBenign text on this machine: %d chunks, %.1f MB (%s)\n", len(chunks), float64(total)/(1<<20), strings.Join(dirs, ", "))
	for k, th := range thresholds {
		fmt.Fprintf(w, "  prob >= %.1f: %d chunks flagged (%s %% of chunks, %s %% of bytes)\n", th, hit[k], pct(hit[k], len(chunks)), pct(hitBytes[k], total))
	}
	for _, s := range worst {
		fmt.Fprintln(w, "  e.g.", s)
	}
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

func textFile(p string) bool {
	base := strings.ToLower(filepath.Base(p))
	switch filepath.Ext(base) {
	case ".go", ".md", ".txt", ".rst":
		return true
	}
	return strings.HasPrefix(base, "readme") || base == "copyright" || strings.HasPrefix(base, "changelog") || base == "news"
}

// goComments keeps the // comment lines of a Go file, a blank line between
// blocks.
func goComments(s string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.Split(s, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "//") && !strings.HasPrefix(t, "//go:") {
			b.WriteString(strings.TrimSpace(strings.TrimPrefix(t, "//")))
			b.WriteByte('\n')
			in = true
		} else if in {
			b.WriteString("\n")
			in = false
		}
	}
	return b.String()
}

// paragraphs cuts s into chunks of at most n bytes at blank lines (or at
// a line break, or hard, when a paragraph is longer).
func paragraphs(s string, n int) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if t := strings.TrimSpace(cur.String()); len(t) >= 40 {
			out = append(out, t)
		}
		cur.Reset()
	}
	for _, p := range strings.Split(s, "\n\n") {
		for len(p) > n {
			cut := strings.LastIndexByte(p[:n], '\n')
			if cut <= 0 {
				cut = n
				for cut > 0 && !utf8.RuneStart(p[cut]) {
					cut--
				}
			}
			flush()
			cur.WriteString(p[:cut])
			flush()
			p = p[cut:]
		}
		if cur.Len()+len(p)+2 > n {
			flush()
		}
		cur.WriteString(p)
		cur.WriteString("\n\n")
	}
	flush()
	return out
}
