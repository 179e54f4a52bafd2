package proxy

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/plainsight/plainsight/fingerprint"
	"github.com/plainsight/plainsight/pin"
)

// keeperPins is the pinner of a pin.Keeper: the surface the proxy has
// seen, as package fingerprint's extended profile reads it, observed
// under the upstream's key (issue 30, item 3).
type keeperPins struct {
	k       *pin.Keeper
	approve string // flags of the approve command besides the key
}

func (kp keeperPins) observe(ctx context.Context, key string, s surface) (map[ref]string, error) {
	var version *string
	if s.version != "" {
		v := s.version
		version = &v
	}
	sf, err := fingerprint.NewSurface(fingerprint.Server{Name: s.name, Version: version}, s.protocolVersion, s.instructions, fingerprint.Lists{
		Tools: s.lists[fingerprint.KindTool], Prompts: s.lists[fingerprint.KindPrompt],
		Resources: s.lists[fingerprint.KindResource], ResourceTemplates: s.lists[fingerprint.KindResourceTemplate]})
	if err != nil {
		return nil, fmt.Errorf("the upstream's definitions cannot be fingerprinted: %w", err)
	}
	out, err := kp.k.Observe(ctx, key, sf)
	if err != nil {
		return nil, err
	}
	w := map[ref]string{}
	for _, e := range out.Withheld {
		w[ref{e.Kind, e.Key}] = kp.reason(key, e, out.Changes)
	}
	return w, nil
}

// maxChangeText bounds each old and new text a reason quotes, in
// codepoints; maxChanges the changes it names.
const (
	maxChangeText = 160
	maxChanges    = 3
)

// reason says why e is withheld: what changed (the fields, old and new
// text as package fingerprint renders them, visibly) and the command
// that approves it.
func (kp keeperPins) reason(key string, e fingerprint.Entry, changes []fingerprint.Change) string {
	var parts []string
	n := 0
	for _, c := range changes {
		if c.Kind != e.Kind || c.Key != e.Key {
			continue
		}
		n++
		if n > maxChanges {
			continue
		}
		switch {
		case c.Op == "renamed":
			parts = append(parts, fmt.Sprintf("renamed from %q", c.RenamedFrom))
		case c.Field == "" && c.Op == "added":
			parts = append(parts, "it is new since the server was pinned")
		case c.Field == "":
			parts = append(parts, "it was "+c.Op)
		default:
			parts = append(parts, fmt.Sprintf("%s %s: %q → %q", c.Field, c.Op, cut(c.Old), cut(c.New)))
		}
	}
	if n > maxChanges {
		parts = append(parts, fmt.Sprintf("and %d more", n-maxChanges))
	}
	if len(parts) == 0 {
		parts = append(parts, "it changed since the server was pinned")
	}
	flags := ""
	if kp.approve != "" {
		flags = kp.approve + " "
	}
	opt := "--tool"
	switch e.Kind {
	case fingerprint.KindPrompt:
		opt = "--prompt"
	case fingerprint.KindResource:
		opt = "--resource"
	case fingerprint.KindResourceTemplate:
		opt = "--resource-template"
	}
	return fmt.Sprintf("the %s %q is withheld until a person approves it (%s); to trust it, run: plainsight approve %s%s %s %s",
		e.Kind, e.Key, strings.Join(parts, "; "), flags, opt, shellQuote(e.Key), shellQuote(key))
}

// cut shortens s to maxChangeText codepoints.
func cut(s string) string {
	if utf8.RuneCountInString(s) <= maxChangeText {
		return s
	}
	r := []rune(s)
	return string(r[:maxChangeText]) + "…"
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
