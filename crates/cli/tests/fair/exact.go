// POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi),
// k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) / 2 in 64-bit integers.
package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
)

func isqrt(n int64) int64 {
	r := int64(math.Sqrt(float64(n)))
	for r*r > n {
		r--
	}
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for {
		var a, b int64
		if _, err := fmt.Fscan(in, &a, &b); err != nil {
			break
		}
		if a > b {
			a, b = b, a
		}
		k := b - a
		if (k+isqrt(5*k*k))/2 == a {
			fmt.Fprintln(out, 0)
		} else {
			fmt.Fprintln(out, 1)
		}
	}
}
