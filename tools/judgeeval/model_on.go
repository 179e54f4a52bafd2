//go:build !noinjmodel

package main

// modelBuilt reports whether the shield this command runs has its model.
const modelBuilt = true
