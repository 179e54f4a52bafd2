// Command judgedscan measures how often scan's Strict class
// instruction_judged fires: on a labelled pool (-data, the JSON lines of
// ../shared/datasets/injection/train.jsonl, whose README defines the
// fields) by label and kind, with the patterns (rule or "model") that
// fired and, beside, the share whose Strict status is not clean (any
// finding: §5's instruction_like, a hidden character…); and on trees of files (-dir, repeatable), the share of files with
// at least one instruction_judged finding.
//
//	go run ./tools/judgedscan -data /work/shared/datasets/injection/train.jsonl
//	go run ./tools/judgedscan -dir "$(go env GOROOT)/src" -dir /usr/share/doc
//
// The pool figures are in-sample: the rules' confidences, the framing and
// the model were tuned or trained on the same pool (docs/judgement/strict-class.md).
// With -show N it prints up to N texts of each benign kind that fired.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/plainsight/plainsight/scan"
)

type dirs []string

func (d *dirs) String() string     { return strings.Join(*d, ",") }
func (d *dirs) Set(s string) error { *d = append(*d, s); return nil }

func main() {
	data := flag.String("data", "", "a labelled pool of JSON lines")
	show := flag.Int("show", 0, "texts of each benign kind that fired to print")
	misses := flag.Int("misses", 0, "injections of each kind that did not fire to print")
	var trees dirs
	flag.Var(&trees, "dir", "a tree of files to scan (repeatable)")
	flag.Parse()
	if *data == "" && len(trees) == 0 {
		fmt.Fprintln(os.Stderr, "judgedscan: give -data or -dir")
		os.Exit(2)
	}
	if *data != "" {
		if err := pool(*data, *show, *misses); err != nil {
			fmt.Fprintln(os.Stderr, "judgedscan:", err)
			os.Exit(1)
		}
	}
	for _, d := range trees {
		if err := tree(d); err != nil {
			fmt.Fprintln(os.Stderr, "judgedscan:", err)
			os.Exit(1)
		}
	}
}

// judged returns the patterns of the instruction_judged findings of a
// Strict scan of text, and whether the scan's status is not clean.
func judged(text string) (_ []string, notClean bool) {
	res, err := scan.Scan(text, &scan.Options{Profile: scan.Strict, OmitSanitized: true})
	if err != nil {
		return nil, false
	}
	var out []string
	for _, f := range res.Findings {
		if f.Class == scan.InstructionJudged && !slices.Contains(out, string(f.Pattern)) {
			out = append(out, string(f.Pattern))
		}
	}
	return out, res.Status != scan.Clean
}

type count struct{ n, fired, any int }

func pool(path string, show, misses int) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	byKind := map[string]*count{}
	byLabel := map[string]*count{}
	patterns := map[string]map[string]int{} // label → pattern → items
	shown := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var it struct{ Text, Label, Kind string }
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			return err
		}
		ps, any := judged(it.Text)
		add := func(m map[string]*count, k string) {
			if m[k] == nil {
				m[k] = &count{}
			}
			m[k].n++
			if len(ps) > 0 {
				m[k].fired++
			}
			if any {
				m[k].any++
			}
		}
		add(byKind, it.Label+"/"+it.Kind)
		add(byLabel, it.Label)
		if patterns[it.Label] == nil {
			patterns[it.Label] = map[string]int{}
		}
		for _, p := range ps {
			patterns[it.Label][p]++
		}
		if it.Label == "injection" && len(ps) == 0 && shown[it.Kind] < misses {
			shown[it.Kind]++
			fmt.Printf("MISSED %s: %q\n", it.Kind, cut(it.Text, 300))
		}
		if it.Label == "benign" && len(ps) > 0 && shown[it.Kind] < show {
			shown[it.Kind]++
			fmt.Printf("FIRED %s %v: %q\n", it.Kind, ps, cut(it.Text, 300))
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	print := func(title string, m map[string]*count) {
		fmt.Printf("%-40s %7s %7s %7s %9s\n", title, "items", "fired", "share", "not clean")
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			c := m[k]
			fmt.Printf("%-40s %7d %7d %6.2f%% %8.2f%%\n", k, c.n, c.fired, 100*float64(c.fired)/float64(c.n), 100*float64(c.any)/float64(c.n))
		}
	}
	print("label", byLabel)
	print("label/kind", byKind)
	for _, l := range []string{"injection", "benign"} {
		var ps []string
		for p := range patterns[l] {
			ps = append(ps, p)
		}
		slices.Sort(ps)
		fmt.Printf("%s items by pattern:", l)
		for _, p := range ps {
			fmt.Printf(" %s %d", p, patterns[l][p])
		}
		fmt.Println()
	}
	return nil
}

// cut returns the first n bytes of s at most, whole codepoints.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// maxFile bounds the files tree reads.
const maxFile = 4 << 20

func tree(root string) error {
	files, fired, bytes := 0, 0, 0
	byPattern := map[string]int{}
	var examples []string
	t0 := time.Now()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() > maxFile {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil || !utf8.Valid(b) || slices.Contains(b, 0) {
			return nil // binary or not text
		}
		files++
		bytes += len(b)
		ps, _ := judged(string(b))
		if len(ps) > 0 {
			fired++
			for _, p := range ps {
				byPattern[p]++
			}
			if len(examples) < 20 {
				examples = append(examples, fmt.Sprintf("%s %v", path, ps))
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Printf("%s: %d text files (%.1f MB), %d with instruction_judged (%.3f%%) in %v\n", root, files, float64(bytes)/1e6, fired, 100*float64(fired)/float64(max(files, 1)), time.Since(t0).Round(time.Millisecond))
	var ps []string
	for p := range byPattern {
		ps = append(ps, p)
	}
	slices.Sort(ps)
	for _, p := range ps {
		fmt.Printf("  %s: %d files\n", p, byPattern[p])
	}
	for _, e := range examples {
		fmt.Println("  ", e)
	}
	return nil
}
