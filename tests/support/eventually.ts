/** Resolves once `check` holds, within `ms`: a change made elsewhere reaches this instance through NOTIFY. */
export async function eventually(check: () => Promise<boolean>, ms = 2000) {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
