/**
 * Where to go after logging in: only a same-origin path ("/x", never "//host" or "/\host"),
 * and never back to the auth page itself.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  // Control characters can smuggle a scheme past the checks above in some parsers.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  const path = value.split(/[?#]/, 1)[0];
  if (path === '/auth' || path === '/login') return fallback;
  return value;
}

/** "/auth?redirectTo=%2Fprofile" */
export function authPathFor(redirectTo: string): string {
  return `/auth?redirectTo=${encodeURIComponent(redirectTo)}`;
}
