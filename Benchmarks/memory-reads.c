// What one random read of memory costs on this machine: the floor under the visited set's
// lookups (Benchmarks/NOTES.md, "The four-session run after rules v3"). Built and run by
// Benchmarks/memory.sh with the toolchain's clang.
//
//   memory-reads MIB HUGE MODE
//
// MIB: the size of the array read. HUGE: 1 to ask for huge pages (MADV_HUGEPAGE), 0 to forbid
// them. MODE: "chain", each read's address taken from the last read (the latency of one miss);
// "independent", reads at random lines with a prefetch 16 reads ahead, as the visited set's
// lookups are (the throughput); "sorted", the same reads in batches of 875 (about a shard's share
// of one part), each batch sorted by address before it is read. One 8-byte word per 64-byte line.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint64_t next_random(uint64_t *x) {
  *x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
  return *x >> 20;
}

static int by_value(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: memory-reads MIB HUGE chain|independent|sorted\n");
    return 2;
  }
  size_t bytes = (size_t)atol(argv[1]) << 20;
  int huge = atoi(argv[2]);
  const char *mode = argv[3];
  size_t lines = bytes / 64;
  uint64_t *a;
  if (lines < 2 || posix_memalign((void **)&a, 2 << 20, bytes) != 0) return 1;
  madvise(a, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
  // Every line written first, so that every page is in place before the reads are timed.
  for (size_t i = 0; i < lines; i++) a[i * 8] = i;
  size_t reads = 20000000;
  uint64_t x = 1, sum = 0;
  double seconds = 0;
  if (strcmp(mode, "chain") == 0) {
    // One cycle through every line in random order.
    uint64_t *order = malloc(lines * 8);
    for (size_t i = 0; i < lines; i++) order[i] = i;
    for (size_t i = lines - 1; i > 0; i--) {
      size_t j = next_random(&x) % (i + 1);
      uint64_t t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (size_t i = 0; i < lines; i++) a[order[i] * 8] = order[(i + 1) % lines] * 8;
    free(order);
    double start = now();
    uint64_t p = 0;
    for (size_t i = 0; i < reads; i++) p = a[p];
    seconds = now() - start;
    sum = p;
  } else {
    int sorted = strcmp(mode, "sorted") == 0;
    if (!sorted && strcmp(mode, "independent") != 0) return 2;
    size_t batch = 875;
    uint64_t *at = malloc(batch * 8);
    for (size_t done = 0; done < reads; done += batch) {
      for (size_t i = 0; i < batch; i++) at[i] = next_random(&x) % lines * 8;
      if (sorted) qsort(at, batch, 8, by_value);
      double start = now();
      for (size_t i = 0; i < batch; i++) {
        if (i + 16 < batch) __builtin_prefetch(&a[at[i + 16]]);
        sum += a[at[i]];
      }
      seconds += now() - start;
    }
    free(at);
  }
  printf("%zu MiB, huge pages %s, %s: %.1f ns a read (%llu)\n", bytes >> 20, huge ? "asked" : "off",
    mode, seconds / reads * 1e9, (unsigned long long)sum);
  return 0;
}
