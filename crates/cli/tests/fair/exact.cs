// POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi),
// k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) / 2 in 64-bit integers.
using System;
using System.Text;

class Exact {
    static long Isqrt(long n) {
        long r = (long)Math.Sqrt((double)n);
        while (r * r > n) r--;
        while ((r + 1) * (r + 1) <= n) r++;
        return r;
    }

    static void Main() {
        string[] t = Console.In.ReadToEnd().Split((char[])null, StringSplitOptions.RemoveEmptyEntries);
        var sb = new StringBuilder();
        for (int i = 0; i + 1 < t.Length; i += 2) {
            long a = long.Parse(t[i]), b = long.Parse(t[i + 1]);
            if (a > b) { long x = a; a = b; b = x; }
            long k = b - a;
            sb.Append((k + Isqrt(5 * k * k)) / 2 == a ? "0\n" : "1\n");
        }
        Console.Out.Write(sb.ToString());
    }
}
