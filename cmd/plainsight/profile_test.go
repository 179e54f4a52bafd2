package main

import (
	"strings"
	"testing"
)

// TestProfileFlag: scan and skill default to Strict, --profile spec scans
// by the specification, anything else is a usage error.
func TestProfileFlag(t *testing.T) {
	payload := "x\U000E0158\U000E0159y\n" // a GlassWorm-style run: no §2 class
	code, out, _ := plainsight(t, payload, "scan", "--format", "json", "-")
	if code != exitFound || !strings.Contains(out, `"variation_selector"`) || !strings.Contains(out, `"profile":"strict"`) {
		t.Errorf("default: exit %d, %s", code, out)
	}
	code, out, _ = plainsight(t, payload, "scan", "--profile", "spec", "--format", "json", "-")
	if code != exitClean || strings.Contains(out, "variation_selector") || strings.Contains(out, `"profile"`) {
		t.Errorf("--profile spec: exit %d, %s", code, out)
	}
	code, _, stderr := plainsight(t, payload, "scan", "--profile", "lax", "-")
	if code != exitError || !strings.Contains(stderr, "--profile") {
		t.Errorf("--profile lax: exit %d, %s", code, stderr)
	}
	dir := t.TempDir()
	writeFile(t, dir, "SKILL.md", "# Skill\n\n"+payload)
	if code, out, _ := plainsight(t, "", "skill", dir); code != exitFound || !strings.Contains(out, "variation_selector") {
		t.Errorf("skill default: exit %d, %s", code, out)
	}
	if code, out, _ := plainsight(t, "", "skill", "--profile", "spec", dir); code != exitClean {
		t.Errorf("skill --profile spec: exit %d, %s", code, out)
	}
}

// TestContextEmail: --context email reads a message; a finding in a part
// is located at the message's start and names its part; a message without
// a header is an error.
func TestContextEmail(t *testing.T) {
	msg := "Subject: hi\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\npay=E2=80=8Bment\r\n"
	code, out, _ := plainsight(t, msg, "scan", "--context", "email", "-")
	if code != exitFound || !strings.Contains(out, "-:1:1: zero_width U+200B: [part body] pay⟨U+200B ZERO WIDTH SPACE⟩ment") {
		t.Errorf("exit %d, %s", code, out)
	}
	code, out, _ = plainsight(t, msg, "scan", "--context", "email", "--format", "json", "-")
	if code != exitFound || !strings.Contains(out, `"part":"body"`) || !strings.Contains(out, `"start":3`) {
		t.Errorf("json: exit %d, %s", code, out)
	}
	if code, _, stderr := plainsight(t, "not a message", "scan", "--context", "email", "-"); code != exitError || stderr == "" {
		t.Errorf("malformed: exit %d, %q", code, stderr)
	}
}
