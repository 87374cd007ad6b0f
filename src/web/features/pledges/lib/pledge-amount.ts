import { PLEDGE_PRESETS_DOLLARS } from '@/contracts/limits';
import { createPledgeSchema, PLEDGE_MESSAGES } from '@/contracts/pledges';

/** A preset in dollars, 'custom' for the typed amount, or null before anything is picked. */
export type AmountSelection = number | 'custom' | null;

/** What the amount picker holds; the typed text survives switching to a preset and back. */
export interface AmountChoice {
  selected: AmountSelection;
  customText: string;
}

export const PRESET_AMOUNTS: readonly number[] = PLEDGE_PRESETS_DOLLARS;

export const emptyAmountChoice: AmountChoice = { selected: null, customText: '' };

export type AmountResult = { ok: true; dollars: number } | { ok: false; message: string };

/**
 * "12", "12.5", " $1,000 " → 12, 12.5, 1000; null for anything that is not a plain decimal
 * number (so "1e3", "0x10" and "12abc" never slip through as amounts).
 */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '').trim();
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/**
 * The amount to pledge, checked with the same rules as the server (contracts/pledges.ts):
 * 'Please enter a valid pledge amount' for nothing, zero or a negative number, then
 * 'Minimum pledge is $5', the maximum and at most two decimals.
 */
export function resolveAmount(choice: AmountChoice): AmountResult {
  if (choice.selected === null) return { ok: false, message: PLEDGE_MESSAGES.invalidAmount };
  const dollars = choice.selected === 'custom' ? parseDollars(choice.customText) : choice.selected;
  if (dollars === null || !(dollars > 0)) {
    return { ok: false, message: PLEDGE_MESSAGES.invalidAmount };
  }
  const checked = createPledgeSchema.shape.amount.safeParse(dollars);
  if (!checked.success) {
    return {
      ok: false,
      message: checked.error.issues[0]?.message ?? PLEDGE_MESSAGES.invalidAmount,
    };
  }
  return { ok: true, dollars };
}

/** 'Continue to Payment' is enabled once a preset is picked or a custom value is typed. */
export function hasAmount(choice: AmountChoice): boolean {
  if (choice.selected === null) return false;
  return choice.selected !== 'custom' || choice.customText.trim() !== '';
}

/**
 * The message under the custom field while typing: none until something is typed, and none
 * for a preset, so the field never scolds before the user has had a go.
 */
export function customAmountError(choice: AmountChoice): string | null {
  if (choice.selected !== 'custom' || choice.customText.trim() === '') return null;
  const result = resolveAmount(choice);
  return result.ok ? null : result.message;
}
