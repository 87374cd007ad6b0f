/** Spec section 9: five thumbnails for a proof (six for a pitch). */
export const PROOF_THUMBNAIL_COUNT = 5;
/**
 * A recorded proof stops itself after this long. The spec sets no length for proofs, only
 * 100 MB; a minute of phone video stays well under it.
 */
export const PROOF_RECORDING_SECONDS = 60;
