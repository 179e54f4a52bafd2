package markup

import "strings"

// oldStyleTest is StyleTest as it was before it read property names
// without lowering them into new strings, kept to check that the two
// agree (TestStyleTestDifferential, FuzzTokenizer).
func oldStyleTest(declarations string) Reason {
	var display, visibility, fontSize, color, background string
	var hasColor, hasBackground bool
	for decl := range strings.SplitSeq(declarations, ";") {
		prop, value, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		prop = strings.ToLower(strings.Trim(prop, cssSpace))
		value = stripImportant(strings.ToLower(strings.Trim(value, cssSpace)))
		if value == "" {
			continue // CSS drops a declaration without a value
		}
		switch prop {
		case "display":
			display = value
		case "visibility":
			visibility = value
		case "font-size":
			fontSize = value
		case "color":
			color, hasColor = value, true
		case "background-color":
			background, hasBackground = value, true
		case "background":
			background, hasBackground = firstToken(value), true
		}
	}
	switch {
	case display == "none":
		return DisplayNone
	case visibility == "hidden":
		return VisibilityHidden
	case isZeroFontSize(fontSize):
		return FontSizeZero
	case hasColor && hasBackground && normalizeColor(color) == normalizeColor(background):
		return ColorMatchesBackground
	}
	return Visible
}
