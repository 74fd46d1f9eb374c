package main

func runCheck(args []string) int { return 0 } // TODO(lead)
