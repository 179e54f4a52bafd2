module github.com/plainsight/plainsight

go 1.26.0

require github.com/google/go-cmp v0.7.0

require golang.org/x/net v0.62.0
