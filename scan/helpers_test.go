package scan

import "unicode/utf16"

func utf16Of(s string) []uint16 { return utf16.Encode([]rune(s)) }
