import { z } from 'zod';
import { id, text } from './common';
import { REPORT_DETAILS_MAX } from './limits';

/** What can be reported (DESIGN.md section 10, issue 21 item 1). */
export const REPORT_TARGET_TYPES = ['dare', 'submission', 'comment', 'user', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Why, in the order the sheet lists them, with the words it shows. */
export const REPORT_REASONS = {
  dangerous: 'Dangerous or harmful',
  harassment: 'Harassment or bullying',
  sexual: 'Sexual content',
  spam: 'Spam or scam',
  minor: 'Involves a minor',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
const REASON_VALUES = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

export const REPORT_MESSAGES = {
  thanks: "Thanks for reporting. We'll review it.",
  own: 'You cannot report your own content',
  notFound: 'Not found',
  reason: 'Please choose a reason',
  detailsTooLong: `Details cannot exceed ${REPORT_DETAILS_MAX} characters`,
} as const;

/** POST /api/reports. */
export const createReportSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: id,
  reason: z.enum(REASON_VALUES, { error: REPORT_MESSAGES.reason }),
  details: text('Details')
    .trim()
    .max(REPORT_DETAILS_MAX, REPORT_MESSAGES.detailsTooLong)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type CreateReportInput = z.input<typeof createReportSchema>;

/** The answer: the reporter's one open report on the target (201 new, 200 the same again). */
export const reportReceiptSchema = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'resolved']),
});
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;
