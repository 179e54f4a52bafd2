package canon_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/plainsight/plainsight/internal/canon"
)

func Example() {
	v, err := canon.Parse([]byte(`{"b": 1e21, "10": -0, "9": "\ud800", "a": 1, "a": 2}`), canon.ReferenceLimits)
	if err != nil {
		fmt.Println(err)
		return
	}
	intent, _ := canon.Marshal(v, canon.JSObject, canon.ReferenceLimits)
	fingerprint, _ := canon.Marshal(v, canon.SortedUTF16, canon.Limits{})
	fmt.Println(string(intent))
	fmt.Println(string(fingerprint))
	fmt.Printf("sha256:%x\n", sha256.Sum256(intent))
	// Output:
	// {"9":"\ud800","10":0,"a":2,"b":1e+21}
	// {"10":0,"9":"\ud800","a":2,"b":1e+21}
	// sha256:8eae9a13f375ff3877bf408a473cc8b3cb32ac97f574604121a3f79f383144f8
}

func ExampleFromGo() {
	_, err := canon.FromGo(map[string]any{"action": map[string]any{"__proto__": 1}}, canon.ReferenceLimits)
	fmt.Println(err)
	// Output:
	// canon: unsafe key at $.action.__proto__
}
