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
 * How far past PITCH_VIDEO_SECONDS a pitch may measure and still pass (client and server).
 * A container reports its longest stream: audio often runs a few frames past the video
 * (AAC priming and padding), MediaRecorder stops a moment after its 15 s timer fires, and
 * timescales round. A clip the app's own recorder made must never be refused, and half a
 * second more says nothing new.
 */
export const PITCH_VIDEO_TOLERANCE_SECONDS = 0.5;
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
/**
 * How far from one of those durations a client's expiresAt may be and still mean it: the
 * phone's clock and the request's time in flight. The server stores the exact duration
 * from its own clock, so this never lengthens a dare; it stays far below the 4 days between
 * the two closest durations.
 */
export const FUNDING_DURATION_TOLERANCE_HOURS = 6;

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

/** Idempotency-Key (decision 0031): its longest form, and how long an answer is replayed (Stripe: 24 h). */
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_KEY_HOURS = 24;

/** Rate limits (decision 0011): cards a user may create at the card provider per hour. */
export const PAYMENT_METHODS_PER_HOUR = 20;
/**
 * Dares that challenge an email address or a phone number, per creator and hour: each one
 * sends the creator's text to an address of their choosing (decision 0030).
 */
export const EMAIL_CHALLENGES_PER_HOUR = 20;
/** Follow requests per account and hour: each new follow notifies (and may email) someone. */
export const FOLLOWS_PER_HOUR = 100;
/** New accounts per client address and hour: many accounts multiply every per-account budget. */
export const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 20;

/** Account links (DESIGN.md section 9): how long each kind of token works. */
export const VERIFY_EMAIL_TOKEN_HOURS = 24;
export const RESET_PASSWORD_TOKEN_HOURS = 1;
/** Verification emails one account may ask to be sent again per hour. */
export const VERIFY_EMAIL_RESENDS_PER_HOUR = 3;
/** Password reset emails per address and per client address and hour. */
export const PASSWORD_RESETS_PER_EMAIL_PER_HOUR = 3;
export const PASSWORD_RESETS_PER_ADDRESS_PER_HOUR = 10;
/** Changes of address asked for per account an hour: each sends a link to a new address. */
export const EMAIL_CHANGES_PER_HOUR = 3;
/** How long the link that confirms a new address works. */
export const CHANGE_EMAIL_TOKEN_HOURS = 24;

/** Dare requests (DESIGN.md section 6): a pending request expires this long after sending. */
export const DARE_REQUEST_EXPIRY_DAYS = 7;
/**
 * The dare an accepted request creates is open for funding this long (one of the create
 * form's durations, decision 0018): the recipient needs time to record the pitch and the
 * sponsor and others time to pledge.
 */
export const ACCEPTED_REQUEST_DARE_DAYS = 7 satisfies (typeof FUNDING_DURATIONS_DAYS)[number];
/** Rate limit (decision 0011): dare requests one user may send per hour. */
export const DARE_REQUESTS_PER_HOUR = 30;
/** GET /api/dare-requests answers at most this many, newest first. */
export const DARE_REQUEST_LIST_MAX = 100;
/**
 * Invitation lookups (GET, accept, decline of /api/invitations/{token}) that find no live
 * invitation, per client address and window: guessing tokens is stopped here (decision 0019).
 */
export const INVITATION_MISSES_PER_WINDOW = 30;
export const INVITATION_MISS_WINDOW_MINUTES = 15;
/** Search (decision 0021). */
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_PAGE_DEFAULT = 10;
export const SEARCH_PAGE_MAX = 20;
/** How deep paging goes per section: ranking stays bounded, nobody reads result 201. */
export const SEARCH_RESULTS_MAX = 200;
/** Dares are searched from this many characters (one letter would match nearly all). */
export const SEARCH_DARES_MIN_CHARS = 2;
/** Searches per caller (user, else address) per minute; the box asks twice per pause. */
export const SEARCHES_PER_MINUTE = 120;
/** Follows (issue 12): a follow / unfollow / follow loop tells the followed user at most this often. */
export const FOLLOW_NOTICE_INTERVAL_HOURS = 24;
/** Rows per page of the follower and following lists. */
export const FOLLOW_PAGE_DEFAULT = 20;
export const FOLLOW_PAGE_MAX = 50;
/** Email delivery (decision 0020). */
export const MAIL_MAX_ATTEMPTS = 6;
/** First retry after this; each further retry waits twice as long (1, 2, 4, 8, 16 min). */
export const MAIL_RETRY_BASE_SECONDS = 60;
/** A sender holds claimed messages this long; a sender that died lets them go after it. */
export const MAIL_CLAIM_LEASE_SECONDS = 120;
export const MAIL_BATCH_SIZE = 20;
/** Test emails (dev only) a user may request per hour. */
export const TEST_EMAILS_PER_HOUR = 10;
/**
 * Data exports (GET /api/account/export) per account and hour: each one reads every row the
 * account has in one transaction, so it is cheap to offer and costly to repeat (issue 20).
 */
export const ACCOUNT_EXPORTS_PER_HOUR = 3;

/** Inbox (issue 13): a message's length after trimming, and the sending rate (decision 0011). */
export const MESSAGE_MAX = 2000;
export const MESSAGES_PER_MINUTE = 30;
export const MESSAGE_PAGE_DEFAULT = 30;
export const MESSAGE_PAGE_MAX = 100;
/** The inbox list is not paged: it shows this many most recent conversations. */
export const CONVERSATION_LIST_MAX = 100;
/** Polling when the live stream is down (spec section 7 and the caches line). */
export const CONVERSATIONS_POLL_MS = 5000;
export const MESSAGES_POLL_MS = 3000;
/** Live events (GET /api/events): open streams per user per instance, and the heartbeat. */
export const LIVE_STREAMS_PER_USER = 5;
export const LIVE_HEARTBEAT_MS = 25_000;
/** While the stream is up, polling only as a safety net. */
export const LIVE_SAFETY_POLL_MS = 60_000;
/** Live events older than this are deleted by a periodic job (reconnects need only recent ones). */
export const LIVE_EVENTS_KEEP_HOURS = 24;

/** Achievements (issue 13): "Recent Unlocks" are those of the last this many days, at most the max. */
export const RECENT_ACHIEVEMENTS_DAYS = 7;
export const RECENT_ACHIEVEMENTS_MAX = 10;

/** Leaderboards (issue 13): how many people each board lists, and what "this week" means. */
export const LEADERBOARD_SIZE = 10;
export const LEADERBOARD_WEEK_DAYS = 7;

/** Reports (DESIGN.md section 10, issue 21): per account and hour, and the details' length. */
export const REPORTS_PER_HOUR = 20;
export const REPORT_DETAILS_MAX = 500;
/** Distinct reporters with a verified email that hide a target until a moderator decides. */
export const AUTO_HIDE_REPORTERS = 3;
/** A moderator's reason for an action: required, at most this long. */
export const MODERATION_REASON_MAX = 500;
/** The queue shows at most this many cases, and of each the newest reporters up to the second. */
export const MODERATION_QUEUE_MAX = 100;
export const MODERATION_REPORTERS_SHOWN = 50;
/** Entries per page of the audit log (GET /api/moderation/log). */
export const MODERATION_LOG_PAGE = 50;
/** Blocks (issue 21 item 5): GET /api/blocks lists at most this many, newest first. */
export const BLOCK_LIST_MAX = 500;

/**
 * Push notifications (issue 22 item 5, decision 0053): devices per account with push on, the
 * longest endpoint URL taken (browsers' are a few hundred characters), and the push request:
 * how long the push service keeps an undelivered message, how long we wait for its answer
 * (a hung service is a retried failure, never a hung job) and how often a push is tried.
 */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
export const PUSH_ENDPOINT_MAX = 2048;
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;
export const PUSH_MAX_ATTEMPTS = 5;
/** A pushed notification's words are cut to these lengths (the payload stays far below 4 KB). */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 240;
