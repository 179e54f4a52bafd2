package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// peHeader is the start of a PE file: "MZ", e_lfanew at 0x3c pointing at 0x80,
// and the "PE\0\0" signature there.
func peHeader() []byte {
	b := make([]byte, 0x100)
	copy(b, "MZ")
	binary.LittleEndian.PutUint32(b[0x3c:], 0x80)
	copy(b[0x80:], "PE\x00\x00")
	return b
}

// TestCheck plants one file of each kind the check must catch, and the files
// it must pass, and compares the problems found by path.
func TestCheck(t *testing.T) {
	self, err := os.Executable() // the test binary: a real ELF, Mach-O or PE file
	if err != nil {
		t.Fatal(err)
	}
	selfBytes, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("a"), maxSize+1)
	files := fstest.MapFS{
		"plainsight":                {Data: selfBytes},
		"elf.o":                     {Data: []byte("\x7fELF\x02\x01\x01")},
		"macho":                     {Data: []byte{0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1}},
		"macho32":                   {Data: []byte{0xfe, 0xed, 0xfa, 0xce, 0, 0, 0, 7}},
		"fat":                       {Data: []byte{0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2}},
		"tool.exe":                  {Data: peHeader()},
		"mod.wasm":                  {Data: []byte("\x00asm\x01\x00\x00\x00")},
		"pkg.a":                     {Data: []byte("!<arch>\n__.PKGDEF")},
		"mode-only":                 {Data: []byte("package main\n")},
		"big.txt":                   {Data: big},
		"MZ.md":                     {Data: []byte("MZ is how this note starts, and it is text\n")},
		"script.sh":                 {Data: []byte("#!/bin/sh\necho ok\n")},
		"vectors/intent/big.json":   {Data: big},
		"vectors/scan/sub/big.json": {Data: big},
		"internal/ucd/tables.go":    {Data: big},
		"internal/other/tables.go":  {Data: big},
		"README.md":                 {Data: []byte("# readme\n")},
		"empty":                     {Data: nil},
	}
	entries := []entry{
		{"100755", "plainsight"},
		{"100644", "elf.o"},
		{"100644", "macho"},
		{"100644", "macho32"},
		{"100644", "fat"},
		{"100644", "tool.exe"},
		{"100644", "mod.wasm"},
		{"100644", "pkg.a"},
		{"100755", "mode-only"},
		{"100644", "big.txt"},
		{"100644", "MZ.md"},
		{"100755", "script.sh"},
		{"100644", "vectors/intent/big.json"},
		{"100644", "vectors/scan/sub/big.json"},
		{"100644", "internal/ucd/tables.go"},
		{"100644", "internal/other/tables.go"},
		{"100644", "README.md"},
		{"100644", "empty"},
		{"120000", "link-to-nowhere"}, // a symbolic link: not opened
		{"160000", "submodule"},       // a submodule: not opened
	}
	problems, err := check(files, entries)
	if err != nil {
		t.Fatal(err)
	}
	var got []string // the paths with at least one problem
	for _, p := range problems {
		if len(got) == 0 || got[len(got)-1] != p.path {
			got = append(got, p.path)
		}
	}
	sort.Strings(got)
	want := []string{"big.txt", "elf.o", "fat", "internal/other/tables.go", "macho", "macho32", "mod.wasm", "mode-only", "pkg.a", "plainsight", "tool.exe"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("problems (-want +got):\n%s\nall: %v", diff, problems)
	}
}

func TestParseIndex(t *testing.T) {
	in := "100644 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\ta b.txt\x00" +
		"100755 e69de29bb2d1d6434b8b29ae775ad8c2e48c5391 0\t.ci/run\x00"
	got, err := parseIndex([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []entry{{"100644", "a b.txt"}, {"100755", ".ci/run"}}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(entry{})); diff != "" {
		t.Errorf("parseIndex (-want +got):\n%s", diff)
	}
	if _, err := parseIndex([]byte("garbage\x00")); err == nil {
		t.Error("parseIndex accepted a record without a tab")
	}
}

// TestRunPlanted is the self-check of the command CI runs: in a fresh git
// repository, a committed compiled binary makes it exit 1, and removing it
// makes it exit 0. It needs git, which CI needs anyway.
func TestRunPlanted(t *testing.T) {
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.invalid",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.invalid")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	if err := os.WriteFile(filepath.Join(dir, "README.md"), []byte("# x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "scan.test"), bin, 0o755); err != nil {
		t.Fatal(err)
	}
	git("add", "-f", "README.md", "scan.test")

	var stdout, stderr bytes.Buffer
	if code := run(dir, &stdout, &stderr); code != 1 {
		t.Fatalf("with a planted binary: exit %d, want 1\nstdout: %s\nstderr: %s", code, stdout.String(), stderr.String())
	}
	if !bytes.Contains(stdout.Bytes(), []byte("scan.test")) {
		t.Errorf("the report does not name the planted file:\n%s", stdout.String())
	}

	git("rm", "-q", "--cached", "scan.test")
	stdout.Reset()
	stderr.Reset()
	if code := run(dir, &stdout, &stderr); code != 0 {
		t.Fatalf("after untracking it: exit %d, want 0\nstdout: %s\nstderr: %s", code, stdout.String(), stderr.String())
	}
}
