// Off by one at the top: the table stops at F45 = 1134903170, so n = F46 = 1836311903 (< 2^31) is missed.
#include <cstdio>
long long f[45];
int main() {
    f[0] = 1;
    f[1] = 2;
    for (int i = 2; i < 44; i++) f[i] = f[i - 1] + f[i - 2];
    long long n;
    while (scanf("%lld", &n) == 1 && n != 0) {
        bool lose = false;
        for (int i = 0; i < 44; i++)
            if (f[i] == n) lose = true;
        printf("%s\n", lose ? "Second win" : "First win");
    }
}
