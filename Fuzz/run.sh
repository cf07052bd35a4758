#!/usr/bin/env bash
# Fuzzes one target with libFuzzer for N seconds (default 60):
#   Fuzz/run.sh scenario [seconds]   the scenario reader and runner
#   Fuzz/run.sh scte35 [seconds]     the SCTE-35 decoder, encoder and renderers
#   Fuzz/run.sh hls [seconds]        the HLS playlist parser and live refresh
#   Fuzz/run.sh live [seconds]       live following into a session: playlist sequences, refresh by refresh
#   Fuzz/run.sh vast [seconds]       the XML reader and the VAST and VMAP parsers
#   Fuzz/run.sh ssai [seconds]       SSAI tracking and session-start answers, the ledger, avails as breaks
# The working corpus grows in Fuzz/.corpus/<target>; the committed seeds are in Fuzz/Corpus/<target>.
# After a change to a library type's stored properties, delete Fuzz/.build first: an incremental
# build can keep a harness compiled against the old layout, and the sanitizer then reports an
# overflow that is not in the code.
set -euo pipefail
cd "$(dirname "$0")"
case "${1:-}" in
    scenario) product=ScenarioFuzzer seeds=Corpus/Scenario max_len=4096 ;;
    scte35) product=SCTE35Fuzzer seeds=Corpus/SCTE35 max_len=4200 ;;
    hls) product=HLSFuzzer seeds=Corpus/HLS max_len=16384 ;;
    live) product=LiveFuzzer seeds=Corpus/Live max_len=65536 ;;
    vast) product=VASTFuzzer seeds=Corpus/VAST max_len=16384 ;;
    ssai) product=SSAIFuzzer seeds=Corpus/SSAI max_len=16384 ;;
    *) echo "usage: Fuzz/run.sh scenario|scte35|hls|live|vast|ssai [seconds]" >&2; exit 2 ;;
esac
# libFuzzer reports a crash with its own stack trace; the Swift runtime's backtracer,
# on top of it, can hold the crashed process for minutes.
export SWIFT_BACKTRACE=enable=no
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
swift build "${flags[@]}" --product "$product"
corpus=".corpus/$1"
mkdir -p "$corpus"
cp -n "$seeds"/* "$corpus"/ 2>/dev/null || true
"$(swift build "${flags[@]}" --show-bin-path)/$product" "$corpus" -max_total_time="${2:-60}" -max_len="$max_len" -timeout=10
