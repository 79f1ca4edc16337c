// POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi),
// k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) / 2, in BigInt (5k^2 is
// beyond 2^53).
const t = require("fs").readFileSync(0, "latin1").split(/\s+/).filter((x) => x.length > 0);
function isqrt(n) {
  let r = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (r * r > n) r--;
  while ((r + 1n) * (r + 1n) <= n) r++;
  return r;
}
const out = [];
for (let i = 0; i + 1 < t.length; i += 2) {
  let a = BigInt(t[i]), b = BigInt(t[i + 1]);
  if (a > b) [a, b] = [b, a];
  const k = b - a;
  out.push((k + isqrt(5n * k * k)) / 2n === a ? "0" : "1");
}
process.stdout.write(out.map((x) => x + "\n").join(""));
