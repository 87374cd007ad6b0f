import { isServerVideoUrl } from '@/contracts/dare-values';
import type { DareView } from '@/contracts/dares';

export { darePosterUrl } from '@/domain/dare-poster';

/**
 * The video a dare plays: its proof when there is one still standing (under vote or
 * approved), otherwise the pitch. Null when neither is a real server address.
 */
export function dareVideoUrl(dare: Pick<DareView, 'submission' | 'pitchVideo'>): string | null {
  const proof = dare.submission;
  if (proof && proof.status !== 'rejected' && isServerVideoUrl(proof.videoUrl)) {
    return proof.videoUrl;
  }
  return isServerVideoUrl(dare.pitchVideo) ? dare.pitchVideo : null;
}

/** The captions of the video dareVideoUrl picks (the proof's or the pitch's), or null. */
export function dareCaptionsUrl(
  dare: Pick<DareView, 'submission' | 'pitchVideo' | 'pitchCaptions'>,
): string | null {
  const video = dareVideoUrl(dare);
  if (!video) return null;
  return video === dare.submission?.videoUrl ? dare.submission.captionsUrl : dare.pitchCaptions;
}

/** The completion video of a completed dare (its approved proof). */
export function completionVideoUrl(dare: Pick<DareView, 'status' | 'submission'>): string | null {
  const proof = dare.submission;
  if (dare.status !== 'completed' || proof?.status !== 'approved') return null;
  return isServerVideoUrl(proof.videoUrl) ? proof.videoUrl : null;
}

/** The proof under vote of a dare in verification ('Watch Proof'). */
export function proofVideoUrl(dare: Pick<DareView, 'status' | 'submission'>): string | null {
  const proof = dare.submission;
  if (dare.status !== 'verification' || proof?.status !== 'pending') return null;
  return isServerVideoUrl(proof.videoUrl) ? proof.videoUrl : null;
}

export function dareUrl(id: number): string {
  return `${window.location.origin}/dares/${id}`;
}
