package postgres_test

import (
	"context"
	"log"

	"github.com/plainsight/plainsight/flag"
	"github.com/plainsight/plainsight/store/postgres"
)

// Several instances open the same database; Open migrates it once.
func ExampleOpen() {
	ctx := context.Background()
	s, err := postgres.Open(ctx, "postgres://plainsight@db.internal/plainsight?sslmode=verify-full")
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	_ = &flag.Service{Store: s}
}
