package textpos

import "testing"

func TestAt(t *testing.T) {
	text := []byte("\uFEFFab\r\ncd\ré\n\xffx\r\n")
	for _, tt := range []struct{ off, line, col int }{
		{3, 1, 1},  // a, after the BOM
		{4, 1, 2},  // b
		{5, 1, 3},  // the CR
		{7, 2, 1},  // c, after CRLF
		{10, 3, 1}, // é, after a lone CR
		{13, 4, 1}, // the ill-formed byte, after LF
		{14, 4, 2}, // x: the ill-formed byte is one codepoint
		{17, 5, 1}, // the end, after CRLF
	} {
		if line, col := New(text).At(tt.off); line != tt.line || col != tt.col {
			t.Errorf("At(%d) = %d:%d, want %d:%d", tt.off, line, col, tt.line, tt.col)
		}
	}
	// In order, one positioner gives the same answers.
	p := New(text)
	for _, off := range []int{3, 4, 5, 6, 7, 10, 13, 14, 17} {
		l1, c1 := p.At(off)
		l2, c2 := New(text).At(off)
		if l1 != l2 || c1 != c2 {
			t.Errorf("At(%d) in order %d:%d, alone %d:%d", off, l1, c1, l2, c2)
		}
	}
}
