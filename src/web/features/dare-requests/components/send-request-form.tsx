import { type FormEvent, useId, useState } from 'react';
import { CONTENT_RATINGS, REQUEST_FORM_CATEGORIES } from '@/contracts/dare-values';
import {
  DARE_REQUEST_DEFAULT_TARGET_DOLLARS,
  DESCRIPTION_MAX,
  TITLE_MAX,
} from '@/contracts/limits';
import { Avatar } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { AdornedInput, Input, Textarea } from '@/web/components/ui/input';
import { toast } from '@/web/components/ui/toast-store';
import { NativeSelect } from '@/web/features/create-dare/components/native-select';
import { useSendDareRequest } from '../api/send-dare-request';
import { type RequestFormValues, requestFormProblem } from '../lib/validate-request';
import { CoverPicker } from './cover-picker';

export interface PresetRecipient {
  id: number;
  username: string;
  displayName: string | null;
  profilePicture?: string | null;
}

const INITIAL: RequestFormValues = {
  recipientEmail: '',
  dareTitle: '',
  dareDescription: '',
  targetAmount: String(DARE_REQUEST_DEFAULT_TARGET_DOLLARS),
  category: 'Social',
  contentRating: 'G',
};

interface SendRequestFormProps {
  /** The user the request goes to; the email field is hidden then. */
  recipient?: PresetRecipient | null;
  onSent: () => void;
  onCancel: () => void;
}

/**
 * The send-request form ('Challenge Someone', spec section 2), used by the standalone
 * /send-dare-request page and the dialog alike. Checks are toasted in the spec's words;
 * nothing typed is lost when sending fails.
 */
export function SendRequestForm({ recipient, onSent, onCancel }: SendRequestFormProps) {
  const id = useId();
  const [values, setValues] = useState(INITIAL);
  const [coverImage, setCoverImage] = useState<string | null>(null);
  const send = useSendDareRequest();
  const set = (field: keyof RequestFormValues) => (event: { target: { value: string } }) =>
    // The selects only offer valid categories and ratings.
    setValues((current) => ({ ...current, [field]: event.target.value }) as RequestFormValues);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    const problem = requestFormProblem(values, Boolean(recipient));
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    const to = recipient
      ? { recipientId: recipient.id }
      : { recipientEmail: values.recipientEmail.trim() };
    send.mutate(
      {
        ...to,
        dareTitle: values.dareTitle.trim(),
        dareDescription: values.dareDescription.trim() || null,
        targetAmount: Number(values.targetAmount),
        category: values.category,
        contentRating: values.contentRating,
        coverImage,
      },
      {
        onSuccess: (request) => {
          const who = request.recipient
            ? request.recipient.displayName || `@${request.recipient.username}`
            : request.recipientEmail;
          toast({
            title: 'Dare request sent',
            description: `Your dare request was sent to ${who}.`,
          });
          setValues(INITIAL);
          setCoverImage(null);
          onSent();
        },
        onError: (error) =>
          toast({
            title: 'Failed to send dare request',
            description: error.message,
            variant: 'destructive',
          }),
      },
    );
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Send dare request"
    >
      {recipient ? (
        <div className="flex items-center gap-3 rounded-2xl border border-line bg-surface-raised/50 p-3">
          <Avatar
            name={recipient.displayName || recipient.username}
            src={recipient.profilePicture}
            size="sm"
          />
          <div className="min-w-0">
            <p className="text-xs text-ink-muted">Challenging</p>
            <p className="truncate text-sm font-semibold text-ink">
              {recipient.displayName || recipient.username}{' '}
              <span className="font-normal text-ink-muted">@{recipient.username}</span>
            </p>
          </div>
        </div>
      ) : (
        <FormField id={field('email')} label="Recipient email">
          <Input
            id={field('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="friend@example.com"
            aria-required="true"
            value={values.recipientEmail}
            onChange={set('recipientEmail')}
          />
        </FormField>
      )}
      <FormField id={field('title')} label="Dare title">
        <Input
          id={field('title')}
          placeholder="What do you dare them to do?"
          maxLength={TITLE_MAX}
          aria-required="true"
          value={values.dareTitle}
          onChange={set('dareTitle')}
        />
      </FormField>
      <FormField id={field('description')} label="Description">
        <Textarea
          id={field('description')}
          placeholder="Describe the dare and the rules"
          maxLength={DESCRIPTION_MAX}
          value={values.dareDescription}
          onChange={set('dareDescription')}
        />
      </FormField>
      <FormField id={field('amount')} label="Target amount ($)">
        <AdornedInput
          adornment="$"
          id={field('amount')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.targetAmount}
          onChange={set('targetAmount')}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={field('category')} label="Category">
          <NativeSelect id={field('category')} value={values.category} onChange={set('category')}>
            {REQUEST_FORM_CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={field('rating')} label="Content rating">
          <NativeSelect
            id={field('rating')}
            value={values.contentRating}
            onChange={set('contentRating')}
          >
            {CONTENT_RATINGS.map((rating) => (
              <option key={rating} value={rating}>
                {rating}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <CoverPicker value={coverImage} onChange={setCoverImage} disabled={send.isPending} />
      <div className="flex gap-2 pt-1">
        <Button variant="secondary" className="flex-1" onClick={onCancel} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" className="flex-[2]" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Dare Request'}
        </Button>
      </div>
    </form>
  );
}
