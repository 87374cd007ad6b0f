import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { DARE_MESSAGES } from '@/contracts/dare-values';
import type { DareView } from '@/contracts/dares';
import type { CreatedDare } from '@/contracts/invitations';
import { screenDare } from '@/domain/dare-screening';
import { Button } from '@/web/components/ui/button';
import { type ToastOptions, toast } from '@/web/components/ui/toast-store';
import { isApiError } from '@/web/lib/api-client';
import { useCreateDare } from '../api/create-dare';
import {
  type CreateDareFields,
  type CreateDareFormValues,
  createDareDefaults,
  createDareFormResolverSchema,
  toCreateDarePayload,
} from '../lib/create-dare-form';
import { dareCreatedToast, dareLiveToast, isPublicDare } from '../lib/post-create-funding';
import { useMediaUploads } from '../lib/use-media-uploads';
import { AgreementFields } from './agreement-fields';
import { CoverImageField } from './cover-image-field';
import { DareDetailsFields } from './dare-details-fields';
import { DareTypeSection } from './dare-type-section';
import { PitchVideoField } from './pitch-video-field';
import { CreatorPledgeDialog } from './post-create/creator-pledge-dialog';
import { InvitationLinkDialog, type InvitationToSend } from './post-create/invitation-link-dialog';
import { PublicFundingDialog } from './post-create/public-funding-dialog';

/** Spec section 9: the app moves to /profile 500 ms after a dare is created. */
const REDIRECT_DELAY_MS = 500;

// The inputs may hold '' and unticked boxes that the schema refuses; its output is the real type.
const resolver = zodResolver(createDareFormResolverSchema) as unknown as Resolver<
  CreateDareFields,
  unknown,
  CreateDareFormValues
>;

function failureToast(error: unknown): ToastOptions {
  if (isApiError(error, 413)) {
    return {
      title: 'Creation failed',
      description:
        'There was a problem creating your dare. Please try again with a smaller image or video.',
      variant: 'destructive',
    };
  }
  return {
    title: 'Dare creation failed',
    description: (error as Error).message,
    variant: 'destructive',
  };
}

type Phase = 'idle' | 'uploading' | 'creating' | 'created';

export function CreateDareForm({ onCreated }: { onCreated: () => void }) {
  const form = useForm<CreateDareFields, unknown, CreateDareFormValues>({
    resolver,
    defaultValues: createDareDefaults,
    mode: 'onTouched',
  });
  const media = useMediaUploads(form);
  const createDare = useCreateDare();
  const [phase, setPhase] = useState<Phase>('idle');
  /** A public challenge waiting for its funding; it is created only once the card is authorized. */
  const [funding, setFunding] = useState<CreateDareFormValues | null>(null);
  /** Any other dare, just created, offered to its creator for a first pledge. */
  const [created, setCreated] = useState<DareView | null>(null);
  /** An invitation link for the creator to send, shown before the pledge step until shared. */
  const [invitation, setInvitation] = useState<InvitationToSend | null>(null);
  const [, navigate] = useLocation();
  const dareType = form.watch('dareType');
  const recipientType = form.watch('recipientType');
  // A take still uploading will fill the field; its error returns if the upload fails.
  const pitchError =
    media.pitch.status === 'uploading' ? undefined : form.formState.errors.pitchVideo?.message;

  async function create(values: CreateDareFormValues) {
    setPhase('creating');
    try {
      const dare = await createDare.mutateAsync(toCreateDarePayload(values));
      announceInvitation(values, dare);
      setCreated(dare);
    } catch (error) {
      // The form keeps everything the user entered; only the toast explains.
      setPhase('idle');
      if (isApiError(error, 422) && error.message === DARE_MESSAGES.dangerous) refuseAsDangerous();
      else toast(failureToast(error));
      return;
    }
    setPhase('created');
  }

  /**
   * Says what the server did with a challenge's invitation: emailed it, or (a phone number,
   * or an email the server did not send, e.g. with no mailer configured) gave the link to send.
   */
  function announceInvitation(values: CreateDareFormValues, dare: CreatedDare) {
    const contact = values.recipientContact?.trim() ?? '';
    if (dare.invitationDelivery === 'link' && dare.invitationUrl) {
      const channel = values.recipientType === 'email' ? 'email' : 'phone';
      setInvitation({ url: dare.invitationUrl, contact, channel });
    } else if (dare.invitationDelivery === 'email') {
      toast({
        title: 'Invitation sent',
        description: `We emailed the invitation link to ${contact}.`,
      });
    }
  }

  /** The danger list's answer belongs on the title, where the words are changed. */
  function refuseAsDangerous() {
    form.setError('title', { message: DARE_MESSAGES.dangerous }, { shouldFocus: true });
  }

  function onValid(values: CreateDareFormValues) {
    // The server decides; the same list here says so before any card is asked for.
    if (screenDare(values.title, values.description).verdict === 'refuse')
      return refuseAsDangerous();
    if (isPublicDare(toCreateDarePayload(values))) setFunding(values);
    else return create(values);
  }

  function leave(to: string, replace = false) {
    onCreated();
    navigate(to, { replace });
  }

  function skipPledge() {
    toast(dareCreatedToast);
    setTimeout(() => leave('/profile'), REDIRECT_DELAY_MS);
  }

  /** Back from the pledge: the dare is kept, and the sheet closes on the screen beneath it. */
  function backFromPledge() {
    toast(dareCreatedToast);
    onCreated();
  }

  function pledged(dollars: number) {
    toast(dareLiveToast(false, dollars));
    leave('/profile');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phase !== 'idle') return;
    setPhase('uploading');
    // A take that failed to upload earlier is retried now; blob: addresses never go out.
    const uploaded = await media.settle();
    setPhase('idle');
    await form.handleSubmit(
      (values) => (uploaded ? onValid(values) : undefined),
      (errors) => {
        // The pitch has no input to focus, so bring its message into view instead.
        if (Object.keys(errors).length === 1 && errors.pitchVideo) {
          document.getElementById('dare-pitch-label')?.scrollIntoView({ block: 'center' });
        }
      },
    )();
  }

  let label = 'Create Dare';
  if (phase === 'uploading') {
    label =
      media.pitch.status === 'uploading'
        ? `Uploading video... ${media.pitch.progress}%`
        : 'Uploading...';
  } else if (phase !== 'idle') label = 'Creating...';

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <DareTypeSection />
        <DareDetailsFields />
        <PitchVideoField
          required={dareType === 'self' || recipientType === 'public'}
          error={pitchError}
          upload={media.pitch}
          captions={media.captions}
          onClip={media.setPitch}
          onDiscard={media.clearPitch}
          onRetryUpload={media.retryPitch}
          onThumbnail={media.offerThumbnail}
        />
        <CoverImageField
          preview={media.coverPreview}
          upload={media.cover}
          onFile={(file) => media.setCover(file, file.name, 'file')}
          onRemove={media.clearCover}
          onRetry={media.retryCover}
        />
        <AgreementFields />
        <Button type="submit" size="lg" busy={phase !== 'idle'}>
          {label}
        </Button>
      </form>
      {/* Outside the form: React events bubble through portals, and a submit in these
          dialogs must not reach the create form. */}
      {funding && (
        <PublicFundingDialog
          values={funding}
          onBack={() => setFunding(null)}
          onFailed={() => setFunding(null)}
          // Replaces the leave guard's extra history entry rather than adding one more; the
          // feed opens on the new dare, wherever the feed order would put it.
          onLive={(dareId) => leave(`/?dare=${dareId}`, true)}
        />
      )}
      {created && invitation && (
        <InvitationLinkDialog invitation={invitation} onContinue={() => setInvitation(null)} />
      )}
      {created && !invitation && (
        <CreatorPledgeDialog
          dare={created}
          onSkip={skipPledge}
          onBack={backFromPledge}
          onFunded={pledged}
        />
      )}
    </FormProvider>
  );
}
