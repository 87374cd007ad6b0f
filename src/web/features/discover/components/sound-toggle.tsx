import { Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  isEffectivelyMuted,
  setMuted,
  useAudioSettings,
} from '@/web/features/video/hooks/use-audio-settings';

const LABEL_MS = 1500;

/** Mutes or unmutes every video (kept in localStorage), with a brief "Sound muted/on" label. */
export function SoundToggle() {
  const audio = useAudioSettings();
  const muted = isEffectivelyMuted(audio);
  const [label, setLabel] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const toggle = () => {
    const next = !muted;
    setMuted(next);
    setLabel(next ? 'Sound muted' : 'Sound on');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLabel(null), LABEL_MS);
  };

  return (
    <div className="relative flex items-center">
      <span
        role="status"
        className="pointer-events-none absolute top-full right-0 mt-1 rounded-full bg-black/70 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-white empty:hidden"
      >
        {label}
      </span>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={muted}
        aria-label="Mute sound"
        className="flex size-10 items-center justify-center rounded-full text-white hover:bg-white/15"
      >
        {muted ? (
          <VolumeX className="size-6" aria-hidden="true" />
        ) : (
          <Volume2 className="size-6" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}
