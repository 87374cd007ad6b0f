import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { BIO_MAX } from '@/contracts/limits';
import {
  type CurrentUser,
  PROFILE_MESSAGES,
  type UpdateProfileInput,
  updateProfileSchema,
} from '@/contracts/user';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/web/components/ui/dialog';
import { FormField, fieldA11y } from '@/web/components/ui/form-field';
import { AdornedInput, Input, Textarea } from '@/web/components/ui/input';
import { toast } from '@/web/components/ui/toast-store';
import { isApiError } from '@/web/lib/api-client';
import { type UpdateProfilePayload, useUpdateProfile } from '../api/update-profile';
import { ProfilePictureField } from './profile-picture-field';

interface EditProfileDialogProps {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function EditProfileDialog({ user, open, onOpenChange }: EditProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Edit Profile" description="This is how others see you on Darefund.">
        <EditProfileForm user={user} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** Mounted each time the dialog opens, so it starts from the current profile. */
function EditProfileForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<UpdateProfileInput, unknown, UpdateProfilePayload>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: {
      // The edit form requires a name; someone who never set one sees their username.
      displayName: user.displayName ?? user.username,
      username: user.username,
      bio: user.bio ?? '',
      profilePicture: user.profilePicture,
    },
    mode: 'onTouched',
  });
  const bioLength = (watch('bio') ?? '').length;
  const picture = watch('profilePicture') ?? null;
  const displayName = watch('displayName');

  const onSubmit = handleSubmit(
    (values) => {
      update.mutate(
        { ...values, bio: values.bio ? values.bio : null },
        {
          onSuccess: () => {
            toast({ title: 'Profile updated', description: 'Your changes have been saved.' });
            onDone();
          },
          onError: (error) => {
            if (isApiError(error, 409)) setError('username', { message: error.message });
            toast({ title: 'Update failed', description: error.message, variant: 'destructive' });
          },
        },
      );
    },
    (invalid) => {
      // Spec section 5: 'Display name required' / 'Please enter a display name'.
      if (invalid.displayName?.message === PROFILE_MESSAGES.displayNameRequired) {
        toast({
          title: 'Display name required',
          description: PROFILE_MESSAGES.displayNameRequired,
          variant: 'destructive',
        });
      }
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ProfilePictureField
        name={displayName || user.username}
        value={picture}
        onChange={(value) => setValue('profilePicture', value, { shouldDirty: true })}
      />
      <FormField id="profile-display-name" label="Display name" error={errors.displayName?.message}>
        <Input
          {...fieldA11y('profile-display-name', errors.displayName?.message)}
          {...register('displayName')}
          autoComplete="nickname"
        />
      </FormField>
      <FormField id="profile-username" label="Username" error={errors.username?.message}>
        <AdornedInput
          adornment="@"
          {...fieldA11y('profile-username', errors.username?.message)}
          {...register('username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      </FormField>
      <FormField
        id="profile-bio"
        label="Bio"
        error={errors.bio?.message}
        aside={
          <span id="profile-bio-count" className="text-xs text-ink-muted tabular-nums">
            {bioLength}/{BIO_MAX}
          </span>
        }
      >
        <Textarea
          {...register('bio')}
          id="profile-bio"
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={
            errors.bio ? 'profile-bio-error profile-bio-count' : 'profile-bio-count'
          }
          maxLength={BIO_MAX}
          rows={3}
          placeholder="Tell people what dares you're up for"
        />
      </FormField>
      <div className="mt-1 flex gap-3">
        <DialogClose asChild>
          <Button variant="outline" className="flex-1">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" busy={update.isPending} className="flex-1">
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
