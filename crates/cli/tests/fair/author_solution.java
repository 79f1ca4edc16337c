// POJ 1067 exactly, in a package, in a file not named after its public
// class (DOMjudge and Kattis find the class with main): (a, b) with a <= b
// is losing iff a = floor(k*phi), k = b - a, floor(k*phi) = (k + isqrt(5k^2)) / 2.
package wythoff.judge;

import java.io.*;

public class WythoffGame {
    static long isqrt(long n) {
        long r = (long) Math.sqrt((double) n);
        while (r * r > n) r--;
        while ((r + 1) * (r + 1) <= n) r++;
        return r;
    }

    public static void main(String[] args) throws IOException {
        StreamTokenizer in = new StreamTokenizer(new BufferedInputStream(System.in));
        StringBuilder sb = new StringBuilder();
        while (in.nextToken() != StreamTokenizer.TT_EOF) {
            long a = (long) in.nval;
            in.nextToken();
            long b = (long) in.nval;
            if (a > b) { long x = a; a = b; b = x; }
            long k = b - a;
            sb.append((k + isqrt(5 * k * k)) / 2 == a ? "0\n" : "1\n");
        }
        System.out.print(sb);
    }
}
