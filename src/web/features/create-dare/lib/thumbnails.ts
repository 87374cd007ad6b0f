import { PITCH_THUMBNAIL_COUNT, thumbnailTimes } from './thumbnail-times';

/** Spec section 9: when frames cannot be produced in 10 s, one frame is repeated instead. */
const THUMBNAIL_TIMEOUT_MS = 10_000;
const MAX_EDGE_PX = 720;

export function once(target: HTMLVideoElement, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = () => {
      target.removeEventListener('error', fail);
      resolve();
    };
    const fail = () => {
      target.removeEventListener(event, ok);
      reject(new Error('The video could not be read'));
    };
    target.addEventListener(event, ok, { once: true });
    target.addEventListener('error', fail, { once: true });
  });
}

async function seek(video: HTMLVideoElement, time: number) {
  const seeked = once(video, 'seeked');
  video.currentTime = time;
  await seeked;
}

/**
 * MediaRecorder's WebM files carry no duration, so the element reports Infinity until it
 * has been seeked past the end; the recording's measured length is the fallback.
 */
export async function knownDuration(video: HTMLVideoElement, hint?: number): Promise<number> {
  if (Number.isFinite(video.duration)) return video.duration;
  await Promise.race([seek(video, 1e101), new Promise((resolve) => setTimeout(resolve, 2000))]);
  if (Number.isFinite(video.duration) && video.duration > 0) return video.duration;
  return hint ?? 0;
}

function drawFrame(video: HTMLVideoElement): Promise<Blob> {
  const scale = Math.min(1, MAX_EDGE_PX / Math.max(video.videoWidth, video.videoHeight, 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
  canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
  const context = canvas.getContext('2d');
  if (!context || video.videoWidth === 0) return Promise.reject(new Error('No frame to draw'));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('No frame to draw'))),
      'image/jpeg',
      0.85,
    ),
  );
}

/**
 * JPEG frames at evenly spaced times of a clip (a blob: or same-origin URL). Frames are
 * collected as they come so that a timeout can still fall back to repeating the first one.
 */
export async function generateThumbnails(
  src: string,
  { count = PITCH_THUMBNAIL_COUNT, durationHint }: { count?: number; durationHint?: number } = {},
): Promise<Blob[]> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  const frames: Blob[] = [];
  let timedOut = false;

  const collect = async () => {
    const loaded = once(video, 'loadeddata');
    video.src = src;
    await loaded;
    const duration = await knownDuration(video, durationHint);
    for (const time of thumbnailTimes(duration, count)) {
      if (timedOut) return;
      await seek(video, time);
      frames.push(await drawFrame(video));
    }
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      timedOut = true;
      resolve();
    }, THUMBNAIL_TIMEOUT_MS);
  });
  try {
    // A failed seek midway still leaves earlier frames to fall back on.
    await Promise.race([collect().catch(() => undefined), timeout]);
    if (frames.length < count) {
      const first = frames[0] ?? (await drawFrame(video));
      while (frames.length < count) frames.push(first);
    }
    return frames.slice(0, count);
  } finally {
    clearTimeout(timer);
    video.removeAttribute('src');
    video.load();
  }
}
