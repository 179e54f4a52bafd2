// Command profiles measures the findings per MB of the Spec and Strict
// profiles of package scan, per class, on a corpus built by
// bench/benigncorpus (or any directory of files), and prints Markdown
// tables: one per source folder of the corpus, one per language of the
// message catalogues (read from the corpus's MANIFEST), and one of what
// each allow-rule and exclusion of Strict left out on the whole corpus.
//
// Usage: go run ./bench/profiles -corpus /tmp/benign
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/plainsight/plainsight/scan"
)

const mb = 1 << 20

// tally is the findings of one profile on some files.
type tally struct {
	byClass map[string]int
	allowed int
	flagged int // files
}

type group struct {
	bytes, files int
	spec, strict tally
	rules        ruleTally // only for the whole corpus
}

func newGroup() *group {
	return &group{spec: tally{byClass: map[string]int{}}, strict: tally{byClass: map[string]int{}}}
}

func (g *group) add(data []byte) {
	g.bytes += len(data)
	g.files++
	var results [2]*scan.Result
	for i, p := range []scan.Profile{scan.Spec, scan.Strict} {
		res, err := scan.ScanFile(string(data), &scan.Options{Profile: p, MaxFindings: -1, OmitSanitized: true})
		if err != nil {
			log.Fatal(err)
		}
		results[i] = res
		t := &g.spec
		if p == scan.Strict {
			t = &g.strict
		}
		for _, f := range res.Findings {
			name := string(f.Class)
			if f.Class == scan.HiddenMarkup && f.Extension {
				name += "/" + f.Kind.String()
			}
			t.byClass[name]++
		}
		t.allowed += res.Allowed
		if res.Status == scan.Flagged {
			t.flagged++
		}
	}
	if g.rules != nil {
		text := string(data)
		if strings.HasPrefix(text, "\uFEFF") {
			text = text[3:] // ScanFile's offsets count from after a byte order mark
			for _, r := range results {
				for i := range r.Findings {
					r.Findings[i].ByteStart -= 3
					r.Findings[i].ByteEnd -= 3
				}
			}
		}
		g.rules.addRules(text, results[0], results[1])
	}
}

func main() {
	corpus := flag.String("corpus", "", "the corpus directory (required)")
	flag.Parse()
	if *corpus == "" {
		log.Fatal("profiles: -corpus is required")
	}
	langOf := map[string]string{}
	if f, err := os.Open(filepath.Join(*corpus, "MANIFEST")); err == nil {
		re := regexp.MustCompile(`/locale/([^/]+)/`)
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			name, src, _ := strings.Cut(sc.Text(), "\t")
			if m := re.FindStringSubmatch(src); m != nil {
				langOf[name] = m[1]
			}
		}
		f.Close()
	}
	folders := map[string]*group{}
	langs := map[string]*group{}
	all := newGroup()
	all.rules = ruleTally{}
	err := filepath.WalkDir(*corpus, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() || d.Name() == "MANIFEST" {
			return err
		}
		rel, _ := filepath.Rel(*corpus, p)
		rel = filepath.ToSlash(rel)
		folder, _, _ := strings.Cut(rel, "/")
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, g := range []map[string]*group{folders} {
			if g[folder] == nil {
				g[folder] = newGroup()
			}
			g[folder].add(data)
		}
		if l, ok := langOf[rel]; ok {
			if langs[l] == nil {
				langs[l] = newGroup()
			}
			langs[l].add(data)
		}
		all.add(data)
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	folders["(all)"] = all
	print("source", folders)
	fmt.Println()
	print("catalogue language", langs)
	fmt.Println()
	printRules(all.rules, float64(all.bytes)/mb)
}

func print(title string, groups map[string]*group) {
	classSet := map[string]bool{}
	for _, g := range groups {
		for c := range g.spec.byClass {
			classSet[c] = true
		}
		for c := range g.strict.byClass {
			classSet[c] = true
		}
	}
	var classes []string
	for c := range classSet {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	var names []string
	for n := range groups {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Printf("| %s | MB | files | profile | flagged files | allowed/MB |", title)
	for _, c := range classes {
		fmt.Printf(" %s |", c)
	}
	fmt.Println()
	fmt.Print("|---|---|---|---|---|---|")
	for range classes {
		fmt.Print("---|")
	}
	fmt.Println()
	for _, n := range names {
		g := groups[n]
		size := float64(g.bytes) / mb
		for i, t := range []tally{g.spec, g.strict} {
			prof := "Spec"
			if i == 1 {
				prof = "Strict"
			}
			fmt.Printf("| %s | %.2f | %d | %s | %d | %.2f |", n, size, g.files, prof, t.flagged, float64(t.allowed)/size)
			for _, c := range classes {
				fmt.Printf(" %.2f |", float64(t.byClass[c])/size)
			}
			fmt.Println()
		}
	}
}
