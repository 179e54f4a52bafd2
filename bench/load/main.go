// Command load drives `plainsight serve` for the load and fault runs of
// bench/serve.sh: a loopback MCP server whose definitions change on
// command, a load generator, a write burst that records what the server
// acknowledged, the checks run after a crash or against two instances, and
// the hostile requests. Loopback only: every URL it is given must be.
//
//	load mcp [--mode static|manual|every-probe]   prints its URL, serves
//	load run --base URL --mcp URL [--clients 200] [--duration 30s]
//	load burst --base URL --mcp URL --acks FILE [--clients 8]
//	load verify --base URL --mcp URL --db DB [--acks FILE] [--changes N]
//	load twins --base URL --base URL --mcp URL --db DB [--rounds 10]
//	load hostile --base URL [--slowloris 50] [--slow-body]
//	load scan --base URL[,URL...] --route v1|v2 --size N [--clients 8]
//	load inproc --route v1|v2 --size N [--clients 8] [--db DB]
//
// Each prints what it measured and exits 1 when what must hold does not.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: load mcp|run|burst|verify|twins|hostile|scan|inproc [flags]")
		os.Exit(2)
	}
	var err error
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "mcp":
		err = serveMCP(args)
	case "run":
		err = run(args)
	case "burst":
		err = burst(args)
	case "verify":
		err = verify(args)
	case "twins":
		err = twins(args)
	case "hostile":
		err = hostile(args)
	case "scan":
		err = scanHTTP(args)
	case "inproc":
		err = scanInProcess(args)
	default:
		err = fmt.Errorf("no command %q", cmd)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "load %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}
