import { safeRedirect } from '@/web/lib/safe-redirect';

/**
 * The in-app path of a URL on this site ("/profile?x" from "https://this.site/profile?x"),
 * or null for anything else. The server hands back absolute URLs, as Stripe needs them.
 */
export function sameOriginPath(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const safe = safeRedirect(path, '');
  return safe || null;
}

/** Where the onboarding page goes when done: only a same-origin path, else the profile. */
export function onboardingReturnPath(value: string | null | undefined): string {
  return sameOriginPath(value) ?? '/profile';
}
