import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '@/web/lib/stored-setting';

/**
 * Captions on or off (issue 19 item 35): one choice for every player, kept like the sound
 * setting, so turning them on once shows them on the next video too. Off until chosen.
 */
const CAPTIONS_KEY = 'captionsOn';

let on: boolean | null = null;
const listeners = new Set<() => void>();
const current = () => {
  on ??= readStorage(CAPTIONS_KEY) === 'true';
  return on;
};

export function toggleCaptions() {
  on = !current();
  writeStorage(CAPTIONS_KEY, String(on));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCaptionsOn(): boolean {
  return useSyncExternalStore(subscribe, current, current);
}

/** The words of the cues on screen now, without their markup (<v Name>, <b>...). */
const activeText = (track: TextTrack) =>
  Array.from(track.activeCues ?? [])
    .map((cue) => (cue instanceof VTTCue ? (cue.getCueAsHTML().textContent ?? '') : ''))
    .filter(Boolean)
    .join('\n');

/**
 * Shows or hides the captions track of `video` (its first text track) as the setting says.
 * Off is `disabled` rather than `hidden`: a track nobody reads is not even downloaded.
 * `drawn`: the screen draws the cues itself (the feed, whose cropped video would crop the
 * browser's captions too): the track is `hidden` when on and the current text is returned.
 */
export function useCaptionsTrack(
  video: RefObject<HTMLVideoElement | null>,
  captions: string | null,
  { drawn = false } = {},
): string {
  const showing = useCaptionsOn();
  const [text, setText] = useState('');
  useEffect(() => {
    const track = captions ? video.current?.textTracks[0] : undefined;
    if (!track) return;
    if (!showing) track.mode = 'disabled';
    else track.mode = drawn ? 'hidden' : 'showing';
    if (!drawn || !showing) return;
    const update = () => setText(activeText(track));
    update();
    track.addEventListener('cuechange', update);
    return () => {
      track.removeEventListener('cuechange', update);
      setText('');
    };
  }, [video, captions, showing, drawn]);
  return text;
}
