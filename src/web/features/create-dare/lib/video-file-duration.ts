import { knownDuration, once } from './thumbnails';

/** Reading a file's metadata is quick; a browser that cannot should not hold the form. */
const METADATA_TIMEOUT_MS = 5000;

/**
 * The length in seconds of a chosen video file, from its metadata as a <video> reads it
 * (issue 19 item 23: a pitch is checked before it is uploaded). Null when this browser cannot
 * tell (a format it does not play, or no answer in time): the server measures it too.
 */
export async function videoFileDuration(file: Blob): Promise<number | null> {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'metadata';
  const url = URL.createObjectURL(file);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const loaded = once(video, 'loadedmetadata').then(() => true);
    video.src = url;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), METADATA_TIMEOUT_MS);
    });
    if (!(await Promise.race([loaded, timeout]))) return null;
    const seconds = await knownDuration(video);
    return seconds > 0 ? seconds : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
