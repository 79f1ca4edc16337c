// POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi),
// k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) / 2 in 64-bit integers.
fun isqrt(n: Long): Long {
    var r = Math.sqrt(n.toDouble()).toLong()
    while (r * r > n) r--
    while ((r + 1) * (r + 1) <= n) r++
    return r
}

fun main() {
    val t = System.`in`.readBytes().toString(Charsets.US_ASCII).trim().split(Regex("\\s+")).filter { it.isNotEmpty() }
    val sb = StringBuilder()
    var i = 0
    while (i + 1 < t.size) {
        val x = t[i].toLong()
        val y = t[i + 1].toLong()
        val a = minOf(x, y)
        val k = maxOf(x, y) - a
        sb.append(if ((k + isqrt(5 * k * k)) / 2 == a) "0\n" else "1\n")
        i += 2
    }
    print(sb)
}
