package vectors_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/vectors"
)

// corpusDirs returns every directory of the embedded corpus.
func corpusDirs(t *testing.T) []string {
	t.Helper()
	var dirs []string
	err := fs.WalkDir(vectors.FS(), ".", func(name string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && name != "." {
			dirs = append(dirs, name)
		}
		return err
	})
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no directories in vectors.FS() (%v)", err)
	}
	return dirs
}

// TestDocsListEveryDirectory checks that the documentation of the corpus
// names every directory of it: the doc comment of FS, the package doc and
// the table of README.md.
func TestDocsListEveryDirectory(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "vectors.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var fsDoc string
	for _, decl := range f.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Name.Name == "FS" {
			fsDoc = strings.Join(strings.Fields(fn.Doc.Text()), " ")
		}
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range corpusDirs(t) {
		if !strings.Contains(fsDoc, " "+dir+" (") {
			t.Errorf("the doc comment of FS does not name the directory %s", dir)
		}
		if !strings.Contains(f.Doc.Text(), "  - "+dir+": ") {
			t.Errorf("the package doc does not list the directory %s", dir)
		}
		if !strings.Contains(string(readme), "| `"+dir+"/` |") {
			t.Errorf("the directory table of README.md has no row for %s/", dir)
		}
	}
}
