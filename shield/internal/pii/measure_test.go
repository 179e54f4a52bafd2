package pii

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var (
	benignFlag    = flag.Bool("pii.benign", false, "measure the false-positive rate on GOROOT's Go comments and /usr/share/doc")
	injectionFlag = flag.String("pii.jsonl", "", "measure on the benign items of this JSONL file (label \"benign\")")
	showFlag      = flag.Bool("pii.show", false, "log each value found on benign text")
)

// TestBenignRate measures, with -pii.benign, how often a recognizer fires
// on benign prose and code: the comments of the Go distribution's source,
// that source whole, and Debian's /usr/share/doc text. go test -run BenignRate -v
// -pii.benign ./shield/internal/pii
func TestBenignRate(t *testing.T) {
	if !*benignFlag {
		return
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	root := strings.TrimSpace(string(out))
	isGo := func(p string) bool { return strings.HasSuffix(p, ".go") }
	measureTree(t, "Go comments", filepath.Join(root, "src"), isGo, goComments)
	measureTree(t, "Go source", filepath.Join(root, "src"), isGo, func(b []byte) []byte { return b })
	measureTree(t, "/usr/share/doc", "/usr/share/doc", func(p string) bool {
		return !strings.HasSuffix(p, ".gz") && !strings.HasSuffix(p, ".html")
	}, func(b []byte) []byte { return b })
}

// goComments keeps the // comment lines of a Go file.
func goComments(b []byte) []byte {
	var out []byte
	for _, l := range bytes.Split(b, []byte("\n")) {
		l = bytes.TrimSpace(l)
		if bytes.HasPrefix(l, []byte("//")) {
			out = append(out, l[2:]...)
			out = append(out, '\n')
		}
	}
	return out
}

func measureTree(t *testing.T, name, root string, keep func(string) bool, extract func([]byte) []byte) {
	total, chunks, hitChunks := 0, 0, 0
	byKind := map[string]int{}
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "vendor") {
			return filepath.SkipDir
		}
		if d.IsDir() || !d.Type().IsRegular() || !keep(p) {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil || bytes.IndexByte(b, 0) >= 0 {
			return nil
		}
		b = extract(b)
		for len(b) > 0 {
			n := min(len(b), 4096)
			if n < len(b) {
				if k := bytes.LastIndexByte(b[:n], '\n'); k > 0 {
					n = k + 1
				}
			}
			ch := string(b[:n])
			b = b[n:]
			total += len(ch)
			chunks++
			found := false
			Find(ch, func(m Match) {
				found = true
				byKind[m.Kind]++
				if *showFlag {
					t.Logf("%s %s: %q in %q", p, m.Kind, ch[m.Start:m.End], ch[max(0, m.Start-40):min(len(ch), m.End+20)])
				}
			})
			if found {
				hitChunks++
			}
		}
		return nil
	})
	mb := float64(total) / 1e6
	n := 0
	for _, v := range byKind {
		n += v
	}
	t.Logf("%s: %.1f MB in %d chunks of at most 4 KiB: %d values found (%.2f per MB), %d chunks with one (%.2f %%), by kind %v",
		name, mb, chunks, n, float64(n)/mb, hitChunks, 100*float64(hitChunks)/float64(max(1, chunks)), byKind)
}

// TestJSONLRate counts, with -pii.jsonl FILE, the benign items of a JSONL
// file ({"text", "label"}) where a recognizer fires, by source_group.
// go test -run JSONLRate -v -pii.jsonl ../../../../shared/datasets/injection/train.jsonl ./shield/internal/pii
func TestJSONLRate(t *testing.T) {
	if *injectionFlag == "" {
		return
	}
	fh, err := os.Open(*injectionFlag)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 16<<20)
	items, fired := 0, 0
	byKind := map[string]int{}
	type group struct{ items, fired int }
	bySource := map[string]*group{}
	for sc.Scan() {
		var it struct{ Text, Label, Source_group string }
		if err := json.Unmarshal(sc.Bytes(), &it); err != nil {
			t.Fatal(err)
		}
		if it.Label != "benign" {
			continue
		}
		items++
		g := bySource[it.Source_group]
		if g == nil {
			g = &group{}
			bySource[it.Source_group] = g
		}
		g.items++
		ks := []string{}
		Find(it.Text, func(m Match) {
			ks = append(ks, m.Kind)
			if *showFlag {
				t.Logf("%s %s: %q in %q", it.Source_group, m.Kind, it.Text[m.Start:m.End], it.Text[max(0, m.Start-40):min(len(it.Text), m.End+20)])
			}
		})
		if len(ks) > 0 {
			fired++
			g.fired++
			for _, k := range ks {
				byKind[k]++
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d benign items, pii fires on %d (%.2f %%), by kind %v", *injectionFlag, items, fired, 100*float64(fired)/float64(max(1, items)), byKind)
	srcs := make([]string, 0, len(bySource))
	for s := range bySource {
		srcs = append(srcs, s)
	}
	slices.Sort(srcs)
	for _, s := range srcs {
		if g := bySource[s]; g.fired > 0 {
			t.Logf("| %s | %d | %d |", s, g.items, g.fired)
		}
	}
}
