package plainsight_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The house: the module's packages in layers, bottom first, as
// docs/architecture.md draws them. A package belongs to the component
// whose path is the longest one declared that is the package's path or a
// folder above it (shield/mcpguard is in shield), and sits in that
// component's layer.
//
// The rule (issue 32): an arrow — a non-test import — points down the
// layers or stays in its own layer, never up; and the components' graph
// has no cycle, within a layer or across. Test files are not part of the
// house: a test may import any package (a test of vectors may use the
// corpus loader, one of flag the store backends), since no package's build
// includes them, and the go command refuses an import cycle they would
// make. A package of the module in no component fails the test: a new
// package says where it sits, here and in docs/architecture.md.
var house = []struct {
	name       string
	components []string
}{
	{"foundations", []string{"internal/ucd", "internal/whatwg", "internal/textpos", "internal/canon",
		"internal/ignore", "internal/secret", "internal/strictjson", "internal/walk", "internal/extclass",
		"internal/scanref", "internal/jsonview", "internal/injrules", "internal/injmodel", "vectors", "skills",
		"internal/visible"}},
	{"leaves", []string{"markup", "b64", "guard", "fingerprint", "intent", "store",
		"mcpconfig"}},
	{"scanners and records", []string{"scan", "probe", "ledger"}},
	{"checks", []string{"skill", "shield", "flag"}},
	{"services", []string{"precall", "signature", "report",
		"pin",
		"audit", "proxy"}},
	{"server", []string{"server"}},
	{"commands, kits and tools", []string{".", "cmd", "bench", "examples", "tools", "internal/testkit"}},
}

// scanning are the packages that never depend on store, flag, ledger or a
// database driver, at any depth: the stateful packages import store, the
// scanning ones never do, and so never pull in a driver.
var scanning = []string{"scan", "markup", "b64", "fingerprint", "probe", "skill", "intent", "guard", "shield", "shield/mcpguard", "shield/receipt", "shield/enforce", "shield/urllist"}

const module = "github.com/plainsight/plainsight"

// goPackage is what the test reads of go list -json.
type goPackage struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

// listPackages lists the module's non-test packages with their imports.
func listPackages(t *testing.T) []goPackage {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("the go command is needed to list imports: %v", err)
	}
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,Deps", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	var pkgs []goPackage
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p goPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 20 {
		t.Fatalf("go list gave %d packages: not the module", len(pkgs))
	}
	return pkgs
}

// rel is the path of a package of the module relative to the module ("."
// for the root, which is a component of its own), and whether it is one.
func rel(path string) (string, bool) {
	if path == module {
		return ".", true
	}
	r, ok := strings.CutPrefix(path, module+"/")
	return r, ok
}

// component returns the component of the package at rel and its layer, or
// -1.
func component(rel string) (string, int) {
	best, layer := "", -1
	for i, l := range house {
		for _, c := range l.components {
			in := rel == c || c != "." && strings.HasPrefix(rel, c+"/")
			if in && (layer < 0 || len(c) > len(best)) {
				best, layer = c, i
			}
		}
	}
	return best, layer
}

// arrow is one import between two components.
type arrow struct{ from, to string }

// checkHouse returns what breaks the house's rule in the import graph of
// pkgs: an arrow up a layer, a package in no component, a cycle among
// components.
func checkHouse(pkgs []goPackage) []string {
	var problems []string
	graph := map[string][]string{}
	seen := map[arrow]bool{}
	for _, p := range pkgs {
		from, ok := rel(p.ImportPath)
		if !ok {
			continue
		}
		fc, fl := component(from)
		if fl < 0 {
			problems = append(problems, "package "+from+" is in no layer of the house: declare its component in house_test.go and docs/architecture.md")
			continue
		}
		for _, imp := range p.Imports {
			to, ok := rel(imp)
			if !ok {
				continue
			}
			tc, tl := component(to)
			if tl < 0 {
				continue // reported as a package of its own
			}
			if tl > fl {
				problems = append(problems, "arrow back up: "+from+" ("+house[fl].name+") imports "+to+" ("+house[tl].name+")")
			}
			if a := (arrow{fc, tc}); fc != tc && !seen[a] {
				seen[a] = true
				graph[fc] = append(graph[fc], tc)
			}
		}
	}
	return append(problems, cycles(graph)...)
}

// cycles returns each cycle of the graph found by a depth-first search, as
// its components joined by arrows.
func cycles(graph map[string][]string) []string {
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var stack, found []string
	var visit func(n string)
	visit = func(n string) {
		state[n] = open
		stack = append(stack, n)
		for _, m := range graph[n] {
			switch state[m] {
			case open:
				i := slices.Index(stack, m)
				found = append(found, "cycle: "+strings.Join(append(slices.Clone(stack[i:]), m), " → "))
			case unseen:
				visit(m)
			}
		}
		stack = stack[:len(stack)-1]
		state[n] = done
	}
	nodes := make([]string, 0, len(graph))
	for n := range graph {
		nodes = append(nodes, n)
	}
	slices.Sort(nodes)
	for _, n := range nodes {
		if state[n] == unseen {
			visit(n)
		}
	}
	return found
}

// TestHouse draws the import graph of the module's non-test packages with
// go list and fails on an arrow back up the layers, on a package in no
// layer and on a cycle among components (issue 32, "a test that fails on
// an arrow back up"); and on a scanning package that depends on store,
// flag, ledger or a database driver at any depth.
func TestHouse(t *testing.T) {
	pkgs := listPackages(t)
	for _, p := range checkHouse(pkgs) {
		t.Error(p)
	}
	byPath := map[string]goPackage{}
	for _, p := range pkgs {
		byPath[p.ImportPath] = p
	}
	for _, s := range scanning {
		p, ok := byPath[module+"/"+s]
		if !ok {
			t.Errorf("scanning package %s is missing", s)
			continue
		}
		for _, dep := range p.Deps {
			r, _ := rel(dep)
			if r == "store" || strings.HasPrefix(r, "store/") || r == "flag" || r == "ledger" ||
				strings.HasPrefix(dep, "modernc.org/sqlite") || strings.HasPrefix(dep, "github.com/jackc/") {
				t.Errorf("scanning package %s depends on %s", s, dep)
			}
		}
	}
}

// TestHouseCatches: the check fails on each kind of break it names, on a
// made-up graph (so that a check that stopped catching one fails here).
func TestHouseCatches(t *testing.T) {
	m := func(r string) string {
		if r == "." {
			return module
		}
		return module + "/" + r
	}
	for _, tt := range []struct {
		name string
		pkgs []goPackage
		want string
	}{
		{"vectors imports shield", []goPackage{{ImportPath: m("vectors"), Imports: []string{m("shield"), "fmt"}}}, "arrow back up: vectors (foundations) imports shield (checks)"},
		{"store imports flag", []goPackage{{ImportPath: m("store/storetest"), Imports: []string{m("flag")}}}, "arrow back up: store/storetest (leaves) imports flag (checks)"},
		{"internal imports scan", []goPackage{{ImportPath: m("internal/textpos"), Imports: []string{m("scan")}}}, "arrow back up: internal/textpos (foundations) imports scan (scanners and records)"},
		{"a new internal package", []goPackage{{ImportPath: m("internal/located")}}, "package internal/located is in no layer"},
		{"a package in no layer", []goPackage{{ImportPath: m("newpkg")}}, "package newpkg is in no layer"},
		{"a cycle in a layer", []goPackage{
			{ImportPath: m("skill"), Imports: []string{m("shield/mcpguard")}},
			{ImportPath: m("shield/receiptstore"), Imports: []string{m("skill")}},
		}, "cycle: shield → skill → shield"},
	} {
		got := checkHouse(tt.pkgs)
		if !slices.ContainsFunc(got, func(p string) bool { return strings.HasPrefix(p, tt.want) }) {
			t.Errorf("%s: got %q, want one starting %q", tt.name, got, tt.want)
		}
	}
	if got := checkHouse([]goPackage{
		{ImportPath: m("server"), Imports: []string{m("shield"), m("store/sqlite"), "net/http"}},
		{ImportPath: m("shield/mcpguard"), Imports: []string{m("shield")}},
		{ImportPath: m("."), Imports: []string{m("internal/ucd")}},
	}); len(got) != 0 {
		t.Errorf("a house without a break: %q", got)
	}
}

// TestHouseDrawn: docs/architecture.md names every layer and every
// component of the house, so that the picture and the test cannot drift
// apart silently.
func TestHouseDrawn(t *testing.T) {
	doc, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range house {
		if !bytes.Contains(doc, []byte(l.name)) {
			t.Errorf("docs/architecture.md does not name the layer %q", l.name)
		}
		for _, c := range l.components {
			if c != "." && !bytes.Contains(doc, []byte(c)) {
				t.Errorf("docs/architecture.md does not name the component %s (%s)", c, l.name)
			}
		}
	}
}
