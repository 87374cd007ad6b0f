#!/usr/bin/env bash
# Renders the installable app's icons (public/icons/*.png, committed) from the brand mark:
#   icon-192.png, icon-512.png                  purpose 'any': src/web/assets/favicon.svg as is
#   icon-maskable-192.png, icon-maskable-512.png purpose 'maskable': icon-maskable.svg, the same
#                                               mark on a full-bleed square, inside the inner 80%
#                                               circle that every mask shape keeps
#   apple-touch-icon.png                        180 px, opaque (iOS rounds the corners itself)
#
# Requirements: ffmpeg built with librsvg (Debian's is).   Usage: assets/app-icons/generate.sh
set -euo pipefail

cd "$(dirname "$0")"
FFMPEG=${FFMPEG:-ffmpeg}
OUT=../../public/icons
mkdir -p "$OUT"

# render <svg> <size> <pixel format> <png>: rasterised at the final size, not scaled up.
render() {
  "$FFMPEG" -hide_banner -loglevel error -y -width "$2" -height "$2" -i "$1" \
    -frames:v 1 -pix_fmt "$3" -bitexact "$4"
}

for size in 192 512; do
  render ../../src/web/assets/favicon.svg "$size" rgba "$OUT/icon-$size.png"
  render icon-maskable.svg "$size" rgb24 "$OUT/icon-maskable-$size.png"
done
render icon-maskable.svg 180 rgb24 "$OUT/apple-touch-icon.png"
