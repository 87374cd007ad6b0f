import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
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
import { useMediaUploads } from '../lib/use-media-uploads';
import { AgreementFields } from './agreement-fields';
import { CoverImageField } from './cover-image-field';
import { DareDetailsFields } from './dare-details-fields';
import { DareTypeSection } from './dare-type-section';
import { PitchVideoField } from './pitch-video-field';

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
  const [, navigate] = useLocation();
  const dareType = form.watch('dareType');
  const recipientType = form.watch('recipientType');
  // A take still uploading will fill the field; its error returns if the upload fails.
  const pitchError =
    media.pitch.status === 'uploading' ? undefined : form.formState.errors.pitchVideo?.message;

  async function create(values: CreateDareFormValues) {
    setPhase('creating');
    try {
      await createDare.mutateAsync(toCreateDarePayload(values));
    } catch (error) {
      // The form keeps everything the user entered; only the toast explains.
      setPhase('idle');
      toast(failureToast(error));
      return;
    }
    setPhase('created');
    toast({
      title: 'Dare Created',
      description: 'You can fund your dare later from your profile page.',
    });
    setTimeout(() => {
      onCreated();
      navigate('/profile');
    }, REDIRECT_DELAY_MS);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phase !== 'idle') return;
    setPhase('uploading');
    // A take that failed to upload earlier is retried now; blob: addresses never go out.
    const uploaded = await media.settle();
    setPhase('idle');
    await form.handleSubmit(
      (values) => (uploaded ? create(values) : undefined),
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
    </FormProvider>
  );
}
