# POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi),
# k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) / 2 in integers.
t = $stdin.read.split.map(&:to_i)
out = []
t.each_slice(2) do |x, y|
  next if y.nil?
  a, b = [x, y].minmax
  k = b - a
  out << ((k + Integer.sqrt(5 * k * k)) / 2 == a ? "0" : "1")
end
$stdout.write(out.map { |s| s + "\n" }.join)
