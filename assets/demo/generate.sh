#!/usr/bin/env bash
# Regenerates the Darefund demo media in this folder (videos, covers, avatars).
#
# Everything is synthesised by ffmpeg's built-in sources (lavfi): no camera
# footage, no stock media, no third-party content. Every random source has a
# fixed seed and the output is written bit-exact, so the same ffmpeg build
# gives byte-identical files on every run.
#
# Requirements (Debian): apt-get install -y ffmpeg fonts-dejavu-core
# Usage:   assets/demo/generate.sh            # rebuild everything
#          assets/demo/generate.sh hot-sauce-tasting avatars   # only some
set -euo pipefail

cd "$(dirname "$0")"

FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
FFMPEG=${FFMPEG:-ffmpeg}
DUR=5          # seconds per clip
FPS=30
COVER_AT=3     # second of the clip used for the cover image
BASE_W=360     # video size (9:16); covers are rendered at 2x
BASE_H=640

command -v "$FFMPEG" >/dev/null || { echo "ffmpeg missing: apt-get install -y ffmpeg" >&2; exit 1; }
[ -r "$FONT" ] || { echo "font missing: apt-get install -y fonts-dejavu-core" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# name|title line 1|title line 2|accent colour|x264 crf
DARES=(
  "ice-bucket-challenge|Ice Bucket|Challenge|0x1e88e5|30"
  "hot-sauce-tasting|Hot Sauce|Tasting|0xd84315|31"
  "100-pushups|100|Push-ups|0x2e7d32|32"
  "sing-in-public|Sing in|Public|0x8e24aa|32"
  "juggling-five-balls|Juggle|Five Balls|0x00897b|30"
  "cold-shower-week|Cold Shower|Week|0x0277bd|32"
  "speed-painting|Speed|Painting|0xc2185b|32"
  "charity-run-10k|Charity|10K Run|0x43a047|31"
  "stand-up-comedy|Stand-up|Open Mic|0xb71c1c|30"
  "backflip-attempt|Backflip|Attempt|0xef6c00|31"
)

# ---------------------------------------------------------------------------
# Audio: quiet generated sound, mono, ends labelled [a].
# pluck F0 NOTE_LEN: a soft plucked pentatonic melody.
pluck() {
  local f0=$1 len=$2 step=$3
  local n="floor(t/$len)" tau="mod(t\,$len)"
  local k="mod($n*$step\,6)"
  local semi="(2*eq($k\,1)+4*eq($k\,2)+7*eq($k\,3)+9*eq($k\,4)+12*eq($k\,5))"
  local f="($f0*pow(2\,$semi/12))"
  echo "aevalsrc=exprs='0.09*(sin(2*PI*$f*$tau)+0.3*sin(4*PI*$f*$tau))*exp(-7*$tau)':s=44100:d=$DUR:c=mono"
}
# hum F0 NOTE_LEN: sung-like sustained notes with vibrato, silent at note edges.
hum() {
  local f0=$1 len=$2
  local n="floor(t/$len)" tau="mod(t\,$len)"
  local k="mod($n*$n+$n\,6)"
  local semi="(2*eq($k\,1)+4*eq($k\,2)+7*eq($k\,3)+9*eq($k\,4)+12*eq($k\,5))"
  local f="($f0*pow(2\,$semi/12))"
  echo "aevalsrc=exprs='0.08*sin(PI*$tau/$len)*(sin(2*PI*$f*$tau+0.8*sin(2*PI*5.5*t))+0.25*sin(4*PI*$f*$tau))':s=44100:d=$DUR:c=mono"
}
noise() { # colour amplitude seed
  echo "anoisesrc=d=$DUR:c=$1:r=44100:a=$2:seed=$3,lowpass=f=3500"
}

audio_for() {
  case $1 in
    ice-bucket-challenge) noise pink 0.05 11 ;;
    hot-sauce-tasting)    pluck 196 0.25 5 ;;
    100-pushups)          pluck 220 0.2 1 ;;
    sing-in-public)       hum 262 0.625 ;;
    juggling-five-balls)  pluck 294 0.2 2 ;;
    cold-shower-week)     noise brown 0.08 6 ;;
    speed-painting)       pluck 330 0.125 5 ;;
    charity-run-10k)      pluck 247 0.25 1 ;;
    stand-up-comedy)      pluck 175 0.5 2 ;;
    backflip-attempt)     pluck 392 0.1667 4 ;;
  esac
}

# ---------------------------------------------------------------------------
# Backgrounds: print a filtergraph fragment producing [bg] at ${W}x${H}.
# S is the scale factor (1 = video, 2 = cover). Expressions use X/W, Y/H so
# the picture is the same at any size.
bg_for() {
  local g="s=${BASE_W}x${BASE_H}:r=$FPS:d=$DUR"
  case $1 in
    ice-bucket-challenge)
      # cool gradient with ice cubes tumbling down
      echo "gradients=$g:c0=0x0d47a1:c1=0x4fc3f7:c2=0xe1f5fe:c3=0x1565c0:n=4:speed=0.04:seed=11,scale=$W:$H[g0];"
      local i x sp
      for i in 0 1 2 3 4 5; do
        echo "color=c=0xe3f2fd@0.75:s=$((34*S))x$((34*S)):r=$FPS:d=$DUR,format=rgba,drawbox=x=$((5*S)):y=$((5*S)):w=$((10*S)):h=$((8*S)):color=white@0.9:t=fill,rotate=a='t*(1.5+0.3*$i)':c=none:ow=$((48*S)):oh=$((48*S))[c$i];"
      done
      local prev=g0
      for i in 0 1 2 3 4 5; do
        x=$(( (20 + i * 57) * S )); sp=$(( (180 + 37 * i) * S ))
        echo "[$prev][c$i]overlay=x='$x+$((12*S))*sin(t*2+$i)':y='mod(t*$sp+$i*$((113*S))\,H+$((60*S)))-$((60*S))'[g$((i+1))];"
        prev=g$((i+1))
      done
      echo "[$prev]null[bg];"
      ;;
    hot-sauce-tasting)
      # fire plasma
      local p="(sin(X/W*9+T*1.7)+sin(Y/H*11-T*1.3)+sin((X/W+Y/H)*7+T)+sin(hypot(X/W-0.5\,(Y/H-0.5)*1.78)*14-T*2.5))"
      local q="(0.5+0.5*sin($p*0.9))"
      echo "nullsrc=$g,geq=r='150+105*$q':g='20+170*$q*$q':b='10+60*pow($q\,4)',format=yuv420p,scale=$W:$H[bg];"
      ;;
    100-pushups)
      echo "life=s=45x80:r=10:ratio=0.12:seed=3:mold=12:life_color=0xb9f6ca:death_color=0x0b3d16:mold_color=0x2e7d32,fps=$FPS,trim=duration=$DUR,scale=$W:$H:flags=neighbor[bg];"
      ;;
    sing-in-public)
      echo "gradients=$g:c0=0x4a148c:c1=0xec407a:c2=0x7c4dff:n=3:speed=0.05:seed=4,scale=$W:$H[g0];"
      echo "[aw]volume=9,showwaves=s=${W}x$((180*S)):mode=cline:rate=$FPS:colors=white@0.85:draw=full,format=rgba[wv];"
      echo "[g0][wv]overlay=x=0:y=H*0.62:shortest=1[bg];"
      ;;
    juggling-five-balls)
      echo "gradients=$g:c0=0x004d40:c1=0x26a69a:c2=0x1a237e:n=3:speed=0.03:seed=5,scale=$W:$H[g0];"
      local cols=(0xff5252 0xffeb3b 0x40c4ff 0x69f0ae 0xff80ab) i r=$((18*S))
      local d=$((2*r))
      for i in 0 1 2 3 4; do
        echo "color=c=${cols[$i]}:s=${d}x${d}:r=$FPS:d=$DUR,format=rgba,geq=r='min(255\,r(X\,Y)*(1.3-hypot(X-$r*0.65\,Y-$r*0.65)/($r*1.6)))':g='min(255\,g(X\,Y)*(1.3-hypot(X-$r*0.65\,Y-$r*0.65)/($r*1.6)))':b='min(255\,b(X\,Y)*(1.3-hypot(X-$r*0.65\,Y-$r*0.65)/($r*1.6)))':a='255*clip($r-0.5-hypot(X-$r+0.5\,Y-$r+0.5)\,0\,1)'[b$i];"
      done
      local prev=g0
      for i in 0 1 2 3 4; do
        # a fountain: each ball rises on one side and falls on the other
        echo "[$prev][b$i]overlay=x='W/2-$r+W*0.3*sin(2*PI*(t*0.7+$i/5))':y='H*0.88-$r-H*0.34*abs(sin(2*PI*(t*0.7+$i/5)))'[g$((i+1))];"
        prev=g$((i+1))
      done
      echo "[$prev]null[bg];"
      ;;
    cold-shower-week)
      # streams of water falling from a shower head
      local col="pow(0.5+0.5*sin(X/W*70+2*sin(X/W*9))\,6)"
      local drop="pow(0.5+0.5*sin(Y/H*24-T*18+X/W*97)\,4)"
      local I="($col*$drop*(0.4+0.6*Y/H))"
      echo "nullsrc=s=$((BASE_W/2))x$((BASE_H/2)):r=$FPS:d=$DUR,geq=r='min(255\,10+20*Y/H+210*$I)':g='min(255\,45+60*Y/H+200*$I)':b='min(255\,100+70*Y/H+150*$I)',format=yuv420p,scale=$W:$H:flags=bicubic[bg];"
      ;;
    speed-painting)
      echo "mandelbrot=s=90x160:r=$FPS:maxiter=300:start_scale=2.2:end_scale=0.5:end_pts=$((DUR*FPS)),trim=duration=$DUR,hue=h='t*70':s=1.2,scale=$W:$H:flags=bicubic,gblur=sigma=$((3*S))[bg];"
      ;;
    charity-run-10k)
      # pseudo-3D road running into a sunset
      local hz=0.42
      local d="(Y/H-$hz)"
      local s="lt(mod(0.3/($d+0.02)+T*5\,1)\,0.5)"
      local road="lt(abs(X/W-0.5)\,$d*0.9)"
      local dash="lt(abs(X/W-0.5)\,$d*0.035)*$s"
      local sun="lt(hypot(X/W-0.5\,(Y/H-0.33)*1.78)\,0.16)"
      local sky_r="if($sun\,255\,235)" sky_g="if($sun\,214\,90+110*Y/H/$hz)" sky_b="if($sun\,90\,160-110*Y/H/$hz)"
      echo "nullsrc=$g,geq=r='if(lt(Y/H\,$hz)\,$sky_r\,if($road\,if($dash\,245\,70+22*$s)\,40+30*$s))':g='if(lt(Y/H\,$hz)\,$sky_g\,if($road\,if($dash\,245\,70+22*$s)\,130+45*$s))':b='if(lt(Y/H\,$hz)\,$sky_b\,if($road\,if($dash\,245\,80+22*$s)\,45+20*$s))',format=yuv420p,scale=$W:$H[bg];"
      ;;
    stand-up-comedy)
      # red stage curtain with a wandering spotlight
      local c="(0.55+0.45*sin(X/W*42+0.7*sin(Y/H*3+T*0.8)))"
      local L="(0.38+1.0*exp(-(pow(X/W-0.5-0.2*sin(T*1.3)\,2)+pow((Y/H-0.62-0.06*sin(T*2.1))*1.0\,2))/0.06))"
      echo "nullsrc=$g,geq=r='min(255\,(190*$c+40)*$L)':g='min(255\,(18*$c+10)*$L+120*pow(max($L-0.8\,0)\,1.5))':b='min(255\,(25*$c+12)*$L+90*pow(max($L-0.8\,0)\,1.5))',format=yuv420p,scale=$W:$H[bg];"
      ;;
    backflip-attempt)
      # spinning comic-book sunburst
      local v="(0.5+0.5*sin(12*atan2(Y/H-0.62\,(X/W-0.5)*0.5625)+T*4))"
      local f="(1-0.45*hypot(X/W-0.5\,(Y/H-0.62)*1.78))"
      echo "nullsrc=$g,geq=r='255*$f':g='(120+110*$v)*$f':b='(30+70*$v)*$f',format=yuv420p,scale=$W:$H[bg];"
      ;;
  esac
}

# Animated caption under the title.
caption_for() {
  case $1 in
    ice-bucket-challenge)
      printf "%s\n" "3...|between(t,0.5,1.2)" "2...|between(t,1.2,1.9)" "1...|between(t,1.9,2.6)" "SPLASH!|gte(t,2.6)" ;;
    hot-sauce-tasting) echo "Heat level %{eif\:min(10,1+floor(t*2.2))\:d}/10|gte(t,0.4)" ;;
    100-pushups)       echo "Rep %{eif\:min(100,floor(t*22))\:d} / 100|gte(t,0.4)" ;;
    sing-in-public)    echo "♪ la la la ♪|gte(t,0.4)" ;;
    juggling-five-balls) echo "Catches %{eif\:floor(t*3.5)\:d}|gte(t,0.4)" ;;
    cold-shower-week)  echo "Day %{eif\:min(7,1+floor(t*1.5))\:d} of 7|gte(t,0.4)" ;;
    speed-painting)    echo "Time left 0\:%{eif\:max(0,60-floor(t*12))\:d\:2}|gte(t,0.4)" ;;
    charity-run-10k)   echo "%{eif\:min(10,floor(t*2.3))\:d} km of 10|gte(t,0.4)" ;;
    stand-up-comedy)   printf "%s\n" "Open mic night|between(t,0.4,3.6)" "ba-dum-tss!|gte(t,3.6)" ;;
    backflip-attempt)  echo "Attempt #%{eif\:1+floor(t*0.8)\:d}|gte(t,0.4)" ;;
  esac
}

# Full filtergraph for one dare. $1 name, $2/$3 title lines, $4 accent, $5 mode (video|cover)
graph_for() {
  local name=$1 l1=$2 l2=$3 accent=$4 mode=$5
  local fs=$((40*S)) pad=$((10*S)) ty="h*0.2"
  if [ "$name" = sing-in-public ]; then
    echo "$(audio_for "$name"),afade=t=in:d=0.15,afade=t=out:st=$((DUR-1)).5:d=0.5,asplit=2[a][aw];"
  else
    echo "$(audio_for "$name"),afade=t=in:d=0.15,afade=t=out:st=$((DUR-1)).5:d=0.5[a];"
  fi
  bg_for "$name"
  printf "[bg]"
  printf "drawtext=fontfile=%s:text='%s':fontsize=%d:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=%d:x='(w-tw)/2+w*pow(max(0\,1-t/0.45)\,3)':y='%s+%d*sin(t*3)'," \
    "$FONT" "$l1" "$fs" "$pad" "$ty" $((4*S))
  printf "drawtext=fontfile=%s:text='%s':fontsize=%d:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=%d:x='(w-tw)/2-w*pow(max(0\,1-(t-0.12)/0.45)\,3)':y='%s+%d+%d*sin(t*3)'," \
    "$FONT" "$l2" "$fs" "$pad" "$ty" $((64*S)) $((4*S))
  local text en
  while IFS='|' read -r text en; do
    printf "drawtext=fontfile=%s:text='%s':fontsize=%d:fontcolor=white:box=1:boxcolor=%s@0.9:boxborderw=%d:x='(w-tw)/2':y='%s+%d':enable='%s'," \
      "$FONT" "$text" $((24*S)) "$accent" $((8*S)) "$ty" $((142*S)) "$en"
  done < <(caption_for "$name")
  echo "format=yuv420p[v]"
  if [ "$mode" = cover ]; then echo ";[a]anullsink"; fi
}

BITEXACT=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1 -map_chapters -1)

make_dare() {
  local name=$1 l1=$2 l2=$3 accent=$4 crf=$5
  echo "== $name"
  # video, 360x640
  S=1 W=$BASE_W H=$BASE_H graph_for "$name" "$l1" "$l2" "$accent" video > "$TMP/$name.video.txt"
  "$FFMPEG" -hide_banner -loglevel error -y -filter_complex_script "$TMP/$name.video.txt" \
    -map '[v]' -map '[a]' -t $DUR -r $FPS \
    -c:v libx264 -preset slow -crf "$crf" -profile:v main -level:v 3.0 -pix_fmt yuv420p \
    -g $((2*FPS)) -maxrate 380k -bufsize 760k \
    -c:a aac -b:a 48k -ar 44100 -ac 1 \
    -movflags +faststart "${BITEXACT[@]}" "$name.mp4"
  # cover, 720x1280, same scene rendered at 2x at COVER_AT seconds
  S=2 W=$((2*BASE_W)) H=$((2*BASE_H)) graph_for "$name" "$l1" "$l2" "$accent" cover > "$TMP/$name.cover.txt"
  "$FFMPEG" -hide_banner -loglevel error -y -filter_complex_script "$TMP/$name.cover.txt" \
    -map '[v]' -ss $COVER_AT -frames:v 1 -update 1 -pix_fmt yuvj420p -q:v 6 "${BITEXACT[@]}" "$name.jpg"
}

# name|letter|colour a|colour b — letters are the demo users' initials (src/server/seed/demo-data.ts)
AVATARS=(
  "avatar-1|M|0xff6f00|0xd81b60"
  "avatar-2|L|0x00c853|0x00838f"
  "avatar-3|S|0x6200ea|0x2962ff"
  "avatar-4|A|0xffd600|0xff3d00"
  "avatar-5|K|0x00b8d4|0x7c4dff"
  "avatar-6|N|0xc51162|0x4a148c"
)

make_avatar() {
  local name=$1 letter=$2 c0=$3 c1=$4
  echo "== $name"
  "$FFMPEG" -hide_banner -loglevel error -y -f lavfi \
    -i "gradients=s=256x256:c0=$c0:c1=$c1:x0=0:y0=0:x1=256:y1=256:d=1:r=1:seed=1,drawtext=fontfile=$FONT:text='$letter':fontsize=150:fontcolor=white:shadowcolor=black@0.35:shadowx=4:shadowy=4:x=(w-tw)/2:y=(h-th)/2" \
    -frames:v 1 -update 1 -pix_fmt yuvj420p -q:v 5 "${BITEXACT[@]}" "$name.jpg"
}

want() { # no arguments = everything
  [ ${#ONLY[@]} -eq 0 ] && return 0
  local x; for x in "${ONLY[@]}"; do [ "$x" = "$1" ] && return 0; done; return 1
}
ONLY=("$@")

for d in "${DARES[@]}"; do
  IFS='|' read -r name l1 l2 accent crf <<<"$d"
  want "$name" && make_dare "$name" "$l1" "$l2" "$accent" "$crf"
done
for a in "${AVATARS[@]}"; do
  IFS='|' read -r name letter c0 c1 <<<"$a"
  { want "$name" || want avatars; } && make_avatar "$name" "$letter" "$c0" "$c1"
done
echo "done"
