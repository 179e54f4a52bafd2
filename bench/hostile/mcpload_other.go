//go:build !linux

package main

import "errors"

// mcpLoad reads the server's memory in /proc, which only Linux has.
func mcpLoad(string, []string) error { return errors.New("mcp: only on Linux") }
