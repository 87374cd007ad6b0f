import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';

/**
 * The card form of spec section 2 ("Card form") as a controlled component, shared by Billing &
 * Payment and the pledge payment screens. It only collects the values; `parseCardFields` turns
 * them into the body of POST /api/payments/simulated/payment-methods. Format checks (Luhn,
 * expiry in the past, CVC) are the gateway's: it answers 402 with Stripe's wording.
 */
export type CardFieldsValue = { number: string; name: string; expiry: string; cvc: string };

export const emptyCardFields: CardFieldsValue = { number: '', name: '', expiry: '', cvc: '' };

/** Spec section 5: all four fields are required. */
export const CARD_FIELDS_REQUIRED_MESSAGE = 'Please fill in all card details';
export const CARD_EXPIRY_FORMAT_MESSAGE = 'Enter the expiry date as MM/YY';

/** Spec section 5's maximum lengths. */
const MAX = { number: 19, expiry: 5, cvc: 3 } as const;

export type CardFieldsBody = {
  card: { number: string; expMonth: number; expYear: number; cvc: string };
  billingDetails: { name: string };
};

export function parseCardFields(
  v: CardFieldsValue,
): { ok: true; body: CardFieldsBody } | { ok: false; message: string } {
  const number = v.number.replace(/\D/g, '');
  const name = v.name.trim();
  const expiry = v.expiry.trim();
  const cvc = v.cvc.trim();
  if (!number || !name || !expiry || !cvc)
    return { ok: false, message: CARD_FIELDS_REQUIRED_MESSAGE };
  const match = /^(\d{1,2})\s*\/?\s*(\d{2})$/.exec(expiry);
  if (!match) return { ok: false, message: CARD_EXPIRY_FORMAT_MESSAGE };
  return {
    ok: true,
    body: {
      // Out-of-range months and past dates are left to the gateway, which names the problem.
      card: { number, expMonth: Number(match[1]), expYear: 2000 + Number(match[2]), cvc },
      billingDetails: { name },
    },
  };
}

/** "4242424242424242" -> "4242 4242 4242 4242", never longer than the field allows. */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return (digits.match(/.{1,4}/g) ?? []).join(' ').slice(0, MAX.number);
}

/** "1" -> "1", "12" -> "12/", "1234" -> "12/34": the slash appears as people expect. */
export function formatExpiry(raw: string, previous: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  if (digits.length < 2) return digits;
  // Backspace over the slash must not put it straight back.
  if (digits.length === 2 && raw.length < previous.length) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

interface CardFieldsProps {
  value: CardFieldsValue;
  onChange: (v: CardFieldsValue) => void;
  disabled?: boolean;
  /** Keeps ids unique when two card forms are on one screen. */
  idPrefix?: string;
}

export function CardFields({ value, onChange, disabled, idPrefix = 'card' }: CardFieldsProps) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const set = (patch: Partial<CardFieldsValue>) => onChange({ ...value, ...patch });
  return (
    <div className="flex flex-col gap-4">
      <FormField id={id('number')} label="Card number">
        <Input
          id={id('number')}
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={MAX.number}
          required
          disabled={disabled}
          value={value.number}
          onChange={(event) => set({ number: formatCardNumber(event.target.value) })}
        />
      </FormField>
      <FormField id={id('name')} label="Cardholder name">
        <Input
          id={id('name')}
          name="ccname"
          autoComplete="cc-name"
          placeholder="Name on card"
          maxLength={200}
          required
          disabled={disabled}
          value={value.name}
          onChange={(event) => set({ name: event.target.value })}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id={id('expiry')} label="Expiry (MM/YY)">
          <Input
            id={id('expiry')}
            name="cc-exp"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={MAX.expiry}
            required
            disabled={disabled}
            value={value.expiry}
            onChange={(event) => set({ expiry: formatExpiry(event.target.value, value.expiry) })}
          />
        </FormField>
        <FormField id={id('cvc')} label="CVC">
          <Input
            id={id('cvc')}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={MAX.cvc}
            required
            disabled={disabled}
            value={value.cvc}
            onChange={(event) => set({ cvc: event.target.value.replace(/\D/g, '') })}
          />
        </FormField>
      </div>
    </div>
  );
}
