<?php
// POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi),
// k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) / 2, with bcmath (an
// extension PHP loads as /etc/php configures it).
$t = preg_split('/\s+/', trim(stream_get_contents(STDIN)));
$out = '';
for ($i = 0; $i + 1 < count($t); $i += 2) {
    $a = min((int)$t[$i], (int)$t[$i + 1]);
    $b = max((int)$t[$i], (int)$t[$i + 1]);
    $k = (string)($b - $a);
    $r = bcsqrt(bcmul(bcmul('5', $k), $k), 0);
    $out .= bcdiv(bcadd($k, $r), '2', 0) === (string)$a ? "0\n" : "1\n";
}
echo $out;
