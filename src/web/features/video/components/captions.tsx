import { cn } from '@/web/lib/cn';
import { toggleCaptions, useCaptionsOn } from '../hooks/use-captions';

/**
 * The captions of a pitch or proof (WebVTT, item 35), inside its <video>. Shown or hidden
 * by useCaptionsTrack; `default` lets the browser show them at once when they are on.
 */
export function CaptionsTrack({ src }: { src: string }) {
  return <track kind="captions" src={src} srcLang="en" label="English" default={useCaptionsOn()} />;
}

/**
 * The visible CC button of a player whose video has captions: a toggle (aria-pressed) with
 * a 44 px target, reached by Tab like any button.
 */
export function CaptionsToggle({ className, tabIndex }: { className?: string; tabIndex?: number }) {
  const on = useCaptionsOn();
  return (
    <button
      type="button"
      aria-pressed={on}
      tabIndex={tabIndex}
      onClick={toggleCaptions}
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'rounded-md border-2 px-1.5 py-0.5 text-xs leading-none font-bold',
          on ? 'border-white bg-white text-black' : 'border-current bg-black/40',
        )}
      >
        CC
      </span>
      <span className="sr-only">CC captions</span>
    </button>
  );
}
