import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PAYMENT_FAILED, type CreateSubscriptionInput, type CreateSubscriptionResponse } from '#shared/api/subscriptions.ts';
import type { CarTierId } from '#shared/domain/car-tiers.ts';
import type { useFormSubmit } from '#app/platform/forms.ts';
import type { PaymentDraft } from './payment-draft.ts';
import { validatePayment } from './payment-validation.ts';

/**
 * The payment's submission: checked first, then `pay` once (never again while busy or once paid),
 * `onPaid` with the answer. A refused submission (here or by the server) takes the keyboard to the
 * first field at fault, once.
 */
export function usePaymentSubmit({
  form,
  tier,
  draft,
  pay,
  onPaid,
  now,
}: {
  form: ReturnType<typeof useFormSubmit>;
  tier: CarTierId;
  draft: PaymentDraft;
  pay: (body: CreateSubscriptionInput) => Promise<CreateSubscriptionResponse>;
  onPaid: (answer: CreateSubscriptionResponse) => void;
  now: () => Date;
}) {
  const { fields, busy, run } = form;
  const [paid, setPaid] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    focusPending.current = false;
    first.focus();
  }, [fields.errors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || paid) return;
    focusPending.current = true;
    const body = validatePayment(fields, tier, draft, now);
    if (!body) return;
    let answer: CreateSubscriptionResponse | null = null;
    if (
      await run(async () => {
        answer = await pay(body);
      }, PAYMENT_FAILED)
    ) {
      setPaid(true);
      onPaid(answer!);
    }
  }

  return { paid, formRef, submit };
}
