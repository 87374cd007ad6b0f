import { describe, expect, it } from 'vitest';
import { createDareRequestSchema } from '@/contracts/dare-requests';
import {
  type RequestFormValues,
  requestFormProblem,
} from '@/web/features/dare-requests/lib/validate-request';

const filled: RequestFormValues = {
  recipientEmail: 'friend@example.com',
  dareTitle: 'Juggle',
  dareDescription: '',
  targetAmount: '5',
  category: 'Social',
  contentRating: 'G',
};

describe('send-request form checks (spec section 5)', () => {
  it('toasts the first problem in the spec’s words and order', () => {
    expect(requestFormProblem({ ...filled, dareTitle: '  ', targetAmount: '0' }, false)).toEqual({
      title: 'Missing information',
      description: 'Please provide a title for the dare',
    });
    for (const amount of ['0', '-3', '', 'abc']) {
      expect(requestFormProblem({ ...filled, targetAmount: amount }, false)).toEqual({
        title: 'Invalid amount',
        description: 'Target amount must be greater than zero',
      });
    }
    expect(requestFormProblem({ ...filled, targetAmount: '0.5' }, false)?.description).toBe(
      'The minimum target amount is $1',
    );
    expect(requestFormProblem({ ...filled, recipientEmail: ' ' }, false)).toEqual({
      title: 'Missing recipient',
      description: 'Please provide a recipient email address',
    });
  });

  it('needs no email when a recipient user is preset', () => {
    expect(requestFormProblem({ ...filled, recipientEmail: '' }, true)).toBeNull();
    expect(requestFormProblem(filled, false)).toBeNull();
  });

  it('the API schema defaults to Social and G and offers only the request categories', () => {
    const parsed = createDareRequestSchema.parse({
      recipientId: 3,
      dareTitle: 'x',
      targetAmount: 1,
    });
    expect(parsed).toMatchObject({ category: 'Social', contentRating: 'G' });
    const comedy = createDareRequestSchema.safeParse({ ...parsed, category: 'Comedy' });
    expect(comedy.success).toBe(false);
  });
});
