package storetest

import "testing"

func testVectors(t *testing.T, o Opener) {}
