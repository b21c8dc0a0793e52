// A Go net/http + encoding/json server that does the same work as animation-timing for the two
// benchmark requests: it routes, parses the query or the JSON body, evaluates the named curve with
// the browsers' cubic-Bézier solver (WebKit's UnitBezier: Newton from x, at most 8 steps, then
// bisection, |X(t) − x| < 1e-7), encodes the answer with encoding/json and tags it with an FNV
// hash of the body, as ours does. Only for benchmarking (scripts/load.sh); not part of the service.
package main

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"net/http"
	"os"
	"strconv"
	"strings"
)

type curve struct {
	Name                string     `json:"name"`
	Aliases             []string   `json:"aliases"`
	Kind                string     `json:"kind"`
	Canonical           string     `json:"canonical"`
	CSS                 string     `json:"css"`
	ControlPoints       [4]float64 `json:"controlPoints"`
	Input               string     `json:"input"`
	OutsideUnitInterval string     `json:"outsideUnitInterval"`
}

type point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

type answer struct {
	Function *curve  `json:"function"`
	Points   []point `json:"points"`
}

var curves = map[string]*curve{
	"linear":        {"linear", []string{"kCAMediaTimingFunctionLinear"}, "cubicBezier", "linear", "linear", [4]float64{0, 0, 1, 1}, "fraction", "clamp"},
	"easeIn":        {"easeIn", []string{"kCAMediaTimingFunctionEaseIn", "ease-in"}, "cubicBezier", "easeIn", "ease-in", [4]float64{0.42, 0, 1, 1}, "fraction", "clamp"},
	"easeOut":       {"easeOut", []string{"kCAMediaTimingFunctionEaseOut", "ease-out"}, "cubicBezier", "easeOut", "ease-out", [4]float64{0, 0, 0.58, 1}, "fraction", "clamp"},
	"easeInEaseOut": {"easeInEaseOut", []string{"kCAMediaTimingFunctionEaseInEaseOut", "ease-in-out"}, "cubicBezier", "easeInEaseOut", "ease-in-out", [4]float64{0.42, 0, 0.58, 1}, "fraction", "clamp"},
	"default":       {"default", []string{"kCAMediaTimingFunctionDefault", "ease"}, "cubicBezier", "default", "cubic-bezier(0.25, 0.1, 0.25, 1)", [4]float64{0.25, 0.1, 0.25, 1}, "fraction", "clamp"},
}

// solve evaluates the curve at x the way WebKit's UnitBezier does.
func solve(c *curve, x float64) float64 {
	if x <= 0 {
		return 0
	}
	if x >= 1 {
		return 1
	}
	p1x, p1y, p2x, p2y := c.ControlPoints[0], c.ControlPoints[1], c.ControlPoints[2], c.ControlPoints[3]
	cx := 3 * p1x
	bx := 3*(p2x-p1x) - cx
	ax := 1 - cx - bx
	cy := 3 * p1y
	by := 3*(p2y-p1y) - cy
	ay := 1 - cy - by
	sampleX := func(t float64) float64 { return ((ax*t+bx)*t + cx) * t }
	slopeX := func(t float64) float64 { return (3*ax*t+2*bx)*t + cx }
	t := x
	solved := false
	for i := 0; i < 8; i++ {
		e := sampleX(t) - x
		if math.Abs(e) < 1e-7 {
			solved = true
			break
		}
		d := slopeX(t)
		if math.Abs(d) < 1e-6 {
			break
		}
		t -= e / d
	}
	if !solved {
		lo, hi := 0.0, 1.0
		t = x
		for lo < hi {
			v := sampleX(t)
			if math.Abs(v-x) < 1e-7 {
				break
			}
			if x > v {
				lo = t
			} else {
				hi = t
			}
			t = (hi-lo)/2 + lo
			if hi-lo < 1e-15 {
				break
			}
		}
	}
	return ((ay*t+by)*t + cy) * t
}

func reply(w http.ResponseWriter, a answer) {
	body, err := json.Marshal(a)
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	h := fnv.New64a()
	h.Write(body)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Vary", "Accept")
	w.Header().Set("ETag", fmt.Sprintf("\"%x-%x\"", h.Sum64(), len(body)))
	w.Write(body)
}

func main() {
	http.HandleFunc("/v1/timing-functions/", func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/v1/timing-functions/")
		if name == "evaluate" && r.Method == http.MethodPost {
			var request struct {
				Function string    `json:"function"`
				X        []float64 `json:"x"`
			}
			if err := json.NewDecoder(r.Body).Decode(&request); err != nil {
				http.Error(w, err.Error(), 422)
				return
			}
			c, ok := curves[request.Function]
			if !ok || len(request.X) > 10000 {
				http.Error(w, "unknown function", 422)
				return
			}
			points := make([]point, len(request.X))
			for i, x := range request.X {
				points[i] = point{x, solve(c, x)}
			}
			reply(w, answer{c, points})
			return
		}
		c, ok := curves[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		x, err := strconv.ParseFloat(r.URL.Query().Get("x"), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			http.Error(w, "x must be a number", 422)
			return
		}
		reply(w, answer{c, []point{{x, solve(c, x)}}})
	})
	http.ListenAndServe("127.0.0.1:"+os.Args[1], nil)
}
