import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '@/web/lib/stored-setting';
import {
  AUDIO_MUTED_KEY,
  AUDIO_VOLUME_KEY,
  clampVolume,
  parseStoredMuted,
  parseStoredVolume,
} from '../utils/audio';

export interface AudioSettings {
  /** The viewer's choice, kept in localStorage and shared by every video. */
  muted: boolean;
  volume: number;
  /**
   * The browser refused to start a video with sound before any user gesture; videos play
   * muted until the viewer taps, whatever `muted` says.
   */
  autoplayBlocked: boolean;
}

let state: AudioSettings | null = null;
const listeners = new Set<() => void>();

function current(): AudioSettings {
  state ??= {
    muted: parseStoredMuted(readStorage(AUDIO_MUTED_KEY)),
    volume: parseStoredVolume(readStorage(AUDIO_VOLUME_KEY)),
    autoplayBlocked: false,
  };
  return state;
}

function update(patch: Partial<AudioSettings>) {
  state = { ...current(), ...patch };
  for (const listener of listeners) listener();
}

export function setMuted(muted: boolean) {
  writeStorage(AUDIO_MUTED_KEY, String(muted));
  // Choosing sound is a user gesture, so the browser now lets videos play unmuted.
  update({ muted, autoplayBlocked: false });
}

/** What a tap on a video does: turns sound on after a blocked autoplay, else flips mute. */
export function toggleMuted() {
  const { muted, autoplayBlocked } = current();
  setMuted(autoplayBlocked ? false : !muted);
}

export function setVolume(volume: number) {
  const next = clampVolume(volume);
  writeStorage(AUDIO_VOLUME_KEY, String(next));
  update({ volume: next });
}

export function markAutoplayBlocked() {
  if (!current().autoplayBlocked) update({ autoplayBlocked: true });
}

/** Whether videos should be silent right now. */
export function isEffectivelyMuted(settings: AudioSettings): boolean {
  return settings.muted || settings.autoplayBlocked;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUDIO_MUTED_KEY && event.key !== AUDIO_VOLUME_KEY) return;
    // Another tab changed the setting: follow it.
    update({
      muted: parseStoredMuted(readStorage(AUDIO_MUTED_KEY)),
      volume: parseStoredVolume(readStorage(AUDIO_VOLUME_KEY)),
    });
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAudioSettings(): AudioSettings {
  return useSyncExternalStore(subscribe, current, current);
}
