package main

import (
	"bytes"
	"testing"

	"github.com/plainsight/plainsight/internal/testkit/vectortest"
)

// TestVectors runs every scan vector that can be a file through the
// command line (`plainsight scan --format json -`): as its bytes, and again
// behind a leading byte order mark, which the command must take as an
// encoding signature, moving only the byte offsets. Lone surrogates cannot
// be put in a file.
func TestVectors(t *testing.T) {
	ran := 0
	for _, v := range vectortest.Scan(t) {
		var data []byte
		switch {
		case v.Bytes != nil:
			data = v.Bytes
		case v.HasStr:
			data = []byte(*v.Str)
		default:
			continue // lone surrogates: no file holds them
		}
		ran++
		t.Run(v.Name, func(t *testing.T) {
			check := func(input []byte, shift int) {
				t.Helper()
				code, out, stderr := plainsight(t, string(input), "scan", "--profile", "spec", "--context", v.Context, "--format", "json", "-")
				if code == exitError {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				vectortest.Check(t, v, []byte(out), shift)
				res := decodeResult(t, out)
				if want := res.DeterministicCount > 0 || len(res.InvalidUTF8) > 0; (code == exitFound) != want {
					t.Errorf("exit %d for a result with %d findings, %d ill-formed sequences", code, res.DeterministicCount, len(res.InvalidUTF8))
				}
			}
			if !bytes.HasPrefix(data, []byte(bom)) {
				check(data, 0)
			}
			check(append([]byte(bom), data...), len(bom))
		})
	}
	if ran < 200 {
		t.Errorf("only %d vectors could be given to the command line", ran)
	}
}

// TestStrictVectors runs the Strict profile's vectors through the command
// line with its default profile, which is Strict.
func TestStrictVectors(t *testing.T) {
	for _, v := range vectortest.Strict(t) {
		t.Run(v.Name, func(t *testing.T) {
			code, out, stderr := plainsight(t, v.Input, "scan", "--context", v.Context, "--format", "json", "-")
			if code == exitError {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			vectortest.CheckStrict(t, v, []byte(out), 0)
			res := decodeResult(t, out)
			if want := res.DeterministicCount > 0; (code == exitFound) != want {
				t.Errorf("exit %d for a result with %d deterministic findings", code, res.DeterministicCount)
			}
		})
	}
}
