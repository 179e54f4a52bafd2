package main

import (
	"io"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/benchtext"
	"github.com/plainsight/plainsight/scan"
)

// BenchmarkScanCommand measures what plainsight scan costs around the
// scan: "scan" is the scan alone, in the Strict profile without the
// sanitized copy, as the text format asks for it, of text already in
// memory; "command" is the whole command of the text format on a file
// holding the same text (opening, mapping, the collector's target, the
// text writer), less the process's own start and end. The difference is
// the command's share.
func BenchmarkScanCommand(b *testing.B) {
	for _, tt := range []struct {
		name string
		text func() (string, error)
	}{
		{"prose", benchtext.GoDocs},
		{"html", benchtext.GoHTML},
	} {
		text, err := tt.text()
		if err != nil {
			b.Fatal(err)
		}
		file := writeFile(b, b.TempDir(), tt.name+".txt", text)
		b.Run(tt.name+"/scan", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				scan.ScanFile(text, &scan.Options{OmitSanitized: true, Profile: scan.Strict})
			}
		})
		b.Run(tt.name+"/command", func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				if code := run([]string{"scan", file}, nil, io.Discard, io.Discard); code == exitError {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}
