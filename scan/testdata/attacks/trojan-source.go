package main

import "fmt"

func main() {
	access := "user"
	if access != "user‮ ⁦// Check if admin⁩ ⁦" {
		fmt.Println("You are an admin.")
	}
}
