package scan

import (
	"strings"
	"testing"
	"time"
)

// benchCode is about 1 MiB of JavaScript with what the quiet-on-code rules
// read: \u escapes in regular expressions, "<!--" in strings, regular
// expressions and comments, long identifiers and paths, template literals.
var benchCode = strings.Repeat(`//------------------------------------------------------------------------------
// Helpers
//------------------------------------------------------------------------------
import { StreamableHTTPServerTransport } from "node_modules/@modelcontextprotocol/sdk/dist/esm/server/streamableHttp.js";
const zw = /[\u200B-\u200D\uFEFF]/g, comment = /<!--[\s\S]*?-->/g;
function didWarnAboutGetSnapshotBeforeUpdateWithoutDidUpdate(a, b) {
	// avoid printing "<!--" after a "<" in the output
	const s = `+"`"+`<div class="${a ? `+"`"+`x-${b}`+"`"+` : ""}">${a / 2}</div>`+"`"+`;
	return s.replace(comment, "").replace(zw, "") + '<!-- kept -->';
}
`, 1<<20/720)

// BenchmarkQuietOnCode measures what the format costs: the same text scanned
// in Strict as Prose (every rule but the source ones) and as JavaScript
// (escapes left out, the literal lexer run), paired in each iteration, with
// the ratio reported as js/prose.
func BenchmarkQuietOnCode(b *testing.B) {
	prose := &Options{Profile: Strict, OmitSanitized: true}
	js := &Options{Profile: Strict, OmitSanitized: true, Format: JavaScript}
	b.SetBytes(int64(2 * len(benchCode)))
	var tp, tj time.Duration
	for i := 0; b.Loop(); i++ {
		for k := range 2 {
			o := prose
			if (i+k)%2 == 1 {
				o = js
			}
			t0 := time.Now()
			if _, err := Scan(benchCode, o); err != nil {
				b.Fatal(err)
			}
			if o == js {
				tj += time.Since(t0)
			} else {
				tp += time.Since(t0)
			}
		}
	}
	b.ReportMetric(float64(tj)/float64(tp), "js/prose")
}
