// Command benigncorpus builds the benign corpus on which the table of
// docs/profiles.md is measured: real documentation, source code, lockfiles,
// message catalogues and e-mail that no one here wrote, taken from what a
// Debian machine with Go and npm holds, to -o DIR. The corpus is not
// committed; this program is, and builds the same corpus from the same
// machine.
//
// Sources, in this order, each up to its cap (files in path order):
//
//	docs      /usr/share/doc: READMEs, changelogs, copyright files (.gz decompressed)
//	man       /usr/share/man/{LANG}: translated manual pages (ja ko zh_CN zh_TW ru uk de fr es it pl pt_BR cs …)
//	catalogs  /usr/share/locale/{LANG}/LC_MESSAGES/*.mo: the translated messages of
//	          ar fa he ur ps ckb hi bn km mn ko zh_CN zh_TW ja th ta el ru,
//	          up to 400 KB each
//	gosrc     /usr/local/go: Go source and documentation (src/**/*.go, doc/)
//	modcache  the Go module cache: READMEs, Markdown, Go source
//	lockfiles go.sum files of the module cache and the Go distribution, npm's
//	          package-lock.json files and its cache index (integrity strings), and
//	          the package-lock.json npm writes for express, eslint and webpack
//	          (npm install --package-lock-only)
//	npm       READMEs of the globally installed npm packages and their dependencies
//	email     git format-patch messages in the Go distribution, and the HTML
//	          e-mail templates of the npm package foundation-emails@2.5.1
//	          (fetched with npm pack)
//
// Usage: go run ./bench/benigncorpus -o /tmp/benign
package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

const mb = 1 << 20

// maxFile is the largest file taken.
const maxFile = 2 * mb

type source struct {
	name  string // the folder it goes to
	cap   int
	files func() []string              // candidate paths, any order
	read  func(string) ([]byte, error) // nil: the file's text, .gz decompressed
}

func main() {
	out := flag.String("o", "", "output directory (required)")
	flag.Parse()
	if *out == "" {
		log.Fatal("benigncorpus: -o is required")
	}
	home, _ := os.UserHomeDir()
	modcache := filepath.Join(home, "go", "pkg", "mod")
	if gm := os.Getenv("GOMODCACHE"); gm != "" {
		modcache = gm
	}
	manLangs := []string{"ja", "ko", "zh_CN", "zh_TW", "ru", "uk", "de", "fr", "es", "it", "pl", "pt_BR", "cs", "hu", "nl", "sv", "tr", "fi", "da", "ro", "sr", "sl", "hr", "id"}
	catLangs := []string{"ar", "fa", "he", "ur", "ps", "ckb", "hi", "bn", "km", "mn", "ko", "zh_CN", "zh_TW", "ja", "th", "ta", "el", "ru"}
	var sources []source
	sources = append(sources, []source{
		{"docs", 6 * mb, func() []string { return walk("/usr/share/doc", isDoc) }, nil},
		{"man", 6 * mb, func() []string {
			var all []string
			for _, l := range manLangs {
				all = append(all, walk("/usr/share/man/"+l, func(string) bool { return true })...)
			}
			return all
		}, nil},
		{"gosrc", 5 * mb, func() []string {
			return walk("/usr/local/go", func(p string) bool {
				return !strings.Contains(p, "/testdata/") && (strings.HasSuffix(p, ".go") || strings.HasPrefix(p, "/usr/local/go/doc/"))
			})
		}, nil},
		{"modcache", 3 * mb, func() []string {
			return walk(modcache, func(p string) bool {
				b := strings.ToLower(filepath.Base(p))
				return !strings.Contains(p, "/cache/") && !strings.Contains(p, "/testdata/") && (strings.HasPrefix(b, "readme") || strings.HasSuffix(b, ".md") || strings.HasSuffix(b, ".go"))
			})
		}, nil},
		{"lockfiles", 3 * mb, func() []string {
			var all []string
			all = append(all, walk(modcache, func(p string) bool { return filepath.Base(p) == "go.sum" && !strings.Contains(p, "/cache/") })...)
			all = append(all, walk("/usr/local/go", func(p string) bool { return filepath.Base(p) == "go.sum" || filepath.Base(p) == "package-lock.json" })...)
			all = append(all, walk(filepath.Join(home, ".cache"), func(p string) bool { return filepath.Base(p) == "package-lock.json" })...)
			all = append(all, walk(filepath.Join(home, ".npm", "_cacache", "index-v5"), func(string) bool { return true })...)
			return append(all, npmLockfile("express@4.21.2", "eslint@9.17.0", "webpack@5.97.1")...)
		}, nil},
		{"npm", 3 * mb, func() []string {
			var all []string
			for _, root := range []string{"/usr/lib/node_modules", filepath.Join(home, ".cache")} {
				all = append(all, walk(root, func(p string) bool {
					return strings.Contains(p, "/node_modules/") && strings.HasPrefix(strings.ToLower(filepath.Base(p)), "readme")
				})...)
			}
			return all
		}, nil},
		{"email", 2 * mb, func() []string {
			all := walk("/usr/local/go/src", func(p string) bool { return strings.HasSuffix(p, ".patch") })
			return append(all, npmPackFiles("foundation-emails@2.5.1", ".html")...)
		}, nil},
	}...)
	// Each language's catalogues up to 400 KB, so that every script is
	// measured.
	for _, l := range catLangs {
		sources = append(sources, source{"catalogs", 400 << 10, func() []string {
			return walk("/usr/share/locale/"+l+"/LC_MESSAGES", func(p string) bool { return strings.HasSuffix(p, ".mo") })
		}, readCatalog})
	}
	manifest := &strings.Builder{}
	counts := map[string]int{} // files written per folder
	total := 0
	for _, src := range sources {
		dir := filepath.Join(*out, src.name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			log.Fatal(err)
		}
		files := src.files()
		sort.Strings(files)
		size := 0
		n := counts[src.name]
		for _, p := range files {
			if size >= src.cap {
				break
			}
			read := src.read
			if read == nil {
				read = readText
			}
			data, err := read(p)
			if err != nil || len(data) == 0 || len(data) > maxFile || bytes.IndexByte(data, 0) >= 0 {
				continue
			}
			n++
			counts[src.name] = n
			name := fmt.Sprintf("%05d-%s", n, strings.TrimSuffix(filepath.Base(p), ".gz"))
			if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
				log.Fatal(err)
			}
			fmt.Fprintf(manifest, "%s/%s\t%s\n", src.name, name, p)
			size += len(data)
		}
		log.Printf("%-9s %6.2f MB", src.name, float64(size)/mb)
		total += size
	}
	log.Printf("total %.2f MB", float64(total)/mb)
	for _, d := range temps {
		os.RemoveAll(d)
	}
	if err := os.WriteFile(filepath.Join(*out, "MANIFEST"), []byte(manifest.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}

// walk returns the regular files below root that keep accepts.
func walk(root string, keep func(string) bool) []string {
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.Type().IsRegular() && keep(p) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func isDoc(p string) bool {
	b := strings.ToLower(filepath.Base(p))
	for _, skip := range []string{".png", ".jpg", ".gif", ".pdf", ".ico", ".svgz", ".woff", ".ttf"} {
		if strings.HasSuffix(b, skip) {
			return false
		}
	}
	return true
}

// readText reads a file, decompressing a .gz.
func readText(p string) ([]byte, error) {
	data, err := os.ReadFile(p)
	if err != nil || !strings.HasSuffix(p, ".gz") {
		return data, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(io.LimitReader(zr, maxFile+1))
}

// readCatalog returns the translated messages of a GNU .mo file, one a
// line (the header entry, with the empty msgid, left out).
func readCatalog(p string) ([]byte, error) {
	b, err := os.ReadFile(p)
	if err != nil || len(b) < 28 {
		return nil, err
	}
	var bo binary.ByteOrder = binary.LittleEndian
	if bo.Uint32(b) != 0x950412de {
		bo = binary.BigEndian
	}
	n, orig, trans := int(bo.Uint32(b[8:])), int(bo.Uint32(b[12:])), int(bo.Uint32(b[16:]))
	var out bytes.Buffer
	for i := 0; i < n; i++ {
		if orig+8*i+8 > len(b) || trans+8*i+8 > len(b) {
			break
		}
		if bo.Uint32(b[orig+8*i:]) == 0 {
			continue // the header
		}
		l, o := int(bo.Uint32(b[trans+8*i:])), int(bo.Uint32(b[trans+8*i+4:]))
		if o < 0 || l < 0 || o+l > len(b) {
			continue
		}
		// Plural forms are NUL-separated.
		out.Write(bytes.ReplaceAll(b[o:o+l], []byte{0}, []byte{'\n'}))
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}

// temps are the temporary directories to remove at the end.
var temps []string

// npmLockfile has npm write the package-lock.json of a project that
// depends on specs (npm install --package-lock-only: nothing is installed)
// and returns its path.
func npmLockfile(specs ...string) []string {
	dir, err := os.MkdirTemp("", "benigncorpus-")
	if err != nil {
		log.Fatal(err)
	}
	temps = append(temps, dir)
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"corpus","version":"1.0.0"}`), 0o644); err != nil {
		log.Fatal(err)
	}
	args := append([]string{"install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"}, specs...)
	cmd := exec.Command("npm", args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, io.Discard, os.Stderr
	if err := cmd.Run(); err != nil {
		log.Printf("npm install --package-lock-only: %v (skipped)", err)
		return nil
	}
	return []string{filepath.Join(dir, "package-lock.json")}
}

// npmPackFiles fetches an npm package with npm pack and returns its files
// with the suffix, extracted to a temporary directory.
func npmPackFiles(spec, suffix string) []string {
	dir, err := os.MkdirTemp("", "benigncorpus-")
	if err != nil {
		log.Fatal(err)
	}
	temps = append(temps, dir)
	cmd := exec.Command("npm", "pack", "--loglevel=warn", spec, "--pack-destination", dir)
	cmd.Stdout = io.Discard
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		log.Printf("npm pack %s: %v (skipped)", spec, err)
		return nil
	}
	tgz, _ := filepath.Glob(filepath.Join(dir, "*.tgz"))
	if len(tgz) != 1 {
		return nil
	}
	data, err := os.ReadFile(tgz[0])
	if err != nil {
		return nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	var out []string
	tr := tar.NewReader(zr)
	for i := 0; ; i++ {
		hdr, err := tr.Next()
		if err != nil {
			break
		}
		if hdr.Typeflag != tar.TypeReg || !strings.HasSuffix(hdr.Name, suffix) {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(tr, maxFile))
		if err != nil {
			continue
		}
		p := filepath.Join(dir, fmt.Sprintf("%04d-%s", i, filepath.Base(hdr.Name)))
		if os.WriteFile(p, b, 0o644) == nil {
			out = append(out, p)
		}
	}
	return out
}
