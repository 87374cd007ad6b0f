/**
 * Every business constant of the product in one place (spec section 9, DESIGN.md).
 * Money constants are in integer cents; the API speaks dollars (see money.ts).
 */
export const PRODUCT_NAME = 'Darefund';

export const MIN_PLEDGE_CENTS = 500;
export const MIN_DARE_TARGET_CENTS = 500;
export const PUBLIC_DARE_FUNDING_CENTS = 500;
export const QUICK_PLEDGE_CENTS = 1000;
export const DARE_REQUEST_MIN_TARGET_CENTS = 100;
export const DARE_REQUEST_DEFAULT_TARGET_DOLLARS = 5;
export const PLEDGE_PRESETS_DOLLARS = [5, 10, 20, 50, 100] as const;

export const TITLE_MIN = 3;
export const TITLE_MAX = 50;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 500;
export const BIO_MAX = 150;
export const DISPLAY_NAME_MAX = 50;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 6;
/** Long passphrases are welcome, but unbounded input to a slow hash is a DoS vector. */
export const PASSWORD_MAX = 128;

export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const PITCH_VIDEO_SECONDS = 15;
/**
 * The largest clip POST /api/videos/upload-base64 takes (decoded). It carries the recorded
 * 15 s pitch: MediaRecorder defaults to about 2.5 Mbit/s and phones at 1080p/4K record up
 * to about 20 Mbit/s, so 15 s x 20 Mbit/s = 37.5 MB, rounded up to 40 MB. Larger files go
 * through the multipart upload (VIDEO_MAX_BYTES), which costs no base64 overhead.
 */
export const BASE64_VIDEO_MAX_BYTES = 40 * 1024 * 1024;
/**
 * Uploads one person may have in flight at once (each holds a socket, a spool file and
 * maybe an ffmpeg run), and the total per server instance.
 */
export const UPLOADS_IN_FLIGHT_PER_USER = 2;
export const UPLOADS_IN_FLIGHT_PER_INSTANCE = 8;

export const FUNDING_DURATIONS_DAYS = [3, 7, 14, 30] as const;
export const DEFAULT_FUNDING_DURATION_DAYS = 3;

export const VOTING_WINDOW_HOURS = 24;

/**
 * A pending pledge whose payment intent is this old is settled against the gateway by the
 * reconcile job (a crash between the authorization and its counting leaves such pledges).
 * Younger ones are left to the client's own flow and the webhook.
 */
export const PENDING_PLEDGE_RECONCILE_MINUTES = 5;
/** A pending pledge whose card was never authorized is released (its intent cancelled) after this. */
export const ABANDONED_PLEDGE_EXPIRY_HOURS = 24;
export const MIN_VOTES = 5;

/** Sessions (DESIGN.md section 3). */
export const REMEMBER_ME_DAYS = 60;
export const SESSION_IDLE_HOURS = 24;

/** Login throttling: failures allowed before each attempt must wait, and the longest wait. */
export const LOGIN_FREE_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FREE_FAILURES_PER_ADDRESS = 20;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const LOGIN_MAX_DELAY_SECONDS = 300;

/** Client timings (spec section 9). */
export const SPLASH_MS = 500;
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const DEV_AUTO_LOGIN_DELAY_MS = 1000;
export const CURRENT_USER_STALE_MS = 10 * 60 * 1000;

/** Rate limits (decision 0011): cards a user may create at the card provider per hour. */
export const PAYMENT_METHODS_PER_HOUR = 20;
