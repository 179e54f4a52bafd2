//go:build ignore

// gen_corpus builds benign_shingles.bin, the benign corpus of the
// poisoning guard, and benign_sources.txt, the list of what went into it
// (path, SHA-256, shingles), from text on every machine with this module
// built: the Go distribution's documentation ($GOROOT/doc) and the README
// of each module version that go.mod requires, from the module cache.
// The same Go version, go.mod and module cache give the same bytes (a
// module whose README is not in the cache is named on stderr and left
// out: run go mod download first for the complete set). Run it with
// go generate; extra directories (an operator's own documentation, or
// /usr/share/doc, which differs from one machine to the next) can be
// given as arguments, each of their *.md, *.txt, *.html and README files
// read.
package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/plainsight/plainsight/signature"
)

func main() {
	goroot := goEnv("GOROOT")
	modcache := goEnv("GOMODCACHE")
	var files []string
	docs, _ := filepath.Glob(filepath.Join(goroot, "doc", "*"))
	for _, d := range docs {
		if ext := filepath.Ext(d); ext == ".html" || ext == ".md" {
			files = append(files, d)
		}
	}
	for _, mv := range requires("../go.mod") {
		dir := filepath.Join(modcache, escape(mv[0])+"@"+mv[1])
		found := false
		for _, name := range []string{"README.md", "README", "README.txt"} {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				files = append(files, filepath.Join(dir, name))
				found = true
				break
			}
		}
		if !found {
			log.Printf("no README for %s@%s (not in the module cache, or none)", mv[0], mv[1])
		}
	}
	for _, extra := range os.Args[1:] {
		filepath.WalkDir(extra, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				n := strings.ToLower(d.Name())
				if strings.HasPrefix(n, "readme") || strings.HasSuffix(n, ".md") || strings.HasSuffix(n, ".txt") || strings.HasSuffix(n, ".html") {
					files = append(files, p)
				}
			}
			return nil
		})
	}
	sort.Strings(files)
	corpus := (*signature.Corpus)(nil)
	var manifest strings.Builder
	manifest.WriteString("# Sources of benign_shingles.bin (written by gen_corpus.go): path, SHA-256, shingles.\n")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			log.Fatal(err)
		}
		text := string(data)
		if strings.HasSuffix(f, ".html") {
			text = stripHTML(text)
		}
		n := len(signature.Shingles(signature.Normalize(text)))
		corpus = corpus.With(text)
		sum := sha256.Sum256(data)
		rel := strings.TrimPrefix(strings.TrimPrefix(f, goroot+"/"), modcache+"/")
		if strings.HasPrefix(f, goroot) {
			rel = "$GOROOT/" + rel
		} else if strings.HasPrefix(f, modcache) {
			rel = "$GOMODCACHE/" + rel
		}
		fmt.Fprintf(&manifest, "%s %s %d\n", rel, hex.EncodeToString(sum[:]), n)
	}
	fmt.Fprintf(&manifest, "# total distinct 32-bit shingle hashes: %d; %s\n", corpus.Len(), strings.TrimSpace(goVersion()))
	out, err := os.Create("benign_shingles.bin")
	if err != nil {
		log.Fatal(err)
	}
	if _, err := corpus.WriteTo(out); err != nil {
		log.Fatal(err)
	}
	if err := out.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("benign_sources.txt", []byte(manifest.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}

var (
	scriptRE = regexp.MustCompile(`(?is)<(script|style)\b.*?</(script|style)>`)
	tagRE    = regexp.MustCompile(`(?s)<[^>]*>`)
)

func stripHTML(s string) string {
	s = scriptRE.ReplaceAllString(s, " ")
	s = tagRE.ReplaceAllString(s, " ")
	return html.UnescapeString(s)
}

func goEnv(k string) string {
	out, err := exec.Command("go", "env", k).Output()
	if err != nil {
		log.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

func goVersion() string {
	out, _ := exec.Command("go", "env", "GOVERSION").Output()
	return string(out)
}

// requires returns the module paths and versions of go.mod's require
// lines.
func requires(gomod string) [][2]string {
	f, err := os.Open(gomod)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	var out [][2]string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "require (":
			in = true
			continue
		case line == ")":
			in = false
			continue
		case strings.HasPrefix(line, "require "):
			line = strings.TrimPrefix(line, "require ")
		case !in:
			continue
		}
		fs := strings.Fields(line)
		if len(fs) >= 2 {
			out = append(out, [2]string{fs[0], fs[1]})
		}
	}
	return out
}

// escape is the module cache's case encoding: an upper-case letter
// becomes "!" and its lower case.
func escape(p string) string {
	var b strings.Builder
	for _, r := range p {
		if 'A' <= r && r <= 'Z' {
			b.WriteByte('!')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}
