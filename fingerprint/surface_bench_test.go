package fingerprint

import (
	"encoding/json"
	"os"
	"testing"
)

// everythingFile holds the initialize result and the four lists of the
// reference server-everything, as served (see its "source").
const everythingFile = "testdata/server-everything-2026.8.31-surface.json"

func everything(tb testing.TB) (Server, string, Lists) {
	tb.Helper()
	data, err := os.ReadFile(everythingFile)
	if err != nil {
		tb.Fatal(err)
	}
	var f struct {
		ServerInfo   Server `json:"serverInfo"`
		Instructions string `json:"instructions"`
	}
	var lists struct {
		Tools             json.RawMessage `json:"tools"`
		Prompts           json.RawMessage `json:"prompts"`
		Resources         json.RawMessage `json:"resources"`
		ResourceTemplates json.RawMessage `json:"resourceTemplates"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		tb.Fatal(err)
	}
	if err := json.Unmarshal(data, &lists); err != nil {
		tb.Fatal(err)
	}
	return f.ServerInfo, f.Instructions, Lists{Tools: lists.Tools, Prompts: lists.Prompts, Resources: lists.Resources, ResourceTemplates: lists.ResourceTemplates}
}

// TestSurfaceServerEverything reads the real lists of the reference
// server: its §7 view fingerprints exactly as the §7 records saved from
// another probe of it (cmd/plainsight's testdata, protocol 2025-03-26),
// and the fields §7 leaves out are in the surface.
func TestSurfaceServerEverything(t *testing.T) {
	server, instructions, l := everything(t)
	s, err := NewSurface(server, "2025-06-18", instructions, l)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tools) != 13 || len(s.Prompts) != 4 || len(s.Resources) != 7 || len(s.ResourceTemplates) != 2 {
		t.Fatalf("%d tools, %d prompts, %d resources, %d templates", len(s.Tools), len(s.Prompts), len(s.Resources), len(s.ResourceTemplates))
	}
	e, ok := s.Entry(KindTool, "gzip-file-as-resource")
	if want, _ := s.Text(KindTool, "gzip-file-as-resource", "/annotations"); !ok || want != `{"destructiveHint":false,"idempotentHint":true,"openWorldHint":true,"readOnlyHint":false}` {
		t.Errorf("annotations %s (%s)", want, e.Def)
	}
	if title, _ := s.Text(KindTool, "gzip-file-as-resource", "/title"); title != "GZip File as Resource Tool" {
		t.Errorf("title %q", title)
	}
	if _, ok := s.Text(KindTool, "echo", "/execution"); ok {
		t.Errorf("execution is left out, but is in the Def")
	}
	saved, err := os.ReadFile("../cmd/plainsight/testdata/server-everything-2026.8.31.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Server Server          `json:"server"`
		Tools  json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(saved, &f); err != nil {
		t.Fatal(err)
	}
	tools, err := ParseTools(f.Tools)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Fingerprint(&Definitions{Server: f.Server, Tools: tools})
	d, err := s.Definitions()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := Fingerprint(d); got != want {
		t.Errorf("§7 view fingerprint %s, the saved §7 records' %s", got, want)
	}
}

// BenchmarkSurfaceServerEverything reads the reference server's four lists
// and fingerprints its surface, as a probe or a proxy does on each list.
func BenchmarkSurfaceServerEverything(b *testing.B) {
	server, instructions, l := everything(b)
	b.SetBytes(int64(len(l.Tools) + len(l.Prompts) + len(l.Resources) + len(l.ResourceTemplates)))
	b.ReportAllocs()
	for b.Loop() {
		s, err := NewSurface(server, "2025-06-18", instructions, l)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Fingerprint(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSurface1000Tools is the same for the 1,000 tools of
// BenchmarkParseAndFingerprint1000Tools (§7's), titles and annotations
// included.
func BenchmarkSurface1000Tools(b *testing.B) {
	b.SetBytes(int64(len(tools1000)))
	b.ReportAllocs()
	for b.Loop() {
		s, err := NewSurface(Server{Name: "catalogue"}, "", "", Lists{Tools: tools1000})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Fingerprint(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompareSurfaces1000Tools compares two surfaces of 1,000 tools
// that differ in one annotation, as a check after a rug pull does.
func BenchmarkCompareSurfaces1000Tools(b *testing.B) {
	s1, err := NewSurface(Server{Name: "catalogue"}, "", "", Lists{Tools: tools1000})
	if err != nil {
		b.Fatal(err)
	}
	s2, _ := NewSurface(Server{Name: "catalogue"}, "", "", Lists{Tools: tools1000})
	s2.Tools[500].Def = []byte(string(s2.Tools[500].Def[:len(s2.Tools[500].Def)-1]) + `,"z":1}`)
	b.ReportAllocs()
	for b.Loop() {
		c, err := CompareSurfaces(s1, s2)
		if err != nil || len(c) != 1 {
			b.Fatal(c, err)
		}
	}
}
