package injmodel

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"sync"
)

// The weights file (model.bin), written by tools/injtrain:
//
//	magic "PSINJ1\n\x00" (8 bytes)
//	bits   uint32 little-endian: 1<<bits weights follow
//	weights int8 × 1<<bits; weight = int8 × Meta.Scale
//
// The sidecar (model.json) holds Meta: the training parameters, the
// scale, the bias, the calibration table and the sha256 of model.bin.

//go:embed model.bin
var modelBin []byte

//go:embed model.json
var modelJSON []byte

// Magic opens the weights file.
const Magic = "PSINJ1\n\x00"

// CalPoint is one point of the calibration table: a window whose raw
// score is Z has calibrated probability P (the table is sorted by Z, P
// non-decreasing: isotonic regression on out-of-fold window scores;
// inference interpolates between points).
type CalPoint struct {
	Z float64 `json:"z"`
	P float64 `json:"p"`
}

// Meta is the sidecar of the weights file: what inference needs beside
// the weights, and how they were made.
type Meta struct {
	SHA256 string     `json:"sha256"` // of model.bin
	Bits   uint       `json:"bits"`
	Window int        `json:"window"` // tokens per window
	Stride int        `json:"stride"` // tokens between window starts
	Scale  float64    `json:"scale"`  // weight = int8 × Scale
	Bias   float64    `json:"bias"`
	Calib  []CalPoint `json:"calibration"`
	// Features is FeatureCheck(Bits) of the build that trained the weights.
	Features string `json:"features"`
	Trainer  any    `json:"training,omitempty"`
}

// Model is a set of weights with its sidecar. The package's functions use
// the embedded one; the trainer builds others with Parse.
type Model struct {
	meta    Meta
	weights []int8
}

var loaded = sync.OnceValues(func() (*Model, error) { return Parse(modelBin, modelJSON) })

// Load returns the embedded model's sidecar, or the error that its files
// carry (a broken build; the tests catch it).
func Load() (Meta, error) {
	m, err := loaded()
	if err != nil {
		return Meta{}, err
	}
	return m.meta, nil
}

// Embedded returns the embedded weights file and sidecar, for the checks
// of the trainer and the tests.
func Embedded() (bin, sidecar []byte) { return modelBin, modelJSON }

// Meta returns the model's sidecar.
func (m *Model) Meta() Meta { return m.meta }

// Parse reads a weights file and its sidecar. It does not check the
// checksum (the tests do); it checks shape and ranges.
func Parse(bin, sidecar []byte) (*Model, error) {
	var meta Meta
	if err := json.Unmarshal(sidecar, &meta); err != nil {
		return nil, fmt.Errorf("injmodel: sidecar: %w", err)
	}
	if len(bin) < len(Magic)+4 || !bytes.Equal(bin[:len(Magic)], []byte(Magic)) {
		return nil, errors.New("injmodel: weights file: bad magic")
	}
	bits := binary.LittleEndian.Uint32(bin[len(Magic):])
	if bits < 8 || bits > 24 || uint(bits) != meta.Bits {
		return nil, fmt.Errorf("injmodel: weights file: bits %d (sidecar %d)", bits, meta.Bits)
	}
	w := bin[len(Magic)+4:]
	if len(w) != 1<<bits {
		return nil, fmt.Errorf("injmodel: weights file: %d weights, want %d", len(w), 1<<bits)
	}
	if meta.Window < 1 || meta.Stride < 1 || meta.Stride > meta.Window {
		return nil, fmt.Errorf("injmodel: window %d stride %d", meta.Window, meta.Stride)
	}
	if !sort.SliceIsSorted(meta.Calib, func(i, j int) bool { return meta.Calib[i].Z < meta.Calib[j].Z }) {
		return nil, errors.New("injmodel: calibration table not sorted")
	}
	for _, c := range meta.Calib {
		if !(c.P >= 0 && c.P <= 1) || math.IsNaN(c.Z) {
			return nil, errors.New("injmodel: calibration out of range")
		}
	}
	ws := make([]int8, len(w))
	for i, b := range w {
		ws[i] = int8(b)
	}
	return &Model{meta: meta, weights: ws}, nil
}

// calibrate maps a raw window score to its calibrated probability: linear
// between the table's points, flat outside them.
func (m *Model) calibrate(z float64) float64 {
	c := m.meta.Calib
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
