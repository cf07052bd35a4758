#!/usr/bin/env bash
# What a live refresh that adds an interstitial touches, counted rather than
# timed. Such a refresh runs code and data that the plain refreshes before it
# left cold, so its time is mostly cache misses; on a shared machine the same
# build times anywhere from 30 to 55 µs. valgrind's cache simulator counts the
# same work the same way every run: instructions, and the 64-byte lines that
# miss a 1 MB last-level cache (code and data), per refresh adding an
# interstitial. Compare two revisions with it; judge wall time with the
# LiveBenchmarks run side by side.
#
#   Scripts/refresh_footprint.sh [refreshes]    (default 1,500: 10 interstitials)
#
# Needs valgrind (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "refresh_footprint: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
refreshes=${1:-1500}
swift build -c release --product RefreshFootprint >/dev/null
binary="$(swift build -c release --show-bin-path)/RefreshFootprint"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# Caches as on the machines this project measures on: 32 KB L1s, a 1 MB L2;
# hashing seeded the same every run, so tables lay out the same.
report=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=1048576,16,64 \
    --collect-atstart=no --toggle-collect='*refreshAddingInterstitial*' \
    --callgrind-out-file="$out" "$binary" "$refreshes" 2>/dev/null)
adding=${report##* }
[ "$adding" -gt 0 ] || { echo "refresh_footprint: no refresh added an interstitial in $refreshes" >&2; exit 1; }
# The event order of the file's `events:` line: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw.
awk -v adding="$adding" '
    /^events:/ { for (i = 2; i <= NF; i++) column[$i] = i }
    /^(summary|totals):/ { for (i = 2; i <= NF; i++) total[i] = $i }
    END {
        printf "per refresh adding an interstitial (%d of them):\n", adding
        printf "  instructions                   %8.0f\n", total[column["Ir"]] / adding
        printf "  code lines missing a 1 MB cache %7.0f\n", total[column["ILmr"]] / adding
        printf "  data lines missing it (read)    %7.0f\n", total[column["DLmr"]] / adding
        printf "  data lines missing it (written) %7.0f\n", total[column["DLmw"]] / adding
        printf "  all lines missing it            %7.0f\n", (total[column["ILmr"]] + total[column["DLmr"]] + total[column["DLmw"]]) / adding
    }' "$out"
