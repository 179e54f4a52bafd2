// Command injtrain trains internal/injmodel's prompt-injection and
// tool-poisoning model: logistic regression over hashed word and character
// n-grams (internal/injmodel's features), scored over sliding token
// windows, with int8 weights and an isotonic calibration table.
//
// From the module root:
//
//	go run ./tools/injtrain -data ../shared/datasets/injection/train.jsonl
//
// reads the training pool and the project-written items in
// tools/injtrain/extra/*.jsonl (an item with a "source_group" of its own,
// the voice it was written in, is a family of its own, "voice/NAME", held
// out in turn), runs the leave-one-family-out evaluation
// (printed; -eval=false skips it), trains the final model on everything,
// calibrates it on cross-fitted scores and writes internal/injmodel/model.bin
// and model.json. -benign DIR,DIR… also reports the false-positive rate
// on the benign text those directories hold. The output is deterministic:
// a fixed seed, a fixed order, byte-identical files on rerun.
//
// -candidate evaluates, the same way, a model that is not shipped: the
// linear model with a hidden-layer part beside it (-dim, -hidden,
// -deep-bits, -deep-rate; -wide=false drops the linear part) or with
// feature dropout (-dropout), trained and scored in float by the trainer
// alone (deep.go); it writes no model. -family-balance (equal family
// weights) and -hard DIR,DIR… (benign text of those directories as
// training-only items) change the shipped path's training; both are off
// by default, measured and not kept (the docs page).
//
// docs/judgement/injection-model.md records the commands and numbers.
package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/plainsight/plainsight/internal/injmodel"
)

// params are the training parameters; they are recorded in model.json.
type params struct {
	Bits     uint    `json:"bits"`
	Window   int     `json:"window"`
	Stride   int     `json:"stride"`
	Epochs   int     `json:"epochs"`
	Rate     float64 `json:"rate"`
	L2       float64 `json:"l2"`
	GroupCap float64 `json:"group_cap"`
	Seed     uint64  `json:"seed"`

	ExtraWeight float64 `json:"extra_weight"`
	// VoiceWeight replaces ExtraWeight for the items of a voice family
	// (project items with a source_group of their own).
	VoiceWeight float64 `json:"voice_weight"`
	// VoiceCalib puts the voice families' items in the calibration sets.
	VoiceCalib bool `json:"voice_calib"`
	Average    bool `json:"average"`

	FamilyBalance bool `json:"family_balance,omitempty"`
}

type item struct {
	ID, Text, Label, Kind, SourceGroup string
	family                             string
	y                                  float64
	w                                  float64
	feats                              []uint32 // all tokens' features
	tokEnd                             []int32  // feats[tokEnd[i-1]:tokEnd[i]] are token i's
}

type rawItem struct {
	ID          string `json:"id"`
	Text        string `json:"text"`
	Label       string `json:"label"`
	Kind        string `json:"kind"`
	SourceGroup string `json:"source_group"`
}

func main() {
	log.SetFlags(0)
	data := flag.String("data", defaultData(), "the training pool (JSON lines)")
	extra := flag.String("extra", "tools/injtrain/extra", "directory of project-written *.jsonl items")
	out := flag.String("out", "internal/injmodel", "directory to write model.bin and model.json")
	eval := flag.Bool("eval", true, "print the leave-one-family-out evaluation")
	benign := flag.String("benign", "", "comma-separated directories of benign text to measure false positives on")
	benignMax := flag.Int("benign-max", 8<<20, "bytes of benign text to read from -benign")
	write := flag.Bool("write", true, "write the model files")
	probe := flag.String("probe", "", "a file of texts, one a line, to print the final model's scores for")
	heldout := flag.String("heldout", "", "write each pool item's held-out probability (the model that held its family out) to this file, JSON lines {id, prob}, for judgeeval -heldout; project-written items with a source_group of their own (held out by voice) are written too")
	var p params
	flag.UintVar(&p.Bits, "bits", 20, "log2 of the hashed feature buckets")
	flag.IntVar(&p.Window, "window", 32, "tokens per window")
	flag.IntVar(&p.Stride, "stride", 8, "tokens between window starts")
	flag.IntVar(&p.Epochs, "epochs", 6, "passes over the data")
	flag.Float64Var(&p.Rate, "rate", 0.2, "AdaGrad learning rate")
	flag.Float64Var(&p.L2, "l2", 1e-5, "L2 penalty per update")
	flag.Float64Var(&p.GroupCap, "group-cap", 250, "most total weight one source group carries per label")
	flag.Uint64Var(&p.Seed, "seed", 27, "shuffle seed")
	flag.BoolVar(&p.Average, "average", true, "average the weights of the second half of the epochs")
	flag.Float64Var(&p.ExtraWeight, "extra-weight", 0.5, "weight of a project-written item relative to a pool item")
	flag.Float64Var(&p.VoiceWeight, "voice-weight", 0, "weight of an item of a voice family (a project item with a source_group) relative to a pool item, instead of -extra-weight; 0: held out only, never trained on")
	flag.BoolVar(&p.FamilyBalance, "family-balance", false, "give each family the same total weight per label")
	var dp deepParams
	flag.IntVar(&dp.Dim, "dim", 0, "candidate: embedding columns of a hidden-layer part (0: none)")
	flag.IntVar(&dp.Hidden, "hidden", 32, "candidate: hidden units (0: none, the embedding is the hidden layer's input)")
	flag.UintVar(&dp.Bits, "deep-bits", 18, "candidate: log2 of the embedding rows")
	flag.Float64Var(&dp.Rate, "deep-rate", 0.05, "candidate: AdaGrad rate of the hidden-layer part")
	flag.BoolVar(&dp.Wide, "wide", true, "candidate: keep the linear part beside the hidden-layer part")
	flag.Float64Var(&dp.Dropout, "dropout", 0, "candidate: share of a training window's features dropped at each update")
	flag.Float64Var(&dp.Init, "init", 0.1, "candidate: embedding initialisation range")
	candidate := flag.Bool("candidate", false, "evaluate a float candidate (-dim, -hidden, -dropout…) instead of the shipped model; writes no model")

	flag.BoolVar(&p.VoiceCalib, "voice-calib", false, "calibrate on the voice families' items too (needs -voice-weight > 0)")
	hard := flag.String("hard", "", "candidate: comma-separated directories of benign text added as training-only benign items (never tested or calibrated on)")
	hardMax := flag.Int("hard-max", 2<<20, "bytes of -hard text to read")
	flag.Parse()
	items, dataSum := load(*data, *extra)
	if *hard != "" {
		chunks, _ := benignChunks(strings.Split(*hard, ","), *hardMax)
		for _, c := range chunks {
			h := sha256.Sum256([]byte(c))
			items = append(items, item{ID: "hard-" + hex.EncodeToString(h[:7]), Text: c, Label: "benign",
				Kind: "machine", SourceGroup: "machine/hard", family: "machine"})
		}
		log.Printf("%d training-only benign chunks from %s", len(chunks), *hard)
	}
	for i := range items {
		featurize(&items[i], p.Bits)
	}
	weigh(items, p)
	log.Printf("%d items (%d injection), %d families", len(items), countLabel(items, 1), len(families(items)))
	if *candidate {
		runCandidate(items, p, dp, *eval, *heldout, *benign, *benignMax)
		return
	}

	// Leave one family out: train on the rest, calibrate on a slice of the
	// rest, test on the family.
	oof := make([]float64, len(items))
	oofP := make([]float64, len(items))
	if *eval {
		for _, fam := range families(items) {
			if fam == "machine" {
				continue
			}
			var train, calib, test []int
			for i, it := range items {
				switch {
				case it.family == "machine":
					train = append(train, i)
				case it.family == fam:
					test = append(test, i)
				case slice(it.ID) == 0 && (p.VoiceCalib || !strings.HasPrefix(it.family, "voice/")):
					calib = append(calib, i)
				case slice(it.ID) == 0:
					// A calibration-slice item left out of calibration
					// is not trained on either: the fold stays the same.
				default:
					train = append(train, i)
				}
			}
			m := fit(items, train, p)
			cal := isotonic(items, calib, scores(m, items, calib))
			m = withCalib(m, cal)
			for _, i := range test {
				z, _, _ := m.MaxRaw(items[i].Text)
				oof[i] = z
				oofP[i] = m.Score(items[i].Text).Prob
			}
			log.Printf("fold %-12s train %5d calib %4d test %5d", fam, len(train), len(calib), len(test))
		}
		var tItems []item
		var tP, tZ []float64
		for i, it := range items {
			if it.family != "machine" {
				tItems, tP, tZ = append(tItems, it), append(tP, oofP[i]), append(tZ, oof[i])
			}
		}
		report(os.Stdout, tItems, tP, tZ)
		if *heldout != "" {
			var b bytes.Buffer
			for i, it := range items {
				// The pool's items, and the project-written items of a
				// family of their own (held out by voice).
				if (it.family == "project" || it.family == "machine") ||
					(strings.HasPrefix(it.SourceGroup, "project/") && !strings.HasPrefix(it.family, "voice/")) {
					continue
				}
				fmt.Fprintf(&b, "{\"id\":%q,\"prob\":%.6f}\n", it.ID, oofP[i])
			}
			must(os.WriteFile(*heldout, b.Bytes(), 0o644))
			log.Printf("wrote the held-out probabilities of the pool's items to %s", *heldout)
		}
	}
	if !*write && *probe == "" && *benign == "" {
		return
	}
	// The final model: trained on everything, calibrated on cross-fitted
	// scores (five slices by id: each scored by the model trained on the
	// other four).
	all := make([]int, len(items))
	for i := range all {
		all[i] = i
	}
	cross := make([]float64, len(items))
	for k := 0; k < 5; k++ {
		var train, test []int
		for i, it := range items {
			if slice(it.ID) == k {
				test = append(test, i)
			} else {
				train = append(train, i)
			}
		}
		mk := fit(items, train, p)
		for _, i := range test {
			cross[i], _, _ = mk.MaxRaw(items[i].Text)
		}
	}
	m := fit(items, all, p)
	var calIdx []int
	for i, it := range items {
		if it.family != "machine" && (p.VoiceCalib || !strings.HasPrefix(it.family, "voice/")) {
			calIdx = append(calIdx, i)
		}
	}
	cal := isotonic(items, calIdx, cross)
	m = withCalib(m, cal)
	if *probe != "" {
		b, err := os.ReadFile(*probe)
		must(err)
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			line = strings.ReplaceAll(line, `\n`, "\n")
			z, _, _ := m.MaxRaw(line)
			fmt.Printf("%.3f %7.3f %s\n", m.Score(line).Prob, z, clip(line, 100))
		}
	}
	if *benign != "" {
		benignReport(os.Stdout, m.Score, strings.Split(*benign, ","), *benignMax)
	}
	if *write {
		bin, side := files(m, p, dataSum, items)
		must(os.WriteFile(filepath.Join(*out, "model.bin"), bin, 0o644))
		must(os.WriteFile(filepath.Join(*out, "model.json"), side, 0o644))
		log.Printf("wrote %s/model.bin (%d bytes) and model.json", *out, len(bin))
	}
}

// defaultData is the pool beside the checkout (../shared), or beside its
// parent, for a worktree one level deeper.
func defaultData() string {
	const rel = "shared/datasets/injection/train.jsonl"
	for _, p := range []string{"../" + rel, "../../" + rel} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "../" + rel
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

// slice puts one item in five in the calibration slice, by its id.
func slice(id string) int {
	h := sha256.Sum256([]byte(id))
	return int(h[0]) % 5
}

func load(data, extraDir string) ([]item, string) {
	var items []item
	sum := sha256.New()
	read := func(path string, project bool) {
		f, err := os.Open(path)
		must(err)
		defer f.Close()
		var r io.Reader = f
		if !project {
			r = io.TeeReader(f, sum)
		}
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			line := bytes.TrimSpace(sc.Bytes())
			if len(line) == 0 {
				continue
			}
			var ri rawItem
			if err := json.Unmarshal(line, &ri); err != nil {
				log.Fatalf("%s: %v", path, err)
			}
			it := item{ID: ri.ID, Text: ri.Text, Label: ri.Label, Kind: ri.Kind, SourceGroup: ri.SourceGroup}
			switch ri.Label {
			case "injection":
				it.y = 1
			case "benign":
			default:
				log.Fatalf("%s: %s: label %q", path, ri.ID, ri.Label)
			}
			if project {
				// A project item may name its own source group (the
				// batch or voice it was written in): it is then a family
				// of its own, held out in turn like the pool's.
				it.SourceGroup = "project/" + strings.TrimSuffix(filepath.Base(path), ".jsonl")
				if ri.SourceGroup != "" {
					it.SourceGroup += "/" + ri.SourceGroup
				}
				if it.ID == "" {
					h := sha256.Sum256([]byte(it.Text))
					it.ID = "prj-" + hex.EncodeToString(h[:7])
				}
			}
			it.family = family(it.SourceGroup)
			items = append(items, it)
		}
		must(sc.Err())
	}
	read(data, false)
	if extraDir != "" {
		paths, err := filepath.Glob(filepath.Join(extraDir, "*.jsonl"))
		must(err)
		sort.Strings(paths)
		for _, p := range paths {
			read(p, true)
		}
	}
	return items, hex.EncodeToString(sum.Sum(nil))
}

// family maps a source group to the README's families, held out together.
func family(g string) string {
	switch {
	case strings.HasPrefix(g, "project/"):
		if _, voice, ok := strings.Cut(strings.TrimPrefix(g, "project/"), "/"); ok {
			return "voice/" + voice
		}
		return "project"
	}
	switch g {
	case "enkryptai/xInjectAgent":
		return "injecagent"
	case "WithSecureLabs/spikee":
		return "spikee"
	case "JailbreakBench/artifacts", "tml-epfl/llm-adaptive-attacks":
		return "jailbreak"
	case "Zhang-Henry/AIOS_agent":
		return "asb"
	case "xjzzzzzzzz/MCPSafety", "harishsg993010/damn-vulnerable-MCP-server",
		"acuvity/mcp-server-everything-wrong", "NVIDIA/SkillSpector":
		return "toolpoison"
	case "github/github-mcp-server", "grafana/mcp-grafana", "modelcontextprotocol/servers",
		"mongodb-js/mongodb-mcp-server", "hashicorp/terraform-mcp-server", "sooperset/mcp-atlassian",
		"firecrawl/firecrawl-mcp-server", "supabase-community/supabase-mcp", "exa-labs/exa-mcp-server",
		"microsoft/playwright-mcp":
		return "mcpservers"
	case "obra/superpowers", "K-Dense-AI/claude-scientific-skills", "trailofbits/skills", "Aider-AI/aider":
		return "skills"
	case "f/awesome-chatgpt-prompts", "utkusen/promptmap":
		return "prompts"
	}
	return "docs"
}

func families(items []item) []string {
	var fs []string
	for _, it := range items {
		if !slices.Contains(fs, it.family) {
			fs = append(fs, it.family)
		}
	}
	sort.Strings(fs)
	return fs
}

func countLabel(items []item, y float64) int {
	n := 0
	for _, it := range items {
		if it.y == y {
			n++
		}
	}
	return n
}

func featurize(it *item, bits uint) {
	injmodel.Tokens(it.Text, bits, func(_, _ int, f []uint32) {
		it.feats = append(it.feats, f...)
		it.tokEnd = append(it.tokEnd, int32(len(it.feats)))
	})
}

// weigh gives each item a weight: a source group carries at most GroupCap
// per label, and the two labels carry the same total.
func weigh(items []item, p params) {
	type key struct {
		g string
		y float64
	}
	n := map[key]int{}
	for _, it := range items {
		n[key{it.SourceGroup, it.y}]++
	}
	var tot [2]float64
	for i := range items {
		it := &items[i]
		it.w = math.Min(1, p.GroupCap/float64(n[key{it.SourceGroup, it.y}]))
		if strings.HasPrefix(it.SourceGroup, "project/") {
			if strings.HasPrefix(it.family, "voice/") {
				it.w *= p.VoiceWeight
			} else {
				it.w *= p.ExtraWeight
			}
		}
	}
	if p.FamilyBalance {
		// Each family carries the same total per label.
		ft := map[key]float64{}
		for _, it := range items {
			ft[key{it.family, it.y}] += it.w
		}
		var sum, cnt [2]float64
		for k, v := range ft {
			sum[int(k.y)] += v
			cnt[int(k.y)]++
		}
		for i := range items {
			it := &items[i]
			it.w *= sum[int(it.y)] / cnt[int(it.y)] / ft[key{it.family, it.y}]
		}
	}
	for _, it := range items {
		tot[int(it.y)] += it.w
	}
	for i := range items {
		it := &items[i]
		it.w *= (tot[0] + tot[1]) / 2 / tot[int(it.y)]
	}
}

// windows lists an item's windows as token ranges, as inference cuts them.
func windows(ntok, W, S int) [][2]int {
	if ntok == 0 {
		return nil
	}
	if ntok <= W {
		return [][2]int{{0, ntok}}
	}
	var ws [][2]int
	for s := 0; s+W <= ntok; s += S {
		ws = append(ws, [2]int{s, s + W})
	}
	if (ntok-W)%S != 0 {
		ws = append(ws, [2]int{ntok - W, ntok})
	}
	return ws
}

type instance struct {
	item   int
	s, e   int // token range
	y, w   float64
	maxWin bool // re-chosen each epoch: the item's top window
}

// fit trains weights on the items idx: AdaGrad logistic regression over
// window instances. Benign items give all their windows (half the item's
// weight spread over them) and their top-scoring window (the other half);
// injection items give their top-scoring window (all windows in the first
// epoch), since the injection may sit in one window of a long text.
func fit(items []item, idx []int, p params) *injmodel.Model {
	nw := 1 << p.Bits
	w := make([]float64, nw)
	g2 := make([]float64, nw)
	bias, bg2 := 0.0, 0.0
	var avg []float64
	avgBias, navg := 0.0, 0
	if p.Average {
		avg = make([]float64, nw)
	}
	rng := rand.New(rand.NewPCG(p.Seed, 0x1b873593))
	sorted := slices.Clone(idx)
	sort.Ints(sorted)
	winScore := func(it *item, s, e int) float64 {
		a, b := int32(0), it.tokEnd[e-1]
		if s > 0 {
			a = it.tokEnd[s-1]
		}
		var sum float64
		for _, f := range it.feats[a:b] {
			sum += w[f]
		}
		return bias + sum/math.Sqrt(float64(b-a))
	}
	for ep := 0; ep < p.Epochs; ep++ {
		var inst []instance
		for _, i := range sorted {
			it := &items[i]
			if it.w == 0 {
				continue // evaluated, not trained on (-voice-weight 0)
			}
			ws := windows(len(it.tokEnd), p.Window, p.Stride)
			if len(ws) == 0 {
				continue
			}
			if len(ws) == 1 {
				inst = append(inst, instance{i, ws[0][0], ws[0][1], it.y, it.w, false})
				continue
			}
			best, bz := 0, math.Inf(-1)
			if ep > 0 {
				for k, r := range ws {
					if z := winScore(it, r[0], r[1]); z > bz {
						best, bz = k, z
					}
				}
			}
			if it.y == 1 && ep > 0 {
				inst = append(inst, instance{i, ws[best][0], ws[best][1], 1, it.w, true})
				continue
			}
			share := it.w / float64(len(ws))
			if it.y == 0 {
				share /= 2
				inst = append(inst, instance{i, ws[best][0], ws[best][1], 0, it.w / 2, true})
			}
			for _, r := range ws {
				inst = append(inst, instance{i, r[0], r[1], it.y, share, false})
			}
		}
		rng.Shuffle(len(inst), func(a, b int) { inst[a], inst[b] = inst[b], inst[a] })
		for _, in := range inst {
			it := &items[in.item]
			z := winScore(it, in.s, in.e)
			pr := 1 / (1 + math.Exp(-z))
			g := (pr - in.y) * in.w
			a, b := int32(0), it.tokEnd[in.e-1]
			if in.s > 0 {
				a = it.tokEnd[in.s-1]
			}
			x := 1 / math.Sqrt(float64(b-a))
			for _, f := range it.feats[a:b] {
				gi := g*x + p.L2*w[f]
				g2[f] += gi * gi
				w[f] -= p.Rate * gi / math.Sqrt(g2[f]+1e-8)
			}
			bg2 += g * g
			bias -= p.Rate * g / math.Sqrt(bg2+1e-8)
		}
		if p.Average && ep >= p.Epochs/2 {
			for i, v := range w {
				avg[i] += v
			}
			avgBias += bias
			navg++
		}
	}
	if p.Average && navg > 0 {
		for i := range avg {
			avg[i] /= float64(navg)
		}
		return quantize(avg, avgBias/float64(navg), p)
	}
	return quantize(w, bias, p)
}

func quantize(w []float64, bias float64, p params) *injmodel.Model {
	maxAbs := 0.0
	for _, v := range w {
		maxAbs = math.Max(maxAbs, math.Abs(v))
	}
	scale := maxAbs / 127
	if scale == 0 {
		scale = 1
	}
	bin := make([]byte, len(injmodel.Magic)+4+len(w))
	copy(bin, injmodel.Magic)
	binary.LittleEndian.PutUint32(bin[len(injmodel.Magic):], uint32(p.Bits))
	for i, v := range w {
		q := math.Round(v / scale)
		q = math.Max(-127, math.Min(127, q))
		bin[len(injmodel.Magic)+4+i] = byte(int8(q))
	}
	meta := injmodel.Meta{Bits: p.Bits, Window: p.Window, Stride: p.Stride, Scale: scale, Bias: bias}
	side, err := json.Marshal(meta)
	must(err)
	m, err := injmodel.Parse(bin, side)
	must(err)
	models[m] = bin
	return m
}

// models remembers each model's weights file.
var models = map[*injmodel.Model][]byte{}

func withCalib(m *injmodel.Model, cal []injmodel.CalPoint) *injmodel.Model {
	meta := m.Meta()
	meta.Calib = cal
	side, err := json.Marshal(meta)
	must(err)
	bin := models[m]
	n, err := injmodel.Parse(bin, side)
	must(err)
	models[n] = bin
	return n
}

func scores(m *injmodel.Model, items []item, idx []int) []float64 {
	z := make([]float64, len(items))
	for _, i := range idx {
		z[i], _, _ = m.MaxRaw(items[i].Text)
	}
	return z
}

// isotonic fits P(injection | raw score) on items idx by weighted
// pool-adjacent-violators, and returns one point per pooled block (at the
// block's weighted mean score), at most about 64 points.
func isotonic(items []item, idx []int, z []float64) []injmodel.CalPoint {
	type pt struct{ z, y, w float64 }
	var pts []pt
	var tw [2]float64
	for _, i := range idx {
		if math.IsInf(z[i], -1) {
			continue
		}
		tw[int(items[i].y)] += items[i].w
	}
	for _, i := range idx {
		if math.IsInf(z[i], -1) {
			continue
		}
		// Balance the labels in the calibration set: P is for a 1:1 prior.
		w := items[i].w / tw[int(items[i].y)]
		pts = append(pts, pt{z[i], items[i].y, w})
	}
	sort.SliceStable(pts, func(a, b int) bool { return pts[a].z < pts[b].z })
	type block struct{ zw, yw, w float64 }
	var bs []block
	for _, q := range pts {
		bs = append(bs, block{q.z * q.w, q.y * q.w, q.w})
		for len(bs) > 1 {
			a, b := bs[len(bs)-2], bs[len(bs)-1]
			if a.yw/a.w < b.yw/b.w {
				break
			}
			bs = bs[:len(bs)-2]
			bs = append(bs, block{a.zw + b.zw, a.yw + b.yw, a.w + b.w})
		}
	}
	var cal []injmodel.CalPoint
	for _, b := range bs {
		p := b.yw / b.w
		// Keep a little doubt at the ends: no window is certain.
		p = math.Max(0.001, math.Min(0.999, p))
		c := injmodel.CalPoint{Z: round(b.zw / b.w), P: round(p)}
		if len(cal) > 0 && c.Z <= cal[len(cal)-1].Z {
			continue
		}
		cal = append(cal, c)
	}
	return cal
}

func round(x float64) float64 { return math.Round(x*1e6) / 1e6 }

func files(m *injmodel.Model, p params, dataSum string, items []item) (bin, side []byte) {
	bin = models[m]
	h := sha256.Sum256(bin)
	meta := m.Meta()
	meta.SHA256 = hex.EncodeToString(h[:])
	meta.Features = injmodel.FeatureCheck(p.Bits)
	groups := map[string]bool{}
	for _, it := range items {
		groups[it.SourceGroup] = true
	}
	meta.Trainer = struct {
		Params     params `json:"params"`
		DataSHA256 string `json:"data_sha256"`
		Items      int    `json:"items"`
		Injection  int    `json:"injection"`
		Groups     int    `json:"source_groups"`
		Command    string `json:"command"`
	}{p, dataSum, len(items), countLabel(items, 1), len(groups),
		"go run ./tools/injtrain -data ../shared/datasets/injection/train.jsonl"}
	side, err := json.MarshalIndent(meta, "", " ")
	must(err)
	return bin, append(side, '\n')
}

// auc is the area under the ROC curve of scores s for labels y (ties
// count half).
func auc(s, y []float64) float64 {
	type p struct{ s, y float64 }
	ps := make([]p, len(s))
	for i := range s {
		ps[i] = p{s[i], y[i]}
	}
	sort.Slice(ps, func(a, b int) bool { return ps[a].s < ps[b].s })
	var pos, neg, rank float64
	for i := 0; i < len(ps); {
		j := i
		for j < len(ps) && ps[j].s == ps[i].s {
			j++
		}
		r := float64(i+j+1) / 2 // mean 1-based rank
		for k := i; k < j; k++ {
			if ps[k].y == 1 {
				rank += r
				pos++
			} else {
				neg++
			}
		}
		i = j
	}
	if pos == 0 || neg == 0 {
		return math.NaN()
	}
	return (rank - pos*(pos+1)/2) / (pos * neg)
}

var thresholds = []float64{0.5, 0.9}

type tally struct {
	nInj, nBen int
	hitInj     [2]int
	hitBen     [2]int
	s, y       []float64
}

func (t *tally) add(p, z, y float64) {
	for k, th := range thresholds {
		if p >= th {
			if y == 1 {
				t.hitInj[k]++
			} else {
				t.hitBen[k]++
			}
		}
	}
	if y == 1 {
		t.nInj++
	} else {
		t.nBen++
	}
	t.s = append(t.s, z)
	t.y = append(t.y, y)
}

func pct(a, n int) string {
	if n == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f", 100*float64(a)/float64(n))
}

func report(w io.Writer, items []item, prob, z []float64) {
	byFam := map[string]*tally{}
	byKind := map[string]*tally{}
	for i, it := range items {
		for _, m := range []struct {
			m map[string]*tally
			k string
		}{{byFam, it.family}, {byKind, it.Kind}} {
			t := m.m[m.k]
			if t == nil {
				t = new(tally)
				m.m[m.k] = t
			}
			t.add(prob[i], z[i], it.y)
		}
	}
	fmt.Fprintln(w, "\nLeave one family out (test on the held-out family; calibrated on a slice of the rest)")
	fmt.Fprintln(w, "| family | injection | benign | recall ≥0.5 | recall ≥0.9 | FPR ≥0.5 | FPR ≥0.9 | AUC |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	var sumR, sumF [2]float64
	var nR, nF int
	worstR, worstF := [2]float64{1, 1}, [2]float64{}
	for _, f := range keys(byFam) {
		t := byFam[f]
		a := auc(t.s, t.y)
		as := "—"
		if !math.IsNaN(a) {
			as = fmt.Sprintf("%.3f", a)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %s | %s | %s | %s | %s |\n", f, t.nInj, t.nBen,
			pct(t.hitInj[0], t.nInj), pct(t.hitInj[1], t.nInj), pct(t.hitBen[0], t.nBen), pct(t.hitBen[1], t.nBen), as)
		for k := range thresholds {
			if t.nInj > 0 {
				r := float64(t.hitInj[k]) / float64(t.nInj)
				sumR[k] += r
				worstR[k] = math.Min(worstR[k], r)
			}
			if t.nBen > 0 {
				fp := float64(t.hitBen[k]) / float64(t.nBen)
				sumF[k] += fp
				worstF[k] = math.Max(worstF[k], fp)
			}
		}
		if t.nInj > 0 {
			nR++
		}
		if t.nBen > 0 {
			nF++
		}
	}
	fmt.Fprintf(w, "| mean of families | | | %.1f | %.1f | %.1f | %.1f | |\n",
		100*sumR[0]/float64(nR), 100*sumR[1]/float64(nR), 100*sumF[0]/float64(nF), 100*sumF[1]/float64(nF))
	fmt.Fprintf(w, "| worst family | | | %.1f | %.1f | %.1f | %.1f | |\n",
		100*worstR[0], 100*worstR[1], 100*worstF[0], 100*worstF[1])
	// Pooled over all held-out items (each scored by the model that held
	// its family out): AUC, and recall where the benign items' false
	// positive rate is 1 % and 5 %.
	var ps, ys, ben []float64
	for i, it := range items {
		ps = append(ps, prob[i])
		ys = append(ys, it.y)
		if it.y == 0 {
			ben = append(ben, prob[i])
		}
	}
	sort.Float64s(ben)
	at := func(fpr float64) (float64, float64) {
		th := ben[int(float64(len(ben))*(1-fpr))]
		hit, n := 0, 0
		for i, it := range items {
			if it.y == 1 {
				n++
				if prob[i] > th {
					hit++
				}
			}
		}
		return th, 100 * float64(hit) / float64(n)
	}
	t1, r1 := at(0.01)
	t5, r5 := at(0.05)
	fmt.Fprintf(w, "\nPooled held-out: AUC %.3f; recall %.1f %% at 1 %% FPR (prob > %.3f), %.1f %% at 5 %% FPR (prob > %.3f)\n",
		auc(ps, ys), r1, t1, r5, t5)
	// The same over the pool's items alone: comparable between runs
	// whatever project-written files are in.
	var pp, py []float64
	for i, it := range items {
		if !strings.HasPrefix(it.SourceGroup, "project/") {
			pp, py = append(pp, prob[i]), append(py, it.y)
		}
	}
	fmt.Fprintf(w, "Pooled held-out, the pool's items alone: AUC %.3f\n", auc(pp, py))
	fmt.Fprintln(w, "\nBy kind (each item scored by the model that held its family out)")
	fmt.Fprintln(w, "| kind | n | flagged ≥0.5 | flagged ≥0.9 |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, k := range keys(byKind) {
		t := byKind[k]
		n, h := t.nInj, t.hitInj
		if t.nBen > 0 {
			n, h = t.nBen, t.hitBen
		}
		fmt.Fprintf(w, "| %s | %d | %s | %s |\n", k, n, pct(h[0], n), pct(h[1], n))
	}
}

func keys(m map[string]*tally) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
