package main

import (
	"bytes"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/plainsight/plainsight/internal/injmodel"
)

// A candidate measured against the linear model (docs/judgement/
// injection-model.md, "measured and not kept"): hashed features ->
// embeddings of Dim columns (the feature index's top DeepBits bits pick
// the row), summed per window and divided by √features as the linear sum
// is, a ReLU hidden layer of Hidden units and one output, added to the
// linear model's logit when Wide is set ("wide and deep"). Trained
// jointly by the same multiple-instance AdaGrad as fit, in float, and
// scored by the trainer alone (inference has no such model).
//
// deepParams are a candidate's parameters (the -dim… flags).
type deepParams struct {
	Dim     int
	Hidden  int
	Bits    uint // rows = 1<<Bits
	Rate    float64
	Wide    bool
	Dropout float64 // share of a window's features dropped in training
	Init    float64
}

// deepModel is a trained candidate, in float.
type deepModel struct {
	p      params
	dp     deepParams
	shift  uint
	lin    []float64
	bias   float64
	E      []float32 // rows × Dim
	W1     []float32 // Hidden × Dim
	b1     []float32
	w2     []float32
	cal    []injmodel.CalPoint
	noDeep bool
	folded bool // Hidden 0: the embedding is the hidden layer's input sum (no W1)
}

// forward scores a window whose summed (scaled) embedding is m and linear
// sum is l; it fills pre (Hidden) and returns z.
func (dm *deepModel) forward(m []float32, l float64, pre []float32) float64 {
	z := dm.bias + l
	if dm.noDeep {
		return z
	}
	d, H := dm.dp.Dim, dm.dp.Hidden
	for k := 0; k < H; k++ {
		s := dm.b1[k]
		if dm.folded {
			s += m[k]
		} else {
			row := dm.W1[k*d : k*d+d]
			for j, v := range m {
				s += row[j] * v
			}
		}
		pre[k] = s
		if s > 0 {
			z += float64(dm.w2[k] * s)
		}
	}
	return z
}

// itemWindows scores every window of an item (token ranges ws).
func (dm *deepModel) itemWindows(it *item, ws [][2]int, fn func(k int, z float64)) {
	d := dm.dp.Dim
	nt := len(it.tokEnd)
	cumE := make([]float32, (nt+1)*d)
	cumL := make([]float64, nt+1)
	a := int32(0)
	for t := 0; t < nt; t++ {
		b := it.tokEnd[t]
		copy(cumE[(t+1)*d:(t+2)*d], cumE[t*d:(t+1)*d])
		cumL[t+1] = cumL[t]
		dst := cumE[(t+1)*d : (t+2)*d]
		for _, f := range it.feats[a:b] {
			if dm.lin != nil {
				cumL[t+1] += dm.lin[f]
			}
			if !dm.noDeep {
				r := int(f>>dm.shift) * d
				for j := range dst {
					dst[j] += dm.E[r+j]
				}
			}
		}
		a = b
	}
	m := make([]float32, d)
	pre := make([]float32, dm.dp.Hidden)
	for k, r := range ws {
		s, e := r[0], r[1]
		fa, fb := int32(0), it.tokEnd[e-1]
		if s > 0 {
			fa = it.tokEnd[s-1]
		}
		n := fb - fa
		if n <= 0 {
			fn(k, dm.bias)
			continue
		}
		x := 1 / math.Sqrt(float64(n))
		for j := range m {
			m[j] = float32(float64(cumE[e*d+j]-cumE[s*d+j]) * x)
		}
		fn(k, dm.forward(m, (cumL[e]-cumL[s])*x, pre))
	}
}

// maxRaw is the item's highest window score and that window's token range.
func (dm *deepModel) maxRaw(it *item) (float64, int, int) {
	ws := windows(len(it.tokEnd), dm.p.Window, dm.p.Stride)
	best, bs, be := math.Inf(-1), 0, 0
	dm.itemWindows(it, ws, func(k int, z float64) {
		if z > best {
			best, bs, be = z, ws[k][0], ws[k][1]
		}
	})
	return best, bs, be
}

// scoreText featurizes a text and scores it: probability and byte span.
func (dm *deepModel) scoreText(text string) injmodel.Result {
	var it item
	var starts, ends []int
	injmodel.Tokens(text, dm.p.Bits, func(a, b int, f []uint32) {
		it.feats = append(it.feats, f...)
		it.tokEnd = append(it.tokEnd, int32(len(it.feats)))
		starts = append(starts, a)
		ends = append(ends, b)
	})
	if len(it.tokEnd) == 0 {
		return injmodel.Result{End: len(text)}
	}
	z, s, e := dm.maxRaw(&it)
	r := injmodel.Result{Prob: calibP(dm.cal, z), Start: starts[s], End: ends[e-1]}
	if len(it.tokEnd) <= dm.p.Window {
		r.Start, r.End = 0, len(text)
	}
	return r
}

// calibP interpolates a calibration table as injmodel does.
func calibP(c []injmodel.CalPoint, z float64) float64 {
	if len(c) == 0 {
		return 1 / (1 + math.Exp(-z))
	}
	i := sort.Search(len(c), func(i int) bool { return c[i].Z > z })
	switch {
	case i == 0:
		return c[0].P
	case i == len(c):
		return c[len(c)-1].P
	}
	a, b := c[i-1], c[i]
	t := (z - a.Z) / (b.Z - a.Z)
	return a.P + t*(b.P-a.P)
}

// fitDeep trains a deepModel on items idx.
func fitDeep(items []item, idx []int, p params, dp deepParams) *deepModel {
	rng := rand.New(rand.NewPCG(p.Seed, 0x1b873593))
	init := rand.New(rand.NewPCG(p.Seed^0xdee9, 7))
	d, H := dp.Dim, dp.Hidden
	dm := &deepModel{p: p, dp: dp, shift: p.Bits - dp.Bits}
	if dp.Wide {
		dm.lin = make([]float64, 1<<p.Bits)
	}
	if H == 0 {
		dm.folded = true
		H = d
		dm.dp.Hidden = d
	}
	if d == 0 {
		dm.noDeep = true
		d, H = 1, 1
		dm.dp.Dim, dm.dp.Hidden = 1, 1
	}
	uni := func(a float64) float32 { return float32((init.Float64()*2 - 1) * a) }
	rows := 1 << dp.Bits
	if dm.noDeep {
		rows = 1
	}
	dm.E = make([]float32, rows*d)
	for i := range dm.E {
		dm.E[i] = uni(dp.Init)
	}
	dm.W1 = make([]float32, H*d)
	for i := range dm.W1 {
		dm.W1[i] = uni(math.Sqrt(6 / float64(d+H)))
	}
	dm.b1 = make([]float32, H)
	dm.w2 = make([]float32, H)
	for i := range dm.w2 {
		dm.w2[i] = uni(math.Sqrt(6 / float64(H+1)))
	}
	var g2L []float64
	if dm.lin != nil {
		g2L = make([]float64, len(dm.lin))
	}
	g2E := make([]float32, rows)
	g2W1 := make([]float32, len(dm.W1))
	g2b1 := make([]float32, H)
	g2w2 := make([]float32, H)
	bg2 := 0.0
	// Averages of the second half's epoch ends.
	var aL []float64
	if dm.lin != nil {
		aL = make([]float64, len(dm.lin))
	}
	aE := make([]float32, len(dm.E))
	aW1 := make([]float32, len(dm.W1))
	ab1 := make([]float32, H)
	aw2 := make([]float32, H)
	aBias, navg := 0.0, 0

	sorted := slices.Clone(idx)
	sort.Ints(sorted)
	m := make([]float32, d)
	pre := make([]float32, H)
	dpre := make([]float32, H)
	dmv := make([]float32, d)
	var keep []uint32
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
			best := 0
			if ep > 0 {
				bz := math.Inf(-1)
				dm.itemWindows(it, ws, func(k int, z float64) {
					if z > bz {
						best, bz = k, z
					}
				})
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
			a, b := int32(0), it.tokEnd[in.e-1]
			if in.s > 0 {
				a = it.tokEnd[in.s-1]
			}
			fs := it.feats[a:b]
			if dp.Dropout > 0 {
				keep = keep[:0]
				for _, f := range fs {
					if rng.Float64() >= dp.Dropout {
						keep = append(keep, f)
					}
				}
				if len(keep) == 0 {
					continue
				}
				fs = keep
			}
			x := 1 / math.Sqrt(float64(len(fs)))
			clear(m)
			l := 0.0
			for _, f := range fs {
				if dm.lin != nil {
					l += dm.lin[f]
				}
				if !dm.noDeep {
					r := int(f>>dm.shift) * d
					for j := range m {
						m[j] += dm.E[r+j]
					}
				}
			}
			for j := range m {
				m[j] *= float32(x)
			}
			z := dm.forward(m, l*x, pre)
			pr := 1 / (1 + math.Exp(-z))
			g := (pr - in.y) * in.w
			if dm.lin != nil {
				for _, f := range fs {
					gi := g*x + p.L2*dm.lin[f]
					g2L[f] += gi * gi
					dm.lin[f] -= p.Rate * gi / math.Sqrt(g2L[f]+1e-8)
				}
			}
			bg2 += g * g
			dm.bias -= p.Rate * g / math.Sqrt(bg2+1e-8)
			if dm.noDeep {
				continue
			}
			gf := float32(g)
			lr := float32(dp.Rate)
			clear(dmv)
			for k := 0; k < H; k++ {
				if pre[k] <= 0 {
					dpre[k] = 0
					continue
				}
				gw2 := gf * pre[k]
				dpre[k] = gf * dm.w2[k]
				g2w2[k] += gw2 * gw2
				dm.w2[k] -= lr * gw2 / float32(math.Sqrt(float64(g2w2[k])+1e-8))
			}
			for k := 0; k < H; k++ {
				dk := dpre[k]
				if dk == 0 {
					continue
				}
				g2b1[k] += dk * dk
				dm.b1[k] -= lr * dk / float32(math.Sqrt(float64(g2b1[k])+1e-8))
				if dm.folded {
					dmv[k] = dk
					continue
				}
				row := dm.W1[k*d : k*d+d]
				g2r := g2W1[k*d : k*d+d]
				for j := range row {
					dmv[j] += row[j] * dk
					gw := dk * m[j]
					g2r[j] += gw * gw
					row[j] -= lr * gw / float32(math.Sqrt(float64(g2r[j])+1e-8))
				}
			}
			xf := float32(x)
			l2 := float32(p.L2)
			// Row-wise AdaGrad: one accumulator per embedding row (the
			// mean squared gradient of its columns), one root per feature.
			var gg float32
			for _, v := range dmv {
				gg += v * v
			}
			gg *= xf * xf / float32(d)
			for _, f := range fs {
				row := int(f >> dm.shift)
				e := dm.E[row*d : row*d+d]
				g2E[row] += gg
				step := lr / float32(math.Sqrt(float64(g2E[row])+1e-8))
				for j := range e {
					e[j] -= step * (dmv[j]*xf + l2*e[j])
				}
			}
		}
		if p.Average && ep >= p.Epochs/2 {
			for i, v := range dm.lin {
				aL[i] += v
			}
			for i, v := range dm.E {
				aE[i] += v
			}
			for i, v := range dm.W1 {
				aW1[i] += v
			}
			for i := range ab1 {
				ab1[i] += dm.b1[i]
				aw2[i] += dm.w2[i]
			}
			aBias += dm.bias
			navg++
		}
	}
	if p.Average && navg > 0 {
		n := float64(navg)
		for i := range aL {
			dm.lin[i] = aL[i] / n
		}
		nf := float32(n)
		for i := range aE {
			dm.E[i] = aE[i] / nf
		}
		for i := range aW1 {
			dm.W1[i] = aW1[i] / nf
		}
		for i := range ab1 {
			dm.b1[i] = ab1[i] / nf
			dm.w2[i] = aw2[i] / nf
		}
		dm.bias = aBias / n
	}
	return dm
}

// runCandidate is the leave-one-family-out evaluation (and the held-out
// file and benign report) of a candidate, as main runs them for the
// shipped model.
func runCandidate(items []item, p params, dp deepParams, eval bool, heldout, benign string, benignMax int) {
	oof := make([]float64, len(items))
	oofP := make([]float64, len(items))
	for _, fam := range families(items) {
		if !eval {
			break
		}
		var train, calib, test []int
		for i, it := range items {
			switch {
			case it.family == fam:
				test = append(test, i)
			case slice(it.ID) == 0:
				calib = append(calib, i)
			default:
				train = append(train, i)
			}
		}
		dm := fitDeep(items, train, p, dp)
		z := make([]float64, len(items))
		for _, i := range calib {
			z[i], _, _ = dm.maxRaw(&items[i])
		}
		dm.cal = isotonic(items, calib, z)
		for _, i := range test {
			oof[i], _, _ = dm.maxRaw(&items[i])
			oofP[i] = calibP(dm.cal, oof[i])
		}
		log.Printf("fold %-12s train %5d calib %4d test %5d", fam, len(train), len(calib), len(test))
	}
	if eval {
		report(os.Stdout, items, oofP, oof)
	}
	if eval && heldout != "" {
		var b bytes.Buffer
		for i, it := range items {
			if strings.HasPrefix(it.SourceGroup, "project/") {
				continue
			}
			fmt.Fprintf(&b, "{\"id\":%q,\"prob\":%.6f}\n", it.ID, oofP[i])
		}
		must(os.WriteFile(heldout, b.Bytes(), 0o644))
	}
	if benign != "" {
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
			mk := fitDeep(items, train, p, dp)
			for _, i := range test {
				cross[i], _, _ = mk.maxRaw(&items[i])
			}
		}
		dm := fitDeep(items, all, p, dp)
		dm.cal = isotonic(items, all, cross)
		benignReport(os.Stdout, dm.scoreText, strings.Split(benign, ","), benignMax)
	}
}
