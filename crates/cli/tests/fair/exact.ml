(* POJ 1067 exactly: (a, b) with a <= b is losing iff a = floor(k*phi),
   k = b - a, and floor(k*phi) = (k + isqrt(5k^2)) / 2, in Int64 (5k^2 is
   beyond OCaml's 63-bit int). *)
let isqrt n =
  let r = ref (Int64.of_float (sqrt (Int64.to_float n))) in
  while Int64.mul !r !r > n do r := Int64.pred !r done;
  while Int64.mul (Int64.succ !r) (Int64.succ !r) <= n do r := Int64.succ !r done;
  !r

let () =
  let out = Buffer.create 65536 in
  (try
     while true do
       Scanf.scanf " %Ld %Ld" (fun x y ->
           let a = min x y and b = max x y in
           let k = Int64.sub b a in
           let f = Int64.div (Int64.add k (isqrt (Int64.mul 5L (Int64.mul k k)))) 2L in
           Buffer.add_string out (if f = a then "0\n" else "1\n"))
     done
   with End_of_file | Scanf.Scan_failure _ -> ());
  print_string (Buffer.contents out)
