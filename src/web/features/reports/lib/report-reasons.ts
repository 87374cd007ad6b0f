import { REPORT_REASONS, type ReportReason, type ReportTargetType } from '@/contracts/reports';
import { isApiError, isNetworkError } from '@/web/lib/api-client';

/** What a Report action points at: the kind of thing and its id. */
export interface ReportTarget {
  type: ReportTargetType;
  id: number;
}

/** The six reasons in the order the sheet lists them (issue 21 item 1), each with its words. */
export const REPORT_REASON_LIST: { reason: ReportReason; label: string }[] = (
  Object.keys(REPORT_REASONS) as ReportReason[]
).map((reason) => ({ reason, label: REPORT_REASONS[reason] }));

/** The sheet's title by target: a submission is a "proof" on every screen. */
const NOUNS: Record<ReportTargetType, string> = {
  dare: 'dare',
  submission: 'proof',
  comment: 'comment',
  user: 'account',
  message: 'message',
};
export const reportTitle = (type: ReportTargetType) => `Report ${NOUNS[type]}`;

/**
 * What the sheet says when the report was not sent: the server's words when it answered
 * (429 too many, 400 own content, 404), 'You're offline' when nothing came back.
 */
export function reportFailureText(error: unknown): string {
  if (isApiError(error) || isNetworkError(error)) return error.message;
  return 'Your report was not sent. Try again.';
}

/** Optional details as sent: trimmed, and left out when empty. */
export function reportDetails(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed ? trimmed : undefined;
}
