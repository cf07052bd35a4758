#!/usr/bin/env bash
# Fuzzes the scenario reader and runner with libFuzzer for N seconds (default 60).
set -euo pipefail
cd "$(dirname "$0")"
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
swift build "${flags[@]}" --product ScenarioFuzzer
mkdir -p .corpus
cp -n Corpus/* .corpus/ 2>/dev/null || true
"$(swift build "${flags[@]}" --show-bin-path)/ScenarioFuzzer" .corpus -max_total_time="${1:-60}" -max_len=4096 -timeout=10
