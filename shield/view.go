package shield

// view is the text the judgement detectors (prompt_injection's model and
// rules) read, and the way back from its offsets to the content's. For
// most content it is the content itself; content that is a JSON tool
// definition (or any JSON) is read as the text of its strings, so that an
// attack split across fields, or hidden behind JSON escapes, is read as
// one text.
type view struct {
	// text is what the detectors read.
	text string
	// orig maps a byte span of text to the byte span of the content it
	// was read from; nil means the identity (text is the content).
	orig func(start, end int) (int, int)
}

// identityView is the view of content read as it is.
func identityView(content string) *view { return &view{text: content} }

// span maps a byte span of v.text back to the content.
//
//lint:ignore U1000 the judgement detectors map their spans with it
func (v *view) span(start, end int) (int, int) {
	if v.orig == nil {
		return start, end
	}
	return v.orig(start, end)
}
