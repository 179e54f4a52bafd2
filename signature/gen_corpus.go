//go:build ignore

// gen_corpus builds benign_shingles.bin, the shipped benign corpus of the
// poisoning guard (a binary fuse filter of shingle hashes, see corpus.go),
// and benign_sources.txt, the provenance of what went into it: one line per
// source group with the SHA-256 of its files, their number, bytes of text
// and shingles, then the totals.
//
// Inputs, read from the machine it runs on (a Go + Debian machine with
// this module's dependencies in the module cache; run `go mod download`
// first), every file in path order:
//
//   - $GOROOT: README.md, LICENSE, PATENTS, CONTRIBUTING.md, SECURITY.md,
//     doc/ (HTML stripped), and every .go, .md, .txt and README file under
//     src/ (code included: it is benign text people quote), but for
//     testdata directories and generated Go files ("// Code generated …
//     DO NOT EDIT.");
//   - /usr/share/common-licenses;
//   - /usr/share/doc (gzip-compressed files decompressed; files holding a
//     NUL byte left out);
//   - /usr/share/man, English pages only (man1 … man9 at the top level),
//     decompressed and with roff requests and font escapes removed;
//   - $GOMODCACHE: every README*, LICENSE*, COPYING*, NOTICE*, *.md and
//     *.txt file of every module version in the cache;
//   - -npm DIR: the npm package tarballs in DIR (`npm pack` of MCP
//     servers and SDKs; their README, LICENSE and *.md files);
//   - benign_commands.txt (this directory): install commands as popular
//     tools' official pages publish them and the empty skill template,
//     written by the project;
//   - -pool FILE: the benign_skill and benign_doc items of the project's
//     training pool (../shared/datasets/injection/train.jsonl), but none
//     of a source group that also gives it injection items or items about
//     attacks (see readPool).
//
// The same inputs give the same bytes. Two parts, each a binary fuse
// filter with 8-bit fingerprints: the full part holds every distinct
// shingle of the licences, the Go distribution's documents (not its
// code), the module cache, the npm packages, the pool and the copyright
// and README files of /usr/share/doc; the sampled part holds, of the
// other shingles (the rest of /usr/share/doc, the manual pages, the Go
// code), those whose hash is a multiple of the smallest power of two
// that makes the two parts fit -max keys (default 7,000,000, about
// 7.9 MB); see signature.NewSampledCorpus for how a sample counts. The
// rate is written in the sources file. A module-cache .txt file over
// 1 MiB (word lists, test data) and testdata directories are left out.
//
// Run: PLAINSIGHT_NPM_DIR=DIR PLAINSIGHT_POOL=.../train.jsonl go generate ./signature
// (or go run gen_corpus.go -npm DIR -pool FILE in signature/).
package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"io"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/plainsight/plainsight/signature"
)

type group struct {
	name     string
	files    int
	bytes    int64
	sum      []byte // running list of "path sha256\n"
	shingles []uint64
	sampled  bool // bulk text: kept as a sample (see main)
	// compacted is len(shingles) after the last sort: the next comes at
	// twice that, so gathering stays n log n.
	compacted int
}

var groups = map[string]*group{}

var nfiles int

// normalizeLines is signature.Normalize, line by line: the same result
// (no placeholder pattern matches a newline, NFKC composes nothing with
// one, and whitespace collapses to one space either way; every 400th file
// is checked against signature.Normalize), several times faster, since
// most lines skip the placeholder patterns and short inputs take the
// regular expressions' faster path.
func normalizeLines(text string) string {
	var b strings.Builder
	for _, l := range strings.Split(text, "\n") {
		if n := signature.Normalize(l); n != "" {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(n)
		}
	}
	return b.String()
}

func add(gname, path string, raw []byte, text string, sampled bool) {
	g := groups[gname]
	if g == nil {
		g = &group{name: gname, sampled: sampled}
		groups[gname] = g
	}
	s := sha256.Sum256(raw)
	g.sum = fmt.Appendf(g.sum, "%s %x\n", path, s)
	g.files++
	g.bytes += int64(len(text))
	norm := normalizeLines(text)
	if nfiles++; nfiles%400 == 0 && norm != signature.Normalize(text) {
		log.Fatalf("%s: normalizing line by line differs from signature.Normalize", path)
	}
	g.shingles = append(g.shingles, signature.Shingles(norm)...)
	if len(g.shingles) > max(1<<20, 2*g.compacted) {
		slices.Sort(g.shingles)
		g.shingles = slices.Compact(g.shingles)
		g.compacted = len(g.shingles)
	}
}

const maxFile = 16 << 20

func readText(p string) ([]byte, bool) {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxFile {
		return nil, false
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	if strings.HasSuffix(p, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, false
		}
		b, err = io.ReadAll(io.LimitReader(zr, maxFile))
		if err != nil {
			return nil, false
		}
	}
	if bytes.IndexByte(b, 0) >= 0 {
		return nil, false
	}
	return b, true
}

func walk(root string, fn func(p string, d fs.DirEntry)) {
	var ps []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.IsDir() {
			ps = append(ps, p)
		}
		return nil
	})
	sort.Strings(ps)
	for _, p := range ps {
		fn(p, nil)
	}
}

var (
	scriptRE = regexp.MustCompile(`(?is)<(script|style)\b.*?</(script|style)>`)
	tagRE    = regexp.MustCompile(`(?s)<[^>]*>`)
	// generatedRE: the marker of generated Go code (go help generate).
	generatedRE = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)
	roffEsc     = regexp.MustCompile(`\\f(?:\[[^\]]*\]|\(..|.)|\\\(..|\\\[[^\]]*\]|\\[&|^%:]|\\s[-+]?\d`)
)

func stripHTML(s string) string {
	s = scriptRE.ReplaceAllString(s, " ")
	s = tagRE.ReplaceAllString(s, " ")
	return html.UnescapeString(s)
}

// stripRoff keeps the text of a man page: a request line keeps its
// arguments, comments go, font and character escapes go.
func stripRoff(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, `.\"`) || strings.HasPrefix(l, `'\"`) {
			continue
		}
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			if i := strings.IndexAny(l, " \t"); i >= 0 {
				l = l[i+1:]
			} else {
				continue
			}
		}
		l = roffEsc.ReplaceAllString(l, "")
		l = strings.ReplaceAll(l, `\-`, "-")
		l = strings.ReplaceAll(l, `\e`, `\`)
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

func isDocName(n string) bool {
	l := strings.ToLower(n)
	for _, p := range []string{"readme", "license", "licence", "copying", "notice", "changelog", "authors", "contributing", "security"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return strings.HasSuffix(l, ".md") || strings.HasSuffix(l, ".txt") || strings.HasSuffix(l, ".markdown") || strings.HasSuffix(l, ".rst")
}

func main() {
	npmDir := flag.String("npm", os.Getenv("PLAINSIGHT_NPM_DIR"), "a directory of npm package tarballs (npm pack); default $PLAINSIGHT_NPM_DIR")
	pool := flag.String("pool", os.Getenv("PLAINSIGHT_POOL"), "the training pool, train.jsonl (its benign_skill and benign_doc items); default $PLAINSIGHT_POOL")
	maxKeys := flag.Int("max", 7000000, "the most shingles the filter holds")
	flag.Parse()
	goroot := goEnv("GOROOT")
	modcache := goEnv("GOMODCACHE")

	// $GOROOT.
	for _, n := range []string{"README.md", "LICENSE", "PATENTS", "CONTRIBUTING.md", "SECURITY.md"} {
		if b, ok := readText(filepath.Join(goroot, n)); ok {
			add("$GOROOT", "$GOROOT/"+n, b, string(b), false)
		}
	}
	walk(filepath.Join(goroot, "doc"), func(p string, _ fs.DirEntry) {
		if b, ok := readText(p); ok {
			t := string(b)
			if strings.HasSuffix(p, ".html") {
				t = stripHTML(t)
			}
			add("$GOROOT/doc", "$GOROOT"+strings.TrimPrefix(p, goroot), b, t, false)
		}
	})
	walk(filepath.Join(goroot, "src"), func(p string, _ fs.DirEntry) {
		rel := strings.TrimPrefix(p, goroot+"/")
		parts := strings.Split(rel, "/")
		g := "$GOROOT/" + strings.Join(parts[:min(len(parts)-1, 2)], "/")
		isGo := strings.HasSuffix(p, ".go")
		if !isGo && !isDocName(filepath.Base(p)) {
			return
		}
		if strings.Contains(rel, "/testdata/") {
			return
		}
		if b, ok := readText(p); ok {
			if isGo && generatedRE.Match(b) {
				return
			}
			if isGo {
				add(g+" (Go code)", "$GOROOT/"+rel, b, string(b), true)
			} else {
				add(g, "$GOROOT/"+rel, b, string(b), false)
			}
		}
	})

	log.Printf("%d files read", nfiles)
	// Debian.
	walk("/usr/share/common-licenses", func(p string, _ fs.DirEntry) {
		if b, ok := readText(p); ok {
			add("/usr/share/common-licenses", p, b, string(b), false)
		}
	})
	walk("/usr/share/doc", func(p string, _ fs.DirEntry) {
		parts := strings.Split(strings.TrimPrefix(p, "/usr/share/doc/"), "/")
		if len(parts) < 2 {
			return
		}
		if b, ok := readText(p); ok {
			t := string(b)
			if strings.HasSuffix(p, ".html") || strings.HasSuffix(p, ".htm") {
				t = stripHTML(t)
			}
			if base := strings.ToLower(filepath.Base(p)); strings.HasPrefix(base, "copyright") || strings.HasPrefix(base, "readme") {
				add("/usr/share/doc/"+parts[0]+" (copyright, README)", p, b, t, false)
			} else {
				add("/usr/share/doc/"+parts[0], p, b, t, true)
			}
		}
	})
	walk("/usr/share/man", func(p string, _ fs.DirEntry) {
		parts := strings.Split(strings.TrimPrefix(p, "/usr/share/man/"), "/")
		if len(parts) != 2 || !strings.HasPrefix(parts[0], "man") {
			return
		}
		if b, ok := readText(p); ok {
			add("/usr/share/man/"+parts[0], p, b, stripRoff(string(b)), true)
		}
	})

	log.Printf("%d files read", nfiles)
	// The module cache.
	walk(modcache, func(p string, _ fs.DirEntry) {
		rel := strings.TrimPrefix(p, modcache+"/")
		if strings.HasPrefix(rel, "cache/") || strings.Contains(rel, "/testdata/") || !isDocName(filepath.Base(p)) {
			return
		}
		mod := rel
		if i := strings.Index(rel, "@"); i >= 0 {
			if j := strings.IndexByte(rel[i:], '/'); j >= 0 {
				mod = rel[:i+j]
			}
		}
		if b, ok := readText(p); ok && (len(b) <= 1<<20 || !strings.HasSuffix(p, ".txt")) {
			add("$GOMODCACHE/"+mod, "$GOMODCACHE/"+rel, b, string(b), false)
		}
	})

	log.Printf("%d files read", nfiles)
	// npm tarballs.
	if *npmDir != "" {
		tgz, _ := filepath.Glob(filepath.Join(*npmDir, "*.tgz"))
		sort.Strings(tgz)
		for _, f := range tgz {
			readTarball(f)
		}
	}

	log.Printf("%d files read", nfiles)
	// The project's list of published install commands and the skill
	// template.
	if b, ok := readText("benign_commands.txt"); ok {
		add("project:signature/benign_commands.txt", "benign_commands.txt", b, string(b), false)
	} else {
		log.Fatal("benign_commands.txt is missing")
	}

	// The training pool's benign skills and documents.
	if *pool != "" {
		readPool(*pool)
	}

	log.Printf("%d files read", nfiles)
	// Gather; the bulk is sampled to fit; build.
	log.Printf("%d files read", nfiles)
	names := make([]string, 0, len(groups))
	for n := range groups {
		names = append(names, n)
	}
	sort.Strings(names)
	var full, bulk []uint64
	for _, n := range names {
		g := groups[n]
		slices.Sort(g.shingles)
		g.shingles = slices.Compact(g.shingles)
		if g.sampled {
			bulk = append(bulk, g.shingles...)
		} else {
			full = append(full, g.shingles...)
		}
	}
	slices.Sort(full)
	full = slices.Compact(full)
	slices.Sort(bulk)
	bulk = slices.Compact(bulk)
	var bulkOnly []uint64
	for _, h := range bulk {
		if _, ok := slices.BinarySearch(full, h); !ok {
			bulkOnly = append(bulkOnly, h)
		}
	}
	// The smallest power-of-two rate whose sample fits beside the full
	// part.
	rate := uint64(1)
	count := func(r uint64) int {
		n := 0
		for _, h := range bulkOnly {
			if h%r == 0 {
				n++
			}
		}
		return n
	}
	for len(full)+count(rate) > *maxKeys && rate < 1<<16 {
		rate *= 2
	}
	c1, err := signature.NewCorpus(full)
	if err != nil {
		log.Fatal(err)
	}
	c2, err := signature.NewSampledCorpus(bulkOnly, rate)
	if err != nil {
		log.Fatal(err)
	}
	c := c1.Union(c2)
	out, err := os.Create("benign_shingles.bin")
	if err != nil {
		log.Fatal(err)
	}
	size, err := c.WriteTo(out)
	if err != nil {
		log.Fatal(err)
	}
	if err := out.Close(); err != nil {
		log.Fatal(err)
	}

	var m strings.Builder
	m.WriteString("# Sources of benign_shingles.bin, written by gen_corpus.go (go generate ./signature).\n")
	m.WriteString("# One line per source group: name, SHA-256 of its files' \"path sha256\" lines, files, bytes of text, distinct shingles.\n")
	var tf int
	var tb int64
	for _, n := range names {
		g := groups[n]
		s := sha256.Sum256(g.sum)
		mark := ""
		if g.sampled {
			mark = " sampled"
		}
		fmt.Fprintf(&m, "%s %s %d %d %d%s\n", strings.ReplaceAll(n, " ", "_"), hex.EncodeToString(s[:]), g.files, g.bytes, len(g.shingles), mark)
		tf += g.files
		tb += g.bytes
	}
	fmt.Fprintf(&m, "# total: %d files, %d bytes of text (%.1f MB), %d groups\n", tf, tb, float64(tb)/1e6, len(names))
	fmt.Fprintf(&m, "# full part (groups not marked sampled): %d distinct shingles, all kept\n", len(full))
	fmt.Fprintf(&m, "# sampled part (/usr/share/doc but copyright and README files, /usr/share/man, $GOROOT Go code): %d distinct shingles not in the full part; kept when hash mod %d = 0: %d\n", len(bulkOnly), rate, c2.Len())
	fmt.Fprintf(&m, "# filters: binary fuse, 8-bit fingerprints, %d keys, %d bytes; false-positive rate about 1/256 per shingle\n", c.Len(), size)
	fmt.Fprintf(&m, "# %s\n", strings.TrimSpace(goVersion()))
	if err := os.WriteFile("benign_sources.txt", []byte(m.String()), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d files, %d bytes, %d full + %d of %d sampled (rate %d), %d bytes", tf, tb, len(full), c2.Len(), len(bulkOnly), rate, size)
}

func readTarball(f string) {
	fh, err := os.Open(f)
	if err != nil {
		log.Fatal(err)
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		log.Printf("%s: %v", f, err)
		return
	}
	tr := tar.NewReader(zr)
	type ent struct {
		name string
		b    []byte
	}
	var es []ent
	for {
		h, err := tr.Next()
		if err != nil {
			break
		}
		if h.Typeflag != tar.TypeReg || h.Size > maxFile || !isDocName(filepath.Base(h.Name)) {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(tr, maxFile))
		if err != nil || bytes.IndexByte(b, 0) >= 0 {
			continue
		}
		es = append(es, ent{h.Name, b})
	}
	sort.Slice(es, func(i, j int) bool { return es[i].name < es[j].name })
	g := "npm:" + filepath.Base(f)
	for _, e := range es {
		add(g, g+"/"+e.name, e.b, string(e.b), false)
	}
}

// readPool adds the pool's benign_skill and benign_doc items, but none of
// a source group that also gives the pool injection items or benign
// items about attacks (benign_about_attacks, benign_code): the docs of an
// attack tool quote its attack templates, which would then pass for
// benign.
func readPool(path string) {
	b, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	type item struct {
		ID, Text, Label, Kind string
		SourceGroup           string `json:"source_group"`
	}
	var items []item
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var it item
		if json.Unmarshal(sc.Bytes(), &it) == nil {
			items = append(items, it)
		}
	}
	attackish := map[string]bool{}
	for _, it := range items {
		if it.Label == "injection" || it.Kind == "benign_about_attacks" || it.Kind == "benign_code" {
			attackish[it.SourceGroup] = true
		}
	}
	for _, it := range items {
		if it.Label != "benign" || it.Kind != "benign_skill" && it.Kind != "benign_doc" || attackish[it.SourceGroup] {
			continue
		}
		add("pool:"+it.Kind+":"+it.SourceGroup, "pool:"+it.ID, []byte(it.Text), it.Text, false)
	}
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
