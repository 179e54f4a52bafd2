module github.com/plainsight/plainsight

go 1.26
