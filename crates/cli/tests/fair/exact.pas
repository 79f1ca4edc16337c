{ POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi),
  k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) / 2 in 64-bit integers. }
program exact;

function isqrt(n: int64): int64;
var r: int64;
begin
  r := trunc(sqrt(n));
  while r * r > n do dec(r);
  while (r + 1) * (r + 1) <= n do inc(r);
  isqrt := r;
end;

var a, b, t, k: int64;
begin
  while not seekeof(input) do
  begin
    read(a, b);
    if a > b then begin t := a; a := b; b := t; end;
    k := b - a;
    if (k + isqrt(5 * k * k)) div 2 = a then writeln(0) else writeln(1);
  end;
end.
