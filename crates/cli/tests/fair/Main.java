// POJ 1067 exactly, on 8 JVM threads: (a, b) with a <= b is losing iff
// a = floor(k*phi), k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) / 2.
import java.io.*;
import java.util.*;
import java.util.concurrent.*;

public class Main {
    static long isqrt(long n) {
        long r = (long) Math.sqrt((double) n);
        while (r * r > n) r--;
        while ((r + 1) * (r + 1) <= n) r++;
        return r;
    }

    public static void main(String[] args) throws Exception {
        byte[] in = System.in.readAllBytes();
        String[] t = new String(in).trim().split("\\s+");
        int n = t.length / 2;
        char[] out = new char[n];
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<?>> done = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
            final int from = w;
            done.add(pool.submit(() -> {
                for (int i = from; i < n; i += 8) {
                    long a = Long.parseLong(t[2 * i]), b = Long.parseLong(t[2 * i + 1]);
                    if (a > b) { long x = a; a = b; b = x; }
                    long k = b - a;
                    out[i] = (k + isqrt(5 * k * k)) / 2 == a ? '0' : '1';
                }
            }));
        }
        for (Future<?> f : done) f.get();
        pool.shutdown();
        StringBuilder sb = new StringBuilder(2 * n);
        for (char c : out) sb.append(c).append('\n');
        System.out.print(sb);
    }
}
