import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random alphanumeric text: no `_`, so `pi_…_secret_…` splits unambiguously. */
function randomText(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** Ids shaped like Stripe's (`pi_3Nk…`), so logs and support read the same in both modes. */
export const newId = (prefix: 'pi' | 'pm' | 'cus' | 'acct' | 'tr') => `${prefix}_${randomText(24)}`;

export const newClientSecret = (intentId: string) => `${intentId}_secret_${randomText(25)}`;
