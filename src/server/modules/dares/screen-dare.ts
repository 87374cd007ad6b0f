import { DARE_MESSAGES } from '@/contracts/dare-values';
import { screenDare } from '@/domain/dare-screening';
import { unprocessable } from '../../lib/errors';

/**
 * THE server's check of a new dare's words (dares, public challenges, dare requests) against
 * the danger list (domain/dangerous-dare-patterns.ts): a clear match is refused with the
 * spec's warning before anything is stored or charged. A likely match passes for now; it
 * will wait 'Under review' once moderation exists (issue 21 items 3 and 6).
 */
export function refuseDangerousDare(title: string, description?: string | null): void {
  const screened = screenDare(title, description);
  if (screened.verdict === 'refuse') throw unprocessable(DARE_MESSAGES.dangerous, 'dangerous_dare');
}
