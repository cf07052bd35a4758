#!/usr/bin/env bash
# The release build of adplay, as it is measured and shipped; prints the binary's path.
#
# On Linux the Swift runtime and Foundation are linked in (--static-swift-stdlib), so the loader
# opens four system libraries instead of about twenty, and the executable is position-dependent
# (-no-pie), so the loader applies no relocations to its 80,000 pointers at every start. Network
# commands load libcurl on their first request. Together: 5-6 ms to start, where a default
# release build takes 17-19 ms. Elsewhere it is a plain release build.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release --product adplay)
if [ "$(uname -s)" = Linux ]; then
    flags+=(--static-swift-stdlib -Xswiftc -Xclang-linker -Xswiftc -no-pie)
fi
swift build "${flags[@]}" >&2
echo "$(swift build "${flags[@]}" --show-bin-path)/adplay"
