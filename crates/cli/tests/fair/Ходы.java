// POJ 1067 exactly, in a class whose name is not ASCII (the run needs a
// UTF-8 locale to load it): (a, b) with a <= b is losing iff
// a = floor(k*phi), k = b - a, floor(k*phi) = (k + isqrt(5k^2)) / 2.
import java.io.*;

public class Ходы {
    static long isqrt(long n) {
        long r = (long) Math.sqrt((double) n);
        while (r * r > n) r--;
        while ((r + 1) * (r + 1) <= n) r++;
        return r;
    }

    public static void main(String[] args) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder sb = new StringBuilder();
        String line;
        while ((line = r.readLine()) != null) {
            String[] t = line.trim().split("\\s+");
            if (t.length < 2) continue;
            long a = Long.parseLong(t[0]), b = Long.parseLong(t[1]);
            if (a > b) { long x = a; a = b; b = x; }
            long k = b - a;
            sb.append((k + isqrt(5 * k * k)) / 2 == a ? "0\n" : "1\n");
        }
        System.out.print(sb);
    }
}
