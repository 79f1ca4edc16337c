// A correct contestant of the interactive game problems in Java: the winning
// side, then winning moves, with exact integers (Wythoff's ⌊kφ⌋ by
// BigInteger's integer square root; every number fits a long, 10^18 < 2^63).
// `judge package` writes the game below.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

public class Exact {
    static final String GAME = "@GAME@";
    static final BigInteger FIVE = BigInteger.valueOf(5);
    static BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    static PrintStream out = System.out;

    /** floor(k phi) = (k + isqrt(5 k^2)) / 2. */
    static long lower(long k) {
        BigInteger b = BigInteger.valueOf(k);
        return b.add(b.multiply(b).multiply(FIVE).sqrt()).shiftRight(1).longValueExact();
    }

    static boolean wythoffP(long a, long b) {
        long lo = Math.min(a, b), hi = Math.max(a, b);
        return lower(hi - lo) == lo;
    }

    static long[] wythoffWin(long a, long b) {
        boolean swap = a > b;
        long lo = swap ? b : a, hi = swap ? a : b, d = hi - lo;
        long nlo = lo, nhi = hi;
        long l = lower(d);
        if (l < lo) {
            long t = lo - l;
            nlo = lo - t;
            nhi = hi - t;
        } else if (lo == 0) {
            nhi = 0;
        } else {
            BigInteger x = BigInteger.valueOf(lo);
            long k0 = x.multiply(x).multiply(FIVE).sqrt().subtract(x).shiftRight(1).longValueExact();
            for (long k = Math.max(1, k0 - 2); k <= k0 + 2; k++) {
                if (lower(k) == lo && lo + k < hi) nhi = lo + k;
            }
            long j0 = lo - k0;
            for (long k = Math.max(1, j0 - 3); k <= j0 + 3; k++) {
                if (lower(k) + k == lo) nhi = lower(k);
            }
        }
        return swap ? new long[] {nhi, nlo} : new long[] {nlo, nhi};
    }

    /** Euclid: the player to move from (a, b), both positive, wins (a == b or large/small > phi). */
    static boolean euclidN(long a, long b) {
        if (a == b) return true;
        BigInteger s = BigInteger.valueOf(Math.min(a, b));
        BigInteger l = BigInteger.valueOf(Math.max(a, b));
        BigInteger lhs = l.shiftLeft(1).subtract(s);
        return lhs.multiply(lhs).compareTo(s.multiply(s).multiply(FIVE)) > 0;
    }

    static long[] euclidWin(long a, long b) {
        boolean first = a >= b;
        long big = first ? a : b, small = first ? b : a;
        long r = big % small, to;
        if (r == 0) to = 0;
        else if (!euclidN(r, small)) to = r;
        else to = r + small;
        return first ? new long[] {to, b} : new long[] {a, to};
    }

    /** The largest winning take of Fibonacci nim from (n, limit), 0 if none. */
    static long fibWin(long n, long limit) {
        List<Long> f = new ArrayList<>();
        f.add(1L);
        f.add(2L);
        while (f.get(f.size() - 1) <= n - f.get(f.size() - 2)) f.add(f.get(f.size() - 1) + f.get(f.size() - 2));
        List<Long> terms = new ArrayList<>();
        long rest = n;
        for (int i = f.size() - 1; i >= 0; i--) {
            if (f.get(i) <= rest) {
                terms.add(0, f.get(i));
                rest -= f.get(i);
            }
        }
        long best = 0, taken = 0, most = Math.min(limit, n);
        for (int j = 0; j < terms.size(); j++) {
            taken += terms.get(j);
            if (taken > most) break;
            if (j + 1 == terms.size() || terms.get(j + 1) > 2 * taken) best = taken;
        }
        return best;
    }

    static long[] readLine() throws IOException {
        String line = in.readLine();
        if (line == null) System.exit(0);
        String[] parts = line.trim().split("\\s+");
        if (parts[0].equals("-1")) System.exit(0);
        long[] v = new long[parts.length];
        for (int i = 0; i < parts.length; i++) v[i] = Long.parseUnsignedLong(parts[i]);
        return v;
    }

    public static void main(String[] args) throws IOException {
        String g = GAME;
        long games = readLine()[0];
        for (long i = 0; i < games; i++) {
            long[] s = readLine();
            long a = s[0], b = s.length > 1 ? s[1] : 0, limit = a - 1;
            boolean first;
            if (g.equals("wythoff")) first = !wythoffP(a, b);
            else if (g.equals("euclid")) first = a != 0 && b != 0 && euclidN(a, b);
            else if (g.equals("bash")) first = a % (b + 1) != 0;
            else first = fibWin(a, limit) != 0;
            out.println(first ? "First" : "Second");
            out.flush();
            boolean mine = first;
            while (true) {
                if (mine) {
                    boolean done;
                    if (g.equals("wythoff") || g.equals("euclid")) {
                        long[] to = g.equals("wythoff") ? wythoffWin(a, b) : euclidWin(a, b);
                        out.println(to[0] + " " + to[1]);
                        a = to[0];
                        b = to[1];
                        done = g.equals("wythoff") ? (a == 0 && b == 0) : (a == 0 || b == 0);
                    } else {
                        long t = g.equals("bash") ? a % (b + 1) : fibWin(a, limit);
                        out.println(t);
                        a -= t;
                        limit = 2 * t;
                        done = a == 0;
                    }
                    out.flush();
                    if (done) {
                        readLine(); // the sentinel
                        break;
                    }
                }
                long[] v = readLine();
                if (g.equals("wythoff") || g.equals("euclid")) {
                    if (v.length == 2 && v[0] == 0 && v[1] == 0) break;
                    a = v[0];
                    b = v[1];
                } else {
                    if (v[0] == 0) break;
                    a -= v[0];
                    limit = 2 * v[0];
                }
                mine = true;
            }
        }
    }
}
