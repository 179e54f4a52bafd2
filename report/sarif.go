package report

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/plainsight/plainsight/skill"
)

// sarifRule describes one class of result, a SARIF reportingDescriptor.
type sarifRule struct {
	ID                   string        `json:"id"`
	Name                 string        `json:"name"`
	ShortDescription     sarifText     `json:"shortDescription"`
	FullDescription      sarifText     `json:"fullDescription"`
	Help                 sarifText     `json:"help"`
	DefaultConfiguration sarifLevelCfg `json:"defaultConfiguration"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifLevelCfg struct {
	Level string `json:"level"`
}

// sarifRules are the classes a result can have, in a fixed order (a
// result's ruleIndex points into it).
var sarifRules = []sarifRule{
	rule("zero_width", "ZeroWidth", "error", "A zero-width character",
		"U+200B, U+200C, U+200D, U+2060, or U+FEFF past the start of the file: invisible to a reader, read by the agent (agent-safety formats §2; the skill proposal's first error).",
		"Remove the character. A byte order mark belongs only at byte 0; emoji sequences use joiners, but a skill file has no need of them."),
	rule("bidi_control", "BidiControl", "error", "A bidirectional control",
		"U+202A–U+202E or U+2066–U+2069: text renders in another order than it is stored (§2; the proposal's third error).",
		"Remove the control characters, and read the text around them as stored."),
	rule("unicode_tag", "UnicodeTag", "error", "A Unicode tag character",
		"U+E0000–U+E007F: invisible ASCII look-alikes that can spell hidden instructions (§2).",
		"Remove the tag characters; decode them first to see what they said."),
	rule("control_char", "ControlChar", "error", "A control character",
		"C0 controls other than tab, LF and CR, DEL, and the C1 controls (§2).",
		"Remove the control characters."),
	rule("private_use", "PrivateUse", "error", "A private-use codepoint",
		"U+E000–U+F8FF and the supplementary private-use planes: no agreed meaning or appearance (§2).",
		"Remove the codepoint or replace it with a standard character."),
	rule("unassigned_codepoint", "UnassignedCodepoint", "error", "An unassigned codepoint",
		"General_Category Cn in Unicode 17.0 (noncharacters included), or a lone surrogate (§2).",
		"Remove the codepoint."),
	rule("hidden_markup", "HiddenMarkup", "error", "Hidden markup",
		"An HTML or markdown comment, a CSS rule that hides, or an element hidden by style, attribute or class (§3), or, in the Strict profile, LaTeX text in the page colour, under 1pt, in a \\phantom or scaled to nothing: text an agent reads and a rendered page does not show.",
		"Remove the hidden construct, or make its text visible."),
	rule("base64_blob", "Base64Blob", "error", "A base64 payload",
		"An encoded run (§4), decoded and scanned in turn: it may carry instructions no reviewer reads.",
		"Remove the payload, or ship the file it encodes as a file."),
	rule("variation_selector", "VariationSelector", "error", "A variation selector that modifies nothing (Strict profile)",
		"A variation selector outside any standardized, emoji or ideographic variation sequence, or a run of them: a run can carry bytes, as GlassWorm-style payloads do (an extension of plainsight's Strict profile).",
		"Remove the selectors; read what the finding says they carry."),
	rule("invisible_format", "InvisibleFormat", "error", "An invisible format character (Strict profile)",
		"A default-ignorable or format character outside §2 — soft hyphen, invisible operators, Hangul fillers, directional marks in text without right-to-left script… — where it is not ordinary typography (an extension of plainsight's Strict profile).",
		"Remove the character."),
	rule("invisible_reference", "InvisibleReference", "error", "An invisible character written as a reference (Strict profile)",
		"An HTML character reference or a \\u escape that decodes to an invisible character (an extension of plainsight's Strict profile).",
		"Remove the reference, or write the character it stands for only where it is meant."),
	rule("mixed_script_confusable", "MixedScriptConfusable", "warning", "A word mixing scripts (heuristic)",
		"A word with Latin letters and Greek or Cyrillic ones (§5): a homoglyph can make a name look like another.",
		"Check the word; write it in one script."),
	rule("instruction_like", "InstructionLike", "warning", "Agent-directed language (heuristic)",
		"A passage matching one of the ten instruction_like patterns of §5, such as instructions to ignore earlier ones or to send content elsewhere.",
		"Read the passage as the agent will; remove it if it is not meant as an instruction."),
	rule("instruction_judged", "InstructionJudged", "warning", "A passage judged a prompt injection (heuristic, Strict profile)",
		"A passage that plainsight's prompt-injection rules or its trained model read as an attack: a forged role or turn marker, an <IMPORTANT>-style block, an instruction to read a secret into a tool argument, to conceal something from the user, to ignore earlier instructions, to run a command or to use other tools; the finding's pattern names the rule, or \"model\" (an extension of plainsight's Strict profile; docs/judgement/strict-class.md).",
		"Read the passage as the agent will; remove it if it is not meant as an instruction to the agent."),
	rule(skill.InvalidUTF8, "InvalidUtf8", "error", "Ill-formed UTF-8",
		"Bytes that are not UTF-8; they are read as U+FFFD, as a browser or JavaScript would read them.",
		"Save the file as UTF-8."),
	rule(skill.FileTooLarge, "FileTooLarge", "error", "A file too large to check whole",
		"Only the first 16 MiB of the file were checked; the rest could hide anything.",
		"Keep skill files small, or split the file."),
	rule(skill.Unreadable, "UnreadableFile", "error", "A file that could not be read",
		"The file or folder could not be read, so nothing is known of it.",
		"Fix its permissions, or remove it."),
	rule(skill.BinaryFile, "BinaryFile", "note", "A binary file, not checked",
		"A file with a NUL byte in its first 8 KiB is taken as binary and not checked.",
		"Nothing to do if the file is meant to be binary."),
	rule(skill.NoSkillFile, "NoSkillFile", "error", "A folder without SKILL.md",
		"A skill package has SKILL.md at its top; a folder without it is not a skill package, so its check says nothing of one.",
		"Check the package's folder, not a folder around or inside it; name the file SKILL.md."),
	rule(skill.Symlink, "SymbolicLink", "note", "A symbolic link, not followed",
		"Symbolic links are never followed: what they point to is not part of the package's check.",
		"Replace the link with the file, if the file is part of the skill."),
	rule(DefinitionChanged, "DefinitionChanged", "error", "An MCP server's definitions changed since they were pinned",
		"plainsight audit pinned what the server showed its client at first sight (trust on first use); a tool, prompt, resource or the instructions now differ (issue 30): the message names the field and shows the old and new text.",
		"Read the new text as the agent will; approve it with plainsight approve KEY if it is meant, or remove the server."),
	rule(DefinitionFlagged, "DefinitionFlagged", "error", "An MCP server's definition the shield flags",
		"The definition, read whole as one text, holds what the Agent-Shield scanner's detectors find (a prompt injection, a secret, a known-bad URL) (issue 30).",
		"Read the definition as the agent will; remove the server if the passage is not meant."),
}

// The classes of plainsight audit's results (issue 30, item 2), each with
// its rule.
const (
	// DefinitionChanged: a pinned server's definition changed.
	DefinitionChanged = "definition_changed"
	// DefinitionFlagged: the shield flags a server's definition.
	DefinitionFlagged = "definition_flagged"
)

func rule(id, name, level, short, full, help string) sarifRule {
	return sarifRule{ID: id, Name: name, ShortDescription: sarifText{short}, FullDescription: sarifText{full},
		Help: sarifText{full + " " + help}, DefaultConfiguration: sarifLevelCfg{level}}
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	Version         string      `json:"version"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifResult struct {
	RuleID              string             `json:"ruleId"`
	RuleIndex           int                `json:"ruleIndex"`
	Level               string             `json:"level"`
	Message             sarifText          `json:"message"`
	Locations           []sarifLocation    `json:"locations"`
	PartialFingerprints map[string]string  `json:"partialFingerprints,omitempty"`
	Suppressions        []sarifSuppression `json:"suppressions,omitempty"`
	Properties          *sarifProperties   `json:"properties,omitempty"`
}

// sarifProperties carry the excerpt, the evidence a baseline matches on.
type sarifProperties struct {
	Excerpt string `json:"excerpt"`
}

type sarifSuppression struct {
	Kind          string `json:"kind"`
	Justification string `json:"justification"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// srcRoot is the uriBaseId of a path below the working directory.
const srcRoot = "SRCROOT"

// artifacts turns the paths of results, as the command line was given them
// (relative, absolute, ".", "..", with spaces or any Unicode), into SARIF
// artifact locations (§3.4 of SARIF 2.1.0: a uri is a URI reference, and
// one that is not absolute needs a uriBaseId). A path at or below the
// working directory is a relative URI against SRCROOT, the working
// directory's file URI (originalUriBaseIds), which is what code scanning
// resolves against the checkout; any other path is an absolute file URI.
type artifacts struct {
	cwd string // absolute, cleaned; "" when unknown
}

func newArtifacts() *artifacts {
	cwd, err := os.Getwd()
	if err != nil {
		return &artifacts{}
	}
	return &artifacts{cwd: filepath.Clean(cwd)}
}

// baseIDs is the run's originalUriBaseIds.
func (a *artifacts) baseIDs() map[string]sarifArtifact {
	if a.cwd == "" {
		return nil
	}
	return map[string]sarifArtifact{srcRoot: {URI: fileURI(a.cwd) + "/"}}
}

// location returns the artifact location of p, a path in the OS's form.
func (a *artifacts) location(p string) sarifArtifact {
	abs, err := filepath.Abs(p)
	if err != nil || a.cwd == "" {
		return sarifArtifact{URI: escapePath(filepath.ToSlash(p)), URIBaseID: srcRoot}
	}
	if rel, err := filepath.Rel(a.cwd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return sarifArtifact{URI: escapePath(filepath.ToSlash(rel)), URIBaseID: srcRoot}
	}
	return sarifArtifact{URI: fileURI(abs)}
}

// fileURI is the file URI of an absolute path (RFC 8089): "file://", then
// the path with a leading slash (before a Windows drive letter too).
func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return "file://" + strings.TrimSuffix(escapePath(p), "/")
}

// escapePath percent-encodes a slash-separated path as a URI path: every
// byte but the unreserved characters of RFC 3986 and "/" is %XX, so that
// spaces, "%", "#", "?", a ":" in a first segment and any non-ASCII byte
// are all carried exactly.
func escapePath(p string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '.', c == '_', c == '~', c == '/':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	ByteOffset  int `json:"byteOffset"`
}

// semanticVersion is the module version as SemVer (without its "v"),
// or "" when it is not one (a development build).
func semanticVersion(v string) string {
	if len(v) > 1 && v[0] == 'v' && '0' <= v[1] && v[1] <= '9' {
		return v[1:]
	}
	return ""
}

// The bounds of a SARIF log, far below what GitHub code scanning takes
// (25,000 results a run, 10 MB gzipped): results beyond either are counted
// and not listed, and the log says so in a tool execution notification.
const (
	// MaxSARIFResults is the most results a log lists.
	MaxSARIFResults = 10000
	// MaxSARIFBytes is the most bytes of results a log lists, uncompressed.
	MaxSARIFBytes = 8 << 20
)

// SARIFOptions are the options of a SARIF log.
type SARIFOptions struct {
	// Version is the tool's version (toolComponent.version), "v0.x.y" as
	// Go modules write it; "" for the version of the plainsight module the
	// program was built with, from its build information. The
	// semanticVersion is Version without its "v" when Version is one.
	Version string
}

// SARIFWriter streams one SARIF 2.1.0 log, for GitHub code scanning and
// any SARIF consumer: the tool and its rules (one a class), then each
// result as its file is done, then the invocation that says what was cut.
// Memory does not grow with the number of results.
//
// A result's location is its file, line, column and byte offset: a file at
// or below the working directory (when the writer is made) as a URI
// relative to SRCROOT, the working directory's file URI; any other as an
// absolute file URI. A result with an excerpt carries it (properties) and
// the fingerprint plainsightEvidence/v1 of its class and excerpt, which
// does not change when a line above it does. A suppressed result has a
// suppression of kind external with the File's Justification.
type SARIFWriter struct {
	w              io.Writer
	version        string
	arts           *artifacts
	index          map[string]int
	started        bool
	results, bytes int
	omitted        int
}

// NewSARIF returns a writer of one SARIF log to w; opts may be nil.
func NewSARIF(w io.Writer, opts *SARIFOptions) *SARIFWriter {
	index := map[string]int{}
	for i, r := range sarifRules {
		index[r.ID] = i
	}
	version := ""
	if opts != nil {
		version = opts.Version
	}
	if version == "" {
		version = moduleVersion()
	}
	return &SARIFWriter{w: w, version: version, arts: newArtifacts(), index: index}
}

func (o *SARIFWriter) start() error {
	if o.started {
		return nil
	}
	o.started = true
	tool, err := json.Marshal(sarifTool{Driver: sarifDriver{
		Name: "plainsight", Version: o.version, SemanticVersion: semanticVersion(o.version),
		InformationURI: "https://github.com/plainsight/plainsight",
		Rules:          sarifRules,
	}})
	if err != nil {
		return err
	}
	bases, err := json.Marshal(o.arts.baseIDs())
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(o.w, "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{\n\"tool\":%s,\n\"originalUriBaseIds\":%s,\n\"results\":[", tool, bases)
	return err
}

func (o *SARIFWriter) result(dir string, res *skill.Result, justification string, suppressed bool) error {
	if o.results >= MaxSARIFResults || o.bytes >= MaxSARIFBytes {
		o.omitted++
		return nil
	}
	level := map[skill.Level]string{skill.Error: "error", skill.Warning: "warning", skill.Info: "note"}[res.Level]
	r := sarifResult{
		RuleID: res.Class, RuleIndex: o.index[res.Class], Level: level,
		Message: sarifText{res.Message},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
			ArtifactLocation: o.arts.location(shown(dir, res.File)),
			Region:           sarifRegion{StartLine: res.Line, StartColumn: res.Column, ByteOffset: res.ByteOffset},
		}}},
	}
	if res.Excerpt != "" {
		r.Properties = &sarifProperties{Excerpt: res.Excerpt}
		r.PartialFingerprints = map[string]string{"plainsightEvidence/v1": evidenceHash(res.Class, res.Excerpt)}
	}
	if suppressed {
		r.Suppressions = []sarifSuppression{{Kind: "external", Justification: justification}}
	}
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	sep := ",\n"
	if o.results == 0 {
		sep = "\n"
	}
	o.results++
	o.bytes += len(data) + len(sep)
	_, err = fmt.Fprintf(o.w, "%s%s", sep, data)
	return err
}

// File writes the file's results, and those suppressed, until the log's
// bounds; beyond them they are counted.
func (o *SARIFWriter) File(f *File) error {
	if err := o.start(); err != nil {
		return err
	}
	results, omitted, supp := f.located()
	o.omitted += omitted
	for i := range results {
		if err := o.result(f.Dir, &results[i], f.Justification, false); err != nil {
			return err
		}
	}
	for i := range supp {
		if err := o.result(f.Dir, &supp[i], f.Justification, true); err != nil {
			return err
		}
	}
	return nil
}

// EndPackage writes nothing: a log is one run, of every package.
func (o *SARIFWriter) EndPackage(*Package) error { return nil }

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

// Close ends the log: the invocation, with a warning notification when
// results were not listed, and the count of them (properties.omitted).
func (o *SARIFWriter) Close() error {
	if err := o.start(); err != nil {
		return err
	}
	inv := struct {
		ExecutionSuccessful bool                `json:"executionSuccessful"`
		Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}{ExecutionSuccessful: true}
	if o.omitted > 0 {
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: "warning", Message: sarifText{fmt.Sprintf(
			"%d more %s not listed: a file lists at most %d, a log at most %d results or %d MiB of them",
			o.omitted, plural(o.omitted, "result was", "results were"), skill.MaxPerFile, MaxSARIFResults, MaxSARIFBytes>>20)}})
	}
	data, err := json.Marshal([]any{inv})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(o.w, "\n],\n\"invocations\":%s,\n\"properties\":{\"omitted\":%d}}]}\n", data, o.omitted)
	return err
}
