// A minimal Go net/http server that answers the two benchmark requests with the exact bytes
// animation-timing gave for them (captured by scripts/load.sh), so that wrk compares the two
// HTTP stacks on the same payloads. Only for benchmarking; not part of the service.
package main

import (
	"net/http"
	"os"
)

func main() {
	get, _ := os.ReadFile(os.Args[2])
	post, _ := os.ReadFile(os.Args[3])
	http.HandleFunc("/v1/timing-functions/easeIn", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(get)
	})
	http.HandleFunc("/v1/timing-functions/evaluate", func(w http.ResponseWriter, r *http.Request) {
		buf := make([]byte, 64<<10)
		for {
			if _, err := r.Body.Read(buf); err != nil {
				break
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(post)
	})
	http.ListenAndServe("127.0.0.1:"+os.Args[1], nil)
}
