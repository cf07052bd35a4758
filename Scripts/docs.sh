#!/usr/bin/env bash
# The documentation: the DocC catalogue (Sources/AdPlaybackKit/AdPlaybackKit.docc, whose
# articles are the files in Docs/) and the reference of every library module, combined so
# that links between modules resolve. Any DocC warning (a broken symbol link, an
# undocumented parameter) fails it. The archive is written to
# .build/plugins/Swift-DocC/outputs/AdPlaybackKit.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=()
for module in Sources/*/; do
    module=$(basename "$module")
    [ "$module" = adplay ] && continue   # the executable: its reference is its --help
    ls "Sources/$module"/*.swift >/dev/null 2>&1 || continue   # C shims (CCurl): documented in their headers
    targets+=(--target "$module")
done
swift package generate-documentation --enable-experimental-combined-documentation --warnings-as-errors "${targets[@]}"
