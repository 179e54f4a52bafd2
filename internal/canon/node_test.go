package canon

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// nodeScript prints, for each line of the file named by argv[2] (one JSON
// text), the intent form (objects rebuilt from Object.keys(o).sort(), then
// JSON.stringify) and the fingerprint form (keys written in
// Object.keys(o).sort() order at every depth), one per line.
const nodeScript = `
const fs = require("fs");
const rebuild = (v) => {
  if (Array.isArray(v)) return v.map(rebuild);
  if (v === null || typeof v !== "object") return v;
  const out = {};
  for (const k of Object.keys(v).sort()) out[k] = rebuild(v[k]);
  return out;
};
const sorted = (v) => {
  if (Array.isArray(v)) return "[" + v.map(sorted).join(",") + "]";
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + sorted(v[k])).join(",") + "}";
};
const out = [];
for (const line of fs.readFileSync(process.argv[2], "utf8").split("\n")) {
  if (line === "") continue;
  const v = JSON.parse(line);
  out.push(JSON.stringify(rebuild(v)), sorted(v));
}
fs.writeFileSync(process.argv[3], out.join("\n") + "\n");
`

// docGen writes random JSON texts aimed at the corners of JSON.parse and
// JSON.stringify.
type docGen struct {
	r *rand.Rand
	b strings.Builder
}

var (
	genKeys = []string{
		"0", "1", "9", "10", "42", "4294967294", "4294967295", "4294967296", "01", "00", "-1", "1.0", "1e3", " 1",
		"", "a", "b", "Z", "za", "z\u00e9", "\u00c9clair", "caf\u00e9", "cafe\u0301", "constructor_", "length",
		`\ud83d\ude80`, `\ud800`, `\udc00`, `\udbff`, `x\udfff`, `\ue000`, `\uffff`, `\u0000`, `\u001f`, `\n`, `\"`,
		"\u2028", "\U0001F600", "\U00010000", "<script>", "&amp;", "\\\\",
	}
	genNumbers = []string{
		"0", "-0", "1", "-1", "0.0", "-0.0", "1e21", "1E21", "1e+21", "-1e21", "1e20", "9.999999999999999e20",
		"1e-7", "1e-6", "1.5e-7", "0.000001", "0.0000001", "5e-324", "2.5e-324", "1e-400", "-1e-400",
		"1.7976931348623157e308", "2.2250738585072014e-308", "0.30000000000000004", "0.1", "100", "1.50",
		"9007199254740993", "123456789012345678901234567890", "18446744073709551616", "4294967295",
		"1.2345678901234568e20", "123e-20", "0.5e1", "1E-0", "1e+0", "-0e5",
	}
	genStrings = []string{
		`\u0000`, `\u0001`, `\u0007`, `\b`, `\t`, `\n`, `\u000b`, `\f`, `\r`, `\u001f`, `\u007f`, `\/`, `\\`, `\"`,
		`\ud800`, `\udbff`, `\udc00`, `\udfff`, `\ud83d\ude80`, `\uD83D\uDE80`, `\ud83d\ud83d\ude80`, `\ude80\ud83d`,
		`\u2028`, `\u2029`, "\u2028", `\u00e9`, "é", "e\u0301", "\U0001F680", "\uFEFF", `\uFFFE`, "<", ">", "&", "'",
		"a", "b", " ", "~", "\u07ff", "\u0800", "\U0010FFFF",
	}
)

func (g *docGen) number() {
	switch g.r.IntN(4) {
	case 0:
		g.b.WriteString(genNumbers[g.r.IntN(len(genNumbers))])
	case 1:
		g.b.WriteString(strconv.Itoa(g.r.IntN(2000001) - 1000000))
	case 2:
		// Any finite double, written in the shortest form Go knows.
		for {
			f := math.Float64frombits(g.r.Uint64())
			if !math.IsInf(f, 0) && !math.IsNaN(f) {
				g.b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
				return
			}
		}
	default:
		// A double near a power of ten, where the notation switches.
		f := (g.r.Float64() + 0.5) * math.Pow(10, float64(g.r.IntN(50)-25))
		g.b.WriteString(strconv.FormatFloat(f, 'e', g.r.IntN(17), 64))
	}
}

func (g *docGen) str(pool []string) {
	g.b.WriteByte('"')
	for range g.r.IntN(4) {
		g.b.WriteString(pool[g.r.IntN(len(pool))])
	}
	g.b.WriteByte('"')
}

func (g *docGen) value(depth int) {
	n := g.r.IntN(10)
	if depth >= 5 {
		n = g.r.IntN(6)
	}
	switch n {
	case 0:
		g.b.WriteString([]string{"null", "true", "false"}[g.r.IntN(3)])
	case 1, 2, 3:
		g.number()
	case 4, 5:
		g.str(genStrings)
	case 6, 7:
		g.b.WriteByte('[')
		for i := range g.r.IntN(5) {
			if i > 0 {
				g.b.WriteByte(',')
			}
			g.value(depth + 1)
		}
		g.b.WriteByte(']')
	default:
		g.b.WriteByte('{')
		for i := range g.r.IntN(8) {
			if i > 0 {
				g.b.WriteByte(',')
			}
			g.b.WriteByte('"')
			g.b.WriteString(genKeys[g.r.IntN(len(genKeys))])
			if g.r.IntN(4) == 0 {
				g.b.WriteString(genKeys[g.r.IntN(len(genKeys))])
			}
			g.b.WriteString(`":`)
			g.value(depth + 1)
		}
		g.b.WriteByte('}')
	}
}

// TestNodeDifferential compares Parse and Marshal with JSON.parse and
// JSON.stringify in node on random documents. CI installs node; without it
// the test fails rather than passes unseen.
func TestNodeDifferential(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed on PATH for the differential test against JavaScript (CI installs it)")
	}
	const docs = 4000
	g := docGen{r: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))}
	seed := g.r.Uint64()
	g.r = rand.New(rand.NewPCG(seed, 7))
	var texts []string
	for range docs {
		g.b.Reset()
		if g.r.IntN(8) == 0 {
			g.value(0)
		} else {
			g.b.WriteByte('{')
			g.b.WriteString(`"root":`)
			g.value(1)
			g.b.WriteByte('}')
		}
		texts = append(texts, g.b.String())
	}
	dir := t.TempDir()
	in, out, script := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.txt"), filepath.Join(dir, "canon.js")
	if err := os.WriteFile(in, []byte(strings.Join(texts, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte(nodeScript), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, script, in, out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 2*docs {
		t.Fatalf("node wrote %d lines, want %d", len(lines), 2*docs)
	}
	failures, orderMatters := 0, 0
	for i, text := range texts {
		v, err := Parse([]byte(text), Limits{})
		if err != nil {
			t.Errorf("seed %d doc %d: Parse(%s): %v", seed, i, text, err)
			failures++
			continue
		}
		for j, order := range []Order{JSObject, SortedUTF16} {
			got, err := Marshal(v, order, Limits{})
			if want := lines[2*i+j]; err != nil || string(got) != want {
				t.Errorf("seed %d doc %d %v: %s\ngot  %s (%v)\nwant %s", seed, i, order, text, got, err, want)
				failures++
			}
		}
		if lines[2*i] != lines[2*i+1] {
			orderMatters++
		}
		if failures > 5 {
			t.Fatal("too many differences")
		}
	}
	// The generator must reach the array-index rule, or the orders are not
	// being told apart.
	if orderMatters == 0 {
		t.Error("no document where the two orders differ")
	}
}
