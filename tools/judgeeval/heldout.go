package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"

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

// heldoutFlags applies the shield's gate for the model alone
// (shield/injection.go): not read under 12 words, then 0.9, or 0.95
// under 20 words.
func heldoutFlags(p float64, text string) bool {
	n := len(strings.Fields(text))
	switch {
	case n < injrules.ModelWords:
		return false
	case n < injrules.ModelFullWords:
		return p >= injrules.ModelAloneShort
	}
	return p >= injrules.ModelAlone
}
