import type { AppContext } from '../context';

/** Placeholder until the demo seed lands (same session). */
export async function seedDemoIfEmpty(_ctx: AppContext): Promise<void> {}
