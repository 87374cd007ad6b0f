/**
 * A return or refresh URL for the payout onboarding, made absolute on PUBLIC_URL (Stripe wants
 * absolute URLs), or null when it would lead anywhere else: another origin, a protocol-relative
 * "//host", a "/\host" that browsers read as one, a javascript: URL, or credentials in the URL.
 * The gateway sends the user there after onboarding, so this is what keeps it from being an
 * open redirect.
 */
export function sameSiteUrl(publicUrl: string, value: string): string | null {
  const trimmed = value.trim();
  // Backslashes and control characters are how parsers get tricked into another host.
  if (!trimmed || trimmed.includes('\\') || hasControlCharacter(trimmed)) return null;
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin || url.username || url.password) return null;
  return url.href;
}

function hasControlCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
