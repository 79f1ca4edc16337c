-- POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi),
-- k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) // 2 in 64-bit integers.
local function isqrt(n)
  local r = math.floor(math.sqrt(n))
  while r * r > n do r = r - 1 end
  while (r + 1) * (r + 1) <= n do r = r + 1 end
  return r
end

local out = {}
local data = io.read("a")
local v = {}
for w in data:gmatch("%d+") do v[#v + 1] = math.tointeger(tonumber(w)) end
for i = 1, #v - 1, 2 do
  local a, b = math.min(v[i], v[i + 1]), math.max(v[i], v[i + 1])
  local k = b - a
  out[#out + 1] = ((k + isqrt(5 * k * k)) // 2 == a) and "0\n" or "1\n"
end
io.write(table.concat(out))
