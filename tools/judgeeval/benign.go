package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"unicode/utf8"

	"github.com/plainsight/plainsight/shield"
)

// chunkSize is the size of the pieces -benign scans: the size the
// shield's latency target is stated at.
const chunkSize = 16 << 10

// maxFileSize skips files larger than this (generated tables, archives).
const maxFileSize = 4 << 20

// runBenign scans the text files under dirs in chunks and prints, per
// directory, the share of chunks with a signal of each class.
func runBenign(dirs []string, w io.Writer) error {
	s, err := shield.New(shield.Options{})
	if err != nil {
		return err
	}
	fmt.Fprint(w, "| directory | MB | chunks | flagged | malicious |")
	for _, c := range shield.Classes() {
		fmt.Fprintf(w, " %s |", c)
	}
	fmt.Fprintln(w, "\n|---|---|---|---|---|---|---|---|---|---|")
	kinds := map[string]int{}
	for _, dir := range dirs {
		var bytesRead, chunks, flagged, malicious int
		perClass := map[shield.Class]int{}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return nil // unreadable entries and links are skipped
			}
			info, err := d.Info()
			if err != nil || info.Size() == 0 || info.Size() > maxFileSize {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil || bytes.IndexByte(b, 0) >= 0 || !utf8.Valid(b) {
				return nil // binary or not UTF-8: not the text this measures
			}
			bytesRead += len(b)
			for len(b) > 0 {
				n := min(len(b), chunkSize)
				if n < len(b) {
					if i := bytes.LastIndexByte(b[:n], '\n'); i > 0 {
						n = i + 1
					}
				}
				chunk := string(b[:n])
				b = b[n:]
				resp, err := s.Scan(context.Background(), shield.Request{Content: chunk,
					Context: shield.Context{Source: shield.SourceFile, Direction: shield.Inbound}})
				if err != nil {
					return fmt.Errorf("%s: %w", path, err)
				}
				chunks++
				if resp.Verdict != shield.Clean {
					flagged++
				}
				if resp.Verdict == shield.Malicious {
					malicious++
				}
				seen := map[shield.Class]bool{}
				for _, sig := range resp.Signals {
					if !seen[sig.Class] {
						seen[sig.Class] = true
						perClass[sig.Class]++
					}
					kinds[string(sig.Class)+" "+sig.Kind]++
					if showOf != "" && (sig.Kind == showOf) {
						fmt.Fprintf(w, "%s: %q\n", path, short(chunk[sig.ByteStart:sig.ByteEnd]))
					}
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "| %s | %.1f | %d | %s | %s |", dir, float64(bytesRead)/1e6, chunks, pct(flagged, chunks), pct(malicious, chunks))
		for _, c := range shield.Classes() {
			fmt.Fprintf(w, " %s |", pct(perClass[c], chunks))
		}
		fmt.Fprintln(w)
	}
	keys := make([]string, 0, len(kinds))
	for k := range kinds {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if kinds[a] != kinds[b] {
			return kinds[b] - kinds[a]
		}
		return bytes.Compare([]byte(a), []byte(b))
	})
	fmt.Fprintln(w, "\n| signal (class kind) | signals |\n|---|---|")
	for _, k := range keys[:min(len(keys), 20)] {
		fmt.Fprintf(w, "| %s | %d |\n", k, kinds[k])
	}
	return nil
}
