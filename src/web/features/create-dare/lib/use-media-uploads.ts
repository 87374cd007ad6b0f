import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from '@/web/components/ui/toast-store';
import { uploadImage, uploadVideo } from '../api/upload-media';
import { isAbortError } from '../api/upload-with-progress';
import type { CreateDareFields, CreateDareFormValues } from './create-dare-form';
import { useCaptionsUpload } from './use-captions-upload';
import { useUploadTask } from './use-upload-task';

export interface CoverPreview {
  url: string;
  /** A frame of the pitch stands in until the user picks a picture of their own. */
  source: 'file' | 'thumbnail';
}

type Form = UseFormReturn<CreateDareFields, unknown, CreateDareFormValues>;

const failedUploadToast = () =>
  toast({
    title: 'Upload failed',
    description: "We'll try again when you submit the form",
    variant: 'destructive',
  });

/**
 * The pitch video (with its optional captions) and cover image uploads behind the form. Only server addresses ever
 * reach the form values; a failed upload is kept and retried by `settle` at submit.
 */
export function useMediaUploads(form: Form) {
  const pitch = useUploadTask(uploadVideo);
  const cover = useUploadTask(uploadImage);
  const [coverPreview, setCoverPreview] = useState<CoverPreview | null>(null);
  const preview = useRef<CoverPreview | null>(null);

  // formState is a live view, so this reads whether the user has already tried to submit.
  const set = useCallback(
    (name: 'pitchVideo' | 'coverImage' | 'pitchCaptions', value: string | null) =>
      form.setValue(name, value, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      }),
    [form],
  );

  const captions = useCaptionsUpload(
    'pitch',
    useCallback((url: string | null) => set('pitchCaptions', url), [set]),
  );
  const removeCaptions = captions.remove;

  const setPitch = useCallback(
    (file: Blob, fileName: string) => {
      set('pitchVideo', '');
      pitch.start(file, fileName).then(
        (video) => set('pitchVideo', video.url),
        (error: unknown) => {
          if (!isAbortError(error)) failedUploadToast();
        },
      );
    },
    [pitch.start, set],
  );

  // The captions belong to the pitch: they go with it.
  const clearPitch = useCallback(() => {
    pitch.reset();
    set('pitchVideo', '');
    removeCaptions();
  }, [pitch.reset, set, removeCaptions]);

  const showPreview = useCallback((next: CoverPreview | null) => {
    if (preview.current) URL.revokeObjectURL(preview.current.url);
    preview.current = next;
    setCoverPreview(next);
  }, []);
  useEffect(() => () => showPreview(null), [showPreview]);

  const setCover = useCallback(
    (file: Blob, fileName: string, source: CoverPreview['source']) => {
      showPreview({ url: URL.createObjectURL(file), source });
      set('coverImage', null);
      cover.start(file, fileName).then(
        (image) => set('coverImage', image.url),
        (error: unknown) => {
          if (!isAbortError(error)) failedUploadToast();
        },
      );
    },
    [cover.start, showPreview, set],
  );

  const clearCover = useCallback(() => {
    cover.reset();
    showPreview(null);
    set('coverImage', null);
  }, [cover.reset, showPreview, set]);

  /** A pitch frame becomes the cover only while the user has not chosen a picture. */
  const offerThumbnail = useCallback(
    (image: Blob) => {
      if (preview.current?.source === 'file') return;
      setCover(image, 'pitch-cover.jpg', 'thumbnail');
    },
    [setCover],
  );

  // Waits for an upload in flight, or retries a failed one, and stores its address.
  const finishPitch = useCallback(
    () => pitch.ensure().then((video) => video && set('pitchVideo', video.url)),
    [pitch.ensure, set],
  );
  const finishCaptions = useCallback(
    () => captions.ensure().then((url) => url && set('pitchCaptions', url)),
    [captions.ensure, set],
  );
  const finishCover = useCallback(
    () => cover.ensure().then((image) => image && set('coverImage', image.url)),
    [cover.ensure, set],
  );

  /** Finishes or retries both uploads before submit; false (after a toast) when one fails. */
  const settle = useCallback(async (): Promise<boolean> => {
    const results = await Promise.allSettled([finishPitch(), finishCover(), finishCaptions()]);
    const failure = results.find((result) => result.status === 'rejected');
    if (!failure) return true;
    toast({
      title: 'Upload failed',
      description: (failure.reason as Error).message,
      variant: 'destructive',
    });
    return false;
  }, [finishPitch, finishCover, finishCaptions]);

  return {
    pitch: pitch.state,
    cover: cover.state,
    captions,
    coverPreview,
    setPitch,
    clearPitch,
    retryPitch: () => void finishPitch().catch(failedUploadToast),
    setCover,
    clearCover,
    retryCover: () => void finishCover().catch(failedUploadToast),
    offerThumbnail,
    settle,
  };
}
