package report_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/plainsight/plainsight/report"
	"github.com/plainsight/plainsight/scan"
)

// Write a SARIF log of a scan for GitHub code scanning: one result with its
// place, its excerpt and a fingerprint that survives lines added above it.
func Example() {
	text := "# Deploy\n\nRun `make\u200b deploy`.\n"
	res, err := scan.ScanFile(text, &scan.Options{Profile: scan.Strict})
	if err != nil {
		panic(err)
	}
	var log bytes.Buffer
	w := report.NewSARIF(&log, nil)
	if err := w.File(&report.File{Path: "SKILL.md", Data: []byte(text), Scan: res}); err != nil {
		panic(err)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}

	// The log is a SARIF 2.1.0 document; its results are one a line.
	for _, line := range strings.Split(log.String(), "\n") {
		if strings.HasPrefix(line, `{"ruleId"`) {
			fmt.Println(line)
		}
	}
	// Output:
	// {"ruleId":"zero_width","ruleIndex":0,"level":"error","message":{"text":"U+200B ZERO WIDTH SPACE (zero_width)"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"SKILL.md","uriBaseId":"SRCROOT"},"region":{"startLine":3,"startColumn":10,"byteOffset":19}}}],"partialFingerprints":{"plainsightEvidence/v1":"ead5e11bcafcf4e31162814e588e9d87"},"properties":{"excerpt":"Run `make⟨U+200B ZERO WIDTH SPACE⟩ deploy`."}}
}
