package receipt_test

import (
	"context"
	"fmt"

	"github.com/plainsight/plainsight/shield"
	"github.com/plainsight/plainsight/shield/receipt"
)

// The operator's scanner signs with a key ring; a verifier holding the
// published JWK set checks that the verdict is the one signed.
func ExampleVerify() {
	ring, err := receipt.NewKeyRing()
	if err != nil {
		panic(err)
	}
	scanner, _ := shield.New(shield.Options{Signer: ring})
	resp, _ := scanner.Scan(context.Background(), shield.Request{
		Content: "hello", Context: shield.Context{Source: shield.SourceUserMessage, Direction: shield.Inbound}})

	jwks, _ := ring.JWKS() // published by the operator
	keys, _ := receipt.ParseJWKS(jwks)
	fmt.Println(receipt.Verify(resp, keys))
	resp.Verdict = shield.Malicious
	fmt.Println(receipt.Verify(resp, keys))
	// Output:
	// <nil>
	// shield: receipt signature does not verify
}
