import { DEMO_PASSWORD } from '@/server/seed/demo-data';
import { type ApiUser, call } from './proof-helpers';

/** The demo seed's moderator (issue 21 item 3), there whenever the harness seeds the demo. */
export const DEMO_MODERATOR = { email: 'mod@demo.darefund.app', password: DEMO_PASSWORD };

/** A report filed through the API (POST /api/reports), as the report sheet sends it. */
export function reportViaApi(
  baseUrl: string,
  reporter: ApiUser,
  report: { targetType: 'dare' | 'submission' | 'comment' | 'user' | 'message'; targetId: number },
  reason = 'dangerous',
  details: string | null = null,
) {
  return call<{ id: number; status: 'open' | 'resolved' }>(baseUrl, reporter, '/api/reports', {
    ...report,
    reason,
    details,
  });
}
