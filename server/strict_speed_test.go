package server

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/plainsight/plainsight/internal/canon"
	"github.com/plainsight/plainsight/internal/strictjson"
)

// repeatedMemberStrict is repeatedMember as it was before its fast path
// (issue 33, item 5): every body read again by strictjson.
func repeatedMemberStrict(b []byte, maxDepth int) error {
	err := strictjson.Check(b, nil, strictjson.Limits{MaxBytes: max(len(b), 1), MaxDepth: maxDepth})
	var se *strictjson.Error
	if errors.As(err, &se) && errors.Is(err, strictjson.ErrDuplicate) {
		return fmt.Errorf("the body gives member %q twice (in %s)", se.Name, se.Path)
	}
	return nil
}

// TestRepeatedMemberSame: repeatedMember answers as the strictjson
// reading it replaces, on random bodies built of names that are one name
// written two ways ("a" and "\u0061"), names with quotes, backslashes and
// colons, names escaping lone surrogates (one name to encoding/json, two
// to canon), and strings holding colons and escaped quotes, nested.
func TestRepeatedMemberSame(t *testing.T) {
	names := []string{`"a"`, `"\u0061"`, `"b"`, `"a:b"`, `"\""`, `"\\"`, `"\\\""`, `"\ud800"`, `"\udbff"`, `"é"`, `"\u00e9"`, `""`, `"text"`, `"context"`}
	strs := []string{`"x"`, `":"`, `"\":"`, `"\\"`, `"a\\\":b"`, `"{\"a\":1}"`, `"\ud800"`, `""`}
	r := rand.New(rand.NewPCG(33, 5))
	var value func(depth int) string
	value = func(depth int) string {
		switch k := r.IntN(6); {
		case k < 2 || depth > 3:
			return strs[r.IntN(len(strs))]
		case k == 2:
			return "1"
		case k == 3:
			var b strings.Builder
			b.WriteString("[")
			for i := r.IntN(3); i > 0; i-- {
				b.WriteString(value(depth + 1))
				if i > 1 {
					b.WriteString(", ")
				}
			}
			b.WriteString("]")
			return b.String()
		}
		var b strings.Builder
		b.WriteString("{")
		for i := r.IntN(4); i > 0; i-- {
			b.WriteString(names[r.IntN(len(names))])
			b.WriteString(" : ")
			b.WriteString(value(depth + 1))
			if i > 1 {
				b.WriteString(",")
			}
		}
		b.WriteString("}")
		return b.String()
	}
	dups, clean := 0, 0
	for n := 0; n < 50000; n++ {
		body := []byte(value(0))
		v, err := canon.Parse(body, canon.Limits{MaxDepth: 8, MaxEntries: 64, RequireObject: true})
		if err != nil {
			continue
		}
		got, want := repeatedMember(body, v, 8), repeatedMemberStrict(body, 8)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: %v, want %v", body, got, want)
		}
		if want != nil {
			dups++
		} else {
			clean++
		}
	}
	if dups < 1000 || clean < 1000 {
		t.Fatalf("%d bodies with a repeated name, %d without: want both", dups, clean)
	}
}
