-- POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi),
-- k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) / 2 in integers.
import qualified Data.ByteString.Char8 as B
import Data.Maybe (mapMaybe)

isqrt :: Integer -> Integer
isqrt n = down (floor (sqrt (fromIntegral n :: Double)))
  where
    down r | r * r > n = down (r - 1)
           | otherwise = up r
    up r | (r + 1) * (r + 1) <= n = up (r + 1)
         | otherwise = r

answer :: Integer -> Integer -> Char
answer x y = if (k + isqrt (5 * k * k)) `div` 2 == a then '0' else '1'
  where
    a = min x y
    k = max x y - a

pairs :: [Integer] -> [(Integer, Integer)]
pairs (x : y : rest) = (x, y) : pairs rest
pairs _ = []

main :: IO ()
main = do
  s <- B.getContents
  let v = map (fromIntegral . fst) (mapMaybe B.readInt (B.words s))
  B.putStr (B.pack (concatMap (\(x, y) -> [answer x y, '\n']) (pairs v)))
