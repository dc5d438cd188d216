import { useState } from 'react';
import type { CarTierId } from '#shared/domain/car-tiers.ts';
import { DEFAULT_COUNTRY, DEFAULT_PROVINCE, formatCvv, formatExpiry, formatPostalCode, groupCardNumber } from '#shared/domain/payment.ts';
import type { useFieldErrors } from '#app/platform/forms.ts';

/** What the payment form holds while the member types: every field as text. */
export type PaymentDraft = {
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  cardholderName: string;
  billingEmail: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
};

export type PaymentFieldErrors = ReturnType<typeof useFieldErrors>;

const blankDraft = (email: string, name: string): PaymentDraft => ({
  cardNumber: '',
  expiryDate: '',
  cvv: '',
  cardholderName: name,
  billingEmail: email,
  street: '',
  city: '',
  province: DEFAULT_PROVINCE,
  postalCode: '',
  country: DEFAULT_COUNTRY,
});

/** How each field formats what is typed (account-and-admin §5). */
const FORMAT: Partial<Record<keyof PaymentDraft, (value: string) => string>> = {
  cardNumber: groupCardNumber,
  expiryDate: formatExpiry,
  cvv: formatCvv,
  postalCode: formatPostalCode,
};

/** Each field's name in the request body: the schema's and the server's field errors use it. */
export const FIELD_OF: Record<keyof PaymentDraft, string> = {
  cardNumber: 'paymentData.cardNumber',
  expiryDate: 'paymentData.expiryDate',
  cvv: 'paymentData.cvv',
  cardholderName: 'paymentData.cardholderName',
  billingEmail: 'paymentData.billingEmail',
  street: 'paymentData.billingAddress.street',
  city: 'paymentData.billingAddress.city',
  province: 'paymentData.billingAddress.province',
  postalCode: 'paymentData.billingAddress.postalCode',
  country: 'paymentData.billingAddress.country',
};

/** The request body the draft stands for, before the shared schema checks it. */
export const paymentBodyOf = (tier: CarTierId, draft: PaymentDraft) => ({
  tier,
  paymentData: {
    cardNumber: draft.cardNumber,
    expiryDate: draft.expiryDate,
    cvv: draft.cvv,
    cardholderName: draft.cardholderName,
    billingEmail: draft.billingEmail,
    billingAddress: { street: draft.street, city: draft.city, province: draft.province, postalCode: draft.postalCode, country: draft.country },
    bypass: true,
  },
});

/**
 * The card fields' state: the draft (name and email filled in from the member), each field
 * formatted as it is typed and its error cleared, and the error each field shows.
 */
export function usePaymentDraft(fields: PaymentFieldErrors, initial?: { email?: string; name?: string }) {
  const [draft, setDraft] = useState<PaymentDraft>(() => blankDraft(initial?.email ?? '', initial?.name ?? ''));
  const errorOf = (key: keyof PaymentDraft) => fields.errors[FIELD_OF[key]];
  const set = (key: keyof PaymentDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [key]: FORMAT[key]?.(value) ?? value }));
    fields.clearField(FIELD_OF[key]);
  };
  return { draft, set, errorOf };
}

export type PaymentDraftFields = ReturnType<typeof usePaymentDraft>;
