import { z } from 'zod';
import { DARE_MESSAGES, isServerVideoUrl } from '@/contracts/dare-values';
import {
  type CreateDareForm,
  type CreateDareInput,
  createDareFormSchema,
  RECIPIENT_MESSAGES,
} from '@/contracts/dares';
import { DEFAULT_FUNDING_DURATION_DAYS, MIN_DARE_TARGET_CENTS } from '@/contracts/limits';
import { computeExpiresAt } from './expires-at';

const PHONE_PATTERN = /^\+?[0-9 ().-]{7,20}$/;

type Draft = z.output<typeof createDareFormSchema>;
type Payload = { value: unknown; issues: Array<{ path?: PropertyKey[] }> };

const isObject = (payload: Payload) => typeof payload.value === 'object' && payload.value !== null;

function checkPitch(data: Draft, ctx: z.RefinementCtx<Draft>) {
  const needsVideo = data.dareType === 'self' || data.recipientType === 'public';
  if (needsVideo && !isServerVideoUrl(data.pitchVideo)) {
    ctx.addIssue({ code: 'custom', path: ['pitchVideo'], message: DARE_MESSAGES.pitchVideo });
  }
}

function checkRecipient(data: Draft, ctx: z.RefinementCtx<Draft>) {
  if (data.dareType !== 'challenge') return;
  if (!data.recipientType) {
    ctx.addIssue({
      code: 'custom',
      path: ['recipientType'],
      message: RECIPIENT_MESSAGES.contactRequired,
    });
    return;
  }
  if (data.recipientType === 'public') return;
  const contact = data.recipientContact?.trim() ?? '';
  let message: string | undefined;
  if (!contact) message = RECIPIENT_MESSAGES.contactRequired;
  else if (data.recipientType === 'email' && !z.email().safeParse(contact).success) {
    message = RECIPIENT_MESSAGES.emailInvalid;
  } else if (data.recipientType === 'phone' && !PHONE_PATTERN.test(contact)) {
    message = RECIPIENT_MESSAGES.phoneInvalid;
  }
  if (message) ctx.addIssue({ code: 'custom', path: ['recipientContact'], message });
}

/**
 * The contract's form schema, plus:
 * - its pitch check again when zod skipped it (object refinements do not run while another
 *   field has a type error), so an empty submit shows every message at once;
 * - the recipient checks the API applies (createDareSchema), so a challenge's missing or
 *   malformed contact shows under its field rather than in a toast.
 */
export const createDareFormResolverSchema = createDareFormSchema
  .superRefine(checkPitch, {
    when: (payload) =>
      isObject(payload) && !payload.issues.some((issue) => issue.path?.[0] === 'pitchVideo'),
  })
  .superRefine(checkRecipient, { when: isObject });

export type CreateDareFormValues = z.output<typeof createDareFormSchema>;

/**
 * What the inputs hold before validation: selects may be unchosen ('') and the boxes
 * unticked, which the schema then refuses with the spec's messages.
 */
export type CreateDareFields = Omit<
  CreateDareForm,
  'category' | 'contentRating' | 'termsAccepted' | 'liabilityAccepted' | 'safetyAccepted'
> & {
  category: CreateDareForm['category'] | '';
  contentRating: CreateDareForm['contentRating'] | '';
  termsAccepted: boolean;
  liabilityAccepted: boolean;
  safetyAccepted: boolean;
};

/** Spec section 5 defaults; category and rating start unchosen so the user picks them. */
export const createDareDefaults: CreateDareFields = {
  title: '',
  description: '',
  targetAmount: MIN_DARE_TARGET_CENTS / 100,
  category: '',
  contentRating: '',
  duration: String(DEFAULT_FUNDING_DURATION_DAYS) as CreateDareForm['duration'],
  dareType: 'self',
  recipientType: undefined,
  recipientContact: '',
  pitchVideo: '',
  pitchCaptions: null,
  coverImage: null,
  termsAccepted: false,
  liabilityAccepted: false,
  safetyAccepted: false,
};

/** The POST /api/dares body (spec section 3 "Dare create payload") from valid form values. */
export function toCreateDarePayload(
  values: CreateDareFormValues,
  now: Date = new Date(),
): CreateDareInput {
  const isChallenge = values.dareType === 'challenge';
  const recipientType = isChallenge ? (values.recipientType ?? null) : null;
  const hasContact = recipientType === 'email' || recipientType === 'phone';
  return {
    title: values.title,
    description: values.description,
    targetAmount: values.targetAmount,
    category: values.category,
    contentRating: values.contentRating,
    coverImage: values.coverImage || null,
    // Never a blob: address; a challenge without a pitch sends '' (spec section 3).
    pitchVideo: isServerVideoUrl(values.pitchVideo) ? values.pitchVideo : '',
    // Captions go with the pitch: none without one (item 35).
    pitchCaptions: isServerVideoUrl(values.pitchVideo) ? (values.pitchCaptions ?? null) : null,
    expiresAt: computeExpiresAt(values.duration, now),
    dareType: values.dareType,
    recipientType,
    recipientContact: hasContact ? (values.recipientContact?.trim() ?? null) : null,
    isPublicChallenge: recipientType === 'public',
  };
}
