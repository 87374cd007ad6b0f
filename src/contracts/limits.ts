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

export const FUNDING_DURATIONS_DAYS = [3, 7, 14, 30] as const;
export const DEFAULT_FUNDING_DURATION_DAYS = 3;

export const VOTING_WINDOW_HOURS = 24;
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
