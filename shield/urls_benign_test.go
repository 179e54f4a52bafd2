package shield

import (
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

var urlBenignDirs = flag.String("url-benign", "", "comma-separated directories of benign text: TestBenignURLClasses measures the ssrf and known_bad_url signals on their files")

// TestBenignURLClasses measures, on benign text the operator names with
// -url-benign (go test -run BenignURLClasses -v ./shield -url-benign
// /usr/share/doc,$(go env GOROOT)/src), the share of 16 KiB chunks in
// which the ssrf and known_bad_url classes signal, per directory, and
// lists the kinds. It fails when the shipped list signals on more than
// 0.1 % of the chunks: its entries are services no benign page links to
// often. Without -url-benign there is nothing to measure.
func TestBenignURLClasses(t *testing.T) {
	if *urlBenignDirs == "" {
		t.Skip("no -url-benign directories")
	}
	t.Logf("| directory | MB | chunks | ssrf chunks | known_bad_url chunks | kinds |")
	t.Logf("|---|---|---|---|---|---|")
	for _, dir := range strings.Split(*urlBenignDirs, ",") {
		var chunks, ssrf, bad, size int
		kinds := map[string]int{}
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !d.Type().IsRegular() || strings.HasSuffix(path, ".gz") {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil || len(data) > 4<<20 || !utf8.Valid(data) || slices.Contains(data, 0) {
				return nil
			}
			size += len(data)
			text := string(data)
			for len(text) > 0 {
				n := min(len(text), 16<<10)
				for n < len(text) && !utf8.RuneStart(text[n]) {
					n--
				}
				r, err := defaultScanner.Scan(context.Background(), req(text[:n]))
				if err != nil {
					t.Fatal(err)
				}
				chunks++
				var s, b bool
				for _, sg := range r.Signals {
					switch sg.Class {
					case SSRF:
						s = true
					case KnownBadURL:
						b = true
					default:
						continue
					}
					kinds[string(sg.Class)+"/"+sg.Kind]++
					if sg.Class == KnownBadURL && testing.Verbose() {
						t.Logf("%s: %s %q", path, sg.Kind, text[sg.ByteStart:sg.ByteEnd])
					}
				}
				if s {
					ssrf++
				}
				if b {
					bad++
				}
				text = text[n:]
			}
			return nil
		})
		t.Logf("| %s | %.1f | %d | %d (%.2f %%) | %d (%.3f %%) | %v |", dir, float64(size)/(1<<20), chunks,
			ssrf, benignPct(ssrf, chunks), bad, benignPct(bad, chunks), fmt.Sprint(kinds))
		if chunks > 0 && benignPct(bad, chunks) > 0.1 {
			t.Errorf("%s: known_bad_url on %.3f %% of chunks", dir, benignPct(bad, chunks))
		}
	}
}

func benignPct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
