package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/plainsight/plainsight/internal/injrules"
)

// heldoutProb maps a pool item's id to its held-out model probability
// (-heldout); nil without the flag.
var heldoutProb map[string]float64

// readHeldout reads the JSON lines {id, prob} tools/injtrain -heldout
// writes.
func readHeldout(path string) (map[string]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := map[string]float64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r struct {
			ID   string  `json:"id"`
			Prob float64 `json:"prob"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		m[r.ID] = r.Prob
	}
	return m, sc.Err()
}

// heldoutFlags applies the shield's weighing of the model alone
// (injrules.ModelWeight, as shield/injection.go calls it for a text
// without other evidence): not read under injrules.ModelWords words, then
// ModelAloneShort under ModelFullWords words, else ModelAlone, after the
// framing's damping (text about attacks, an operator's rules).
func heldoutFlags(p float64, text string) bool {
	words := injrules.CountWords(text, injrules.ModelFullWords)
	if words < injrules.ModelWords {
		return false
	}
	return injrules.ModelWeight(p, words, injrules.Frame(text), false, false) >= injrules.Floor
}
