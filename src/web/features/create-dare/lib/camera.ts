/** Front camera, portrait: pitches are vertical short videos. Ideal values never fail. */
const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  facingMode: 'user',
  width: { ideal: 720 },
  height: { ideal: 1280 },
  aspectRatio: { ideal: 9 / 16 },
  frameRate: { ideal: 30 },
};

/**
 * Camera and microphone for a pitch. A device without a microphone still gets a silent
 * recording rather than none; a refused permission is final and not retried.
 */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new DOMException('This browser cannot use a camera', 'NotSupportedError');
  }
  try {
    return await navigator.mediaDevices.getUserMedia({ video: VIDEO_CONSTRAINTS, audio: true });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError') throw error;
    return navigator.mediaDevices.getUserMedia({ video: VIDEO_CONSTRAINTS, audio: false });
  }
}

/** Turns the camera light off: every track must be stopped, not just the element detached. */
export function stopStream(stream: MediaStream | null | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Camera access was blocked — you can choose a video file instead';
  }
  return 'Camera not available — you can choose a video file instead';
}
