#!/usr/bin/env bash
# The whole test suite, real-player tests included, then the documentation. mpv and ffmpeg are
# installed with apt-get when they are missing (Debian, Ubuntu); elsewhere
# install them first (macOS: brew install mpv ffmpeg).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v mpv >/dev/null || ! command -v ffmpeg >/dev/null; then
    if command -v apt-get >/dev/null; then
        sudo=""
        if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends mpv ffmpeg
    else
        echo "The real-player tests need mpv and ffmpeg: install them (macOS: brew install mpv ffmpeg) and run this again." >&2
        exit 1
    fi
fi
# Here a real-player test that cannot run fails; plain `swift test` skips it with a line saying why.
ADPLAY_REAL_PLAYER=required swift test
# The documentation builds without a warning.
bash Scripts/docs.sh
