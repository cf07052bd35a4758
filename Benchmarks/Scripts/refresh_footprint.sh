#!/usr/bin/env bash
# What a live refresh that adds an interstitial touches, counted rather than
# timed.
#
# Every refresh touches lines of code and data that the last one's 600 KB
# body pushed out of the core's caches; a plain refresh finds them again in
# the shared cache, as the refresh a second before used them. A refresh
# adding an interstitial also runs code and data that no refresh has used
# for minutes (the date-range, opportunity, reporter, resolver and timeline
# paths), which come from memory. Its time is mostly those lines, and it
# swings with whatever else the machine runs: the same build times anywhere
# from 30 to 55 us. valgrind's cache simulator counts the same work the
# same way every run.
#
# Printed per refresh, for a refresh adding an interstitial and for one
# adding a segment only: instructions, and the 64-byte lines that miss a
# 1 MB cache (code, data read, data written). Their difference is what the
# interstitial's path adds: the lines that cost the most. Compare two
# revisions with it; judge wall time with the LiveBenchmarks run.
#
#   Scripts/refresh_footprint.sh [refreshes]    (default 1,500: 10 interstitials)
#
# Needs valgrind (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "refresh_footprint: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
refreshes=${1:-1500}
# The build's output only when it fails (the compiler writes errors to stdout).
if ! built=$(swift build -c release --product RefreshFootprint 2>&1); then
    echo "$built" >&2
    echo "refresh_footprint: the RefreshFootprint build failed" >&2
    exit 1
fi
binary="$(swift build -c release --show-bin-path)/RefreshFootprint"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Counts the refreshes run by function $1 into $work/$2.out and prints the
# run's line (its last two words are the counts of each kind).
count() {
    # Caches as on the machines this project measures on: 32 KB L1s, a 1 MB
    # L2; hashing seeded the same every run, so tables lay out the same.
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --cache-sim=yes \
        --I1=32768,8,64 --D1=32768,8,64 --LL=1048576,16,64 \
        --collect-atstart=no --toggle-collect="*$1*" \
        --callgrind-out-file="$work/$2.out" "$binary" "$refreshes" 2>/dev/null
}
counts=$(count refreshAddingInterstitial adding)
count refreshAddingSegment plain >/dev/null
read -r adding plain <<<"$(echo "$counts" | awk '{ print $(NF - 1), $NF }')"
[ "$adding" -gt 0 ] || { echo "refresh_footprint: no refresh added an interstitial in $refreshes" >&2; exit 1; }

# Each file's totals, in the order of its `events:` line.
awk -v adding="$adding" -v plain="$plain" '
    FNR == 1 { file++ }
    /^events:/ { for (i = 2; i <= NF; i++) column[file, $i] = i }
    /^(summary|totals):/ { for (i = 2; i <= NF; i++) total[file, i] = $i }
    function per(f, name, count) { return total[f, column[f, name]] / count }
    function row(label, name,    a, p) {
        a = per(1, name, adding); p = per(2, name, plain)
        printf "%-34s %12.0f %12.0f %12.0f\n", label, a, p, a - p
    }
    END {
        printf "per refresh (%d adding an interstitial, %d a segment only)\n", adding, plain
        printf "%-34s %12s %12s %12s\n", "", "interstitial", "segment", "difference"
        row("instructions", "Ir")
        row("code lines missing a 1 MB cache", "ILmr")
        row("data lines missing it, read", "DLmr")
        row("data lines missing it, written", "DLmw")
        a = per(1, "ILmr", adding) + per(1, "DLmr", adding) + per(1, "DLmw", adding)
        p = per(2, "ILmr", plain) + per(2, "DLmr", plain) + per(2, "DLmw", plain)
        printf "%-34s %12.0f %12.0f %12.0f\n", "all lines missing it", a, p, a - p
    }' "$work/adding.out" "$work/plain.out"
