// Command trackedfiles fails when the repository tracks a build output: an
// executable or object file (ELF, Mach-O, PE, WebAssembly, an ar archive such
// as a Go package archive), a file with the executable bit that is not a
// script (a "#!" first line), or a file over 1 MB that is not on the
// allow-list of generated tables and vector files.
//
// CI runs it from the repository root:
//
//	go run ./tools/trackedfiles
//
// It reads the index with "git ls-files -s -z" (the mode there is the one a
// clone gets, whatever the local file system says) and the contents from the
// working tree. Exit status: 0 clean, 1 a problem found (one line each on
// stdout), 2 git or a file could not be read.
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"strings"
)

// maxSize is the size above which a tracked file must be on the allow-list.
const maxSize = 1 << 20

// allowLarge lists the path patterns (path.Match, slash-separated) of the
// files that may be over maxSize: generated tables, conformance vectors and
// the judgement's trained data (the prompt-injection model's weights,
// written by tools/injtrain; the poisoning guard's benign shingle filter,
// written by signature's gen_corpus.go), which are data a reader of the
// repository expects to be large.
var allowLarge = []string{
	"internal/ucd/tables.go",
	"internal/injmodel/model.bin",
	"signature/benign_shingles.bin",
	"vectors/*/*.json",
	"vectors/*/*/*.json",
}

// An entry is one tracked file: its git mode ("100644", "100755", "120000"
// for a symbolic link, "160000" for a submodule) and its slash-separated path.
type entry struct {
	mode string
	path string
}

// A problem is one tracked file that should not be.
type problem struct {
	path   string
	reason string
}

func (p problem) String() string { return p.path + ": " + p.reason }

func main() {
	os.Exit(run(".", os.Stdout, os.Stderr))
}

// run checks the repository whose work tree is dir and returns the exit status.
func run(dir string, stdout, stderr io.Writer) int {
	cmd := exec.Command("git", "ls-files", "-s", "-z")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		fmt.Fprintln(stderr, "trackedfiles: git ls-files:", err)
		return 2
	}
	entries, err := parseIndex(out)
	if err != nil {
		fmt.Fprintln(stderr, "trackedfiles:", err)
		return 2
	}
	problems, err := check(os.DirFS(dir), entries)
	if err != nil {
		fmt.Fprintln(stderr, "trackedfiles:", err)
		return 2
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(stdout, "trackedfiles: %d problem(s): untrack the file, or extend the allow-list in tools/trackedfiles for a large generated or vector file\n", len(problems))
		return 1
	}
	fmt.Fprintf(stdout, "trackedfiles: %d tracked files, none an executable, an object file or too large\n", len(entries))
	return 0
}

// parseIndex reads "git ls-files -s -z" output: records "MODE SHA STAGE\tPATH"
// each ended by a NUL byte.
func parseIndex(b []byte) ([]entry, error) {
	var entries []entry
	for _, rec := range bytes.Split(b, []byte{0}) {
		if len(rec) == 0 {
			continue
		}
		meta, p, ok := strings.Cut(string(rec), "\t")
		fields := strings.Fields(meta)
		if !ok || len(fields) != 3 {
			return nil, fmt.Errorf("unexpected git ls-files record %q", rec)
		}
		entries = append(entries, entry{mode: fields[0], path: p})
	}
	return entries, nil
}

// check reports every entry that is a build output or too large. Symbolic
// links and submodules are not regular files and are left alone.
func check(root fs.FS, entries []entry) ([]problem, error) {
	var problems []problem
	for _, e := range entries {
		if e.mode != "100644" && e.mode != "100755" {
			continue
		}
		head, size, err := readHead(root, e.path)
		if err != nil {
			return nil, err
		}
		if kind := objectKind(head); kind != "" {
			problems = append(problems, problem{e.path, kind})
		} else if e.mode == "100755" && !bytes.HasPrefix(head, []byte("#!")) {
			problems = append(problems, problem{e.path, "executable bit set on a file that is not a script (no #! line)"})
		}
		if size > maxSize && !allowedLarge(e.path) {
			problems = append(problems, problem{e.path, fmt.Sprintf("%d bytes, over the %d-byte bound and not on the allow-list", size, maxSize)})
		}
	}
	return problems, nil
}

// readHead returns the first bytes of a file (enough for every magic number
// objectKind knows) and its size.
func readHead(root fs.FS, name string) ([]byte, int64, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	head := make([]byte, 4096)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, 0, err
	}
	return head[:n], info.Size(), nil
}

// objectKind names the executable or object format whose magic number head
// starts with, or returns "".
func objectKind(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x7fELF")):
		return "an ELF executable or object file"
	case bytes.HasPrefix(head, []byte{0xfe, 0xed, 0xfa, 0xce}), bytes.HasPrefix(head, []byte{0xce, 0xfa, 0xed, 0xfe}),
		bytes.HasPrefix(head, []byte{0xfe, 0xed, 0xfa, 0xcf}), bytes.HasPrefix(head, []byte{0xcf, 0xfa, 0xed, 0xfe}):
		return "a Mach-O executable or object file"
	case bytes.HasPrefix(head, []byte{0xca, 0xfe, 0xba, 0xbe}):
		return "a Mach-O universal binary (or a Java class file)"
	case isPE(head):
		return "a PE (Windows) executable"
	case bytes.HasPrefix(head, []byte("\x00asm")):
		return "a WebAssembly module"
	case bytes.HasPrefix(head, []byte("!<arch>\n")):
		return "an ar archive (a Go package archive or a static library)"
	}
	return ""
}

// isPE reports an MS-DOS header whose e_lfanew field (at 0x3c) points at a
// "PE\0\0" signature: "MZ" alone would also match text that starts with
// those two letters.
func isPE(head []byte) bool {
	if len(head) < 0x40 || head[0] != 'M' || head[1] != 'Z' {
		return false
	}
	off := binary.LittleEndian.Uint32(head[0x3c:])
	return uint64(off)+4 <= uint64(len(head)) && bytes.Equal(head[off:off+4], []byte("PE\x00\x00"))
}

// allowedLarge reports whether name matches a pattern of allowLarge.
func allowedLarge(name string) bool {
	for _, pat := range allowLarge {
		if ok, _ := path.Match(pat, name); ok {
			return true
		}
	}
	return false
}
