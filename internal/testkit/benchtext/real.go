package benchtext

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// The real corpora of issue 33, item 1: text that the machine already
// holds and nobody on this project wrote (DESIGN.md, "Performance").
const (
	// Tutors is multilingual prose: Vim's tutors in every language
	// (VimTutors), repeated.
	Tutors = "tutors"
	// RustHTML is real HTML: the Rust toolchain's HTML documentation
	// (RustHTMLFiles), concatenated.
	RustHTML = "rusthtml"
)

// VimTutorGlob is where Vim's tutors are, one file a language, in UTF-8.
const VimTutorGlob = "/usr/share/vim/vim*/tutor/tutor*.utf-8"

// VimTutors returns Vim's tutors in every language (the files that
// VimTutorGlob names, in path order: Bulgarian, Czech, Greek, Japanese,
// Korean, Russian, Chinese and twenty more, about 1.2 MB), each followed by
// a blank line. It fails, naming the glob, when the machine has none.
func VimTutors() (string, error) { return vimTutors() }

var vimTutors = sync.OnceValues(func() (string, error) {
	files, err := filepath.Glob(VimTutorGlob)
	if err != nil {
		return "", err
	}
	if len(files) == 0 {
		return "", fmt.Errorf("no Vim tutors on this machine: nothing matches %s (apt-get install vim-runtime)", VimTutorGlob)
	}
	slices.Sort(files)
	var b strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		b.Write(data)
		b.WriteString("\n\n")
	}
	return b.String(), nil
})

// RustDocGlob is where the Rust toolchains' HTML documentation is.
const RustDocGlob = "share/doc/rust/html"

// RustHTMLFiles returns the HTML files (*.html) of the Rust toolchain's
// documentation, in path order: of the first toolchain, in the order of
// their names, under ~/.rustup/toolchains that has RustDocGlob (on this
// project's machines nightly, then stable: the API pages of alloc, the book,
// cargo's, clippy's and core's pages come first). It fails, naming the
// place, when there is none.
func RustHTMLFiles() ([]string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, err
	}
	pattern := filepath.Join(home, ".rustup", "toolchains", "*", RustDocGlob)
	dirs, err := filepath.Glob(pattern)
	if err != nil {
		return nil, err
	}
	slices.Sort(dirs)
	for _, dir := range dirs {
		var files []string
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".html") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(files) > 0 {
			slices.Sort(files)
			return files, nil
		}
	}
	return nil, fmt.Errorf("no Rust HTML documentation on this machine: no *.html under %s (rustup component add rust-docs)", pattern)
}

// rustLines calls yield with the lines of the Rust HTML files in turn,
// from the first file again after the last, until yield returns false.
func rustLines(yield func(string) bool) error {
	files, err := RustHTMLFiles()
	if err != nil {
		return err
	}
	for {
		any := false
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			s := string(data)
			if s != "" && !strings.HasSuffix(s, "\n") {
				s += "\n"
			}
			for l := range strings.Lines(s) {
				any = true
				if !yield(l) {
					return nil
				}
			}
		}
		if !any {
			return errors.New("the Rust HTML documentation is empty")
		}
	}
}
