import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_DECLINED, CARD_EXPIRED, COMPLETE_ADDRESS, FILL_PAYMENT, INVALID_CARD_NUMBER, INVALID_CVV, type CreateSubscriptionInput, type CreateSubscriptionResponse } from '#shared/api/subscriptions.ts';
import { HttpError } from '#shared/http-error.ts';
import { PaymentForm } from './payment-page.tsx';

const NOW = new Date('2026-11-23T12:00:00Z');

function renderForm(answer: (body: CreateSubscriptionInput) => Promise<CreateSubscriptionResponse> = async () => ({}) as CreateSubscriptionResponse) {
  const sent: CreateSubscriptionInput[] = [];
  const paid: CreateSubscriptionResponse[] = [];
  render(
    <PaymentForm
      tier="jetta"
      now={() => NOW}
      initial={{ email: 'sam@example.com', name: 'Sam Carter' }}
      pay={async (body) => {
        sent.push(body);
        return answer(body);
      }}
      onPaid={(answer) => paid.push(answer)}
    />,
  );
  return { sent, paid };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (label: string) => document.getElementById(`${field(label).id}-error`)?.textContent;
const pay = () => userEvent.click(screen.getByRole('button', { name: 'Pay $28.25' }));

async function fillValid() {
  await userEvent.type(field('Card number'), '4242424242424242');
  await userEvent.type(field('Expiry (MM/YY)'), '1229');
  await userEvent.type(field('CVV'), '123');
  await userEvent.type(field('Street'), '1 King St W');
  await userEvent.type(field('City'), 'Toronto');
  await userEvent.type(field('Postal code'), 'm5h 1a1');
}

describe('the payment form', () => {
  afterEach(cleanup);

  it('shows the price, 13% HST and the total', () => {
    renderForm();
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(screen.getByText('HST (13%)')).toBeTruthy();
    expect(screen.getByText('$3.25')).toBeTruthy();
    expect(screen.getByText('$28.25')).toBeTruthy();
  });

  it('formats as it is typed: the number in fours (19 characters), MM/YY, CVV digits, the postal code in capitals; Canada and Ontario by default', async () => {
    renderForm();
    await userEvent.type(field('Card number'), '4242x42424242424242429999');
    expect(field('Card number').value).toBe('4242 4242 4242 4242');
    await userEvent.type(field('Expiry (MM/YY)'), '12/299');
    expect(field('Expiry (MM/YY)').value).toBe('12/29');
    await userEvent.type(field('CVV'), '1a2b34');
    expect(field('CVV').value).toBe('1234');
    await userEvent.type(field('Postal code'), 'v6b 1a1');
    expect(field('Postal code').value).toBe('V6B 1A1');
    expect(field('Country').value).toBe('Canada');
    expect((screen.getByLabelText('Province or territory') as HTMLSelectElement).value).toBe('ON');
    expect(screen.getAllByRole('option')).toHaveLength(13);
  });

  it('asks for every card field and the billing address with the spec’s texts, sending nothing', async () => {
    const { sent } = renderForm();
    await userEvent.clear(field('Cardholder name'));
    await pay();
    expect(errorOf('Card number')).toBe(FILL_PAYMENT);
    expect(errorOf('Expiry (MM/YY)')).toBe(FILL_PAYMENT);
    expect(errorOf('CVV')).toBe(FILL_PAYMENT);
    expect(errorOf('Cardholder name')).toBe(FILL_PAYMENT);
    expect(errorOf('Street')).toBe(COMPLETE_ADDRESS);
    expect(errorOf('City')).toBe(COMPLETE_ADDRESS);
    expect(errorOf('Postal code')).toBe(COMPLETE_ADDRESS);
    expect(document.activeElement).toBe(field('Card number'));
    expect(sent).toEqual([]);
  });

  it('refuses a number failing the Luhn check, a short CVV and an expired card before sending', async () => {
    const { sent } = renderForm();
    await fillValid();
    await userEvent.clear(field('Card number'));
    await userEvent.type(field('Card number'), '4242424242424241');
    await userEvent.clear(field('CVV'));
    await userEvent.type(field('CVV'), '12');
    await pay();
    expect(errorOf('Card number')).toBe(INVALID_CARD_NUMBER);
    expect(errorOf('CVV')).toBe(INVALID_CVV);

    await userEvent.clear(field('Card number'));
    await userEvent.type(field('Card number'), '4242424242424242');
    await userEvent.clear(field('CVV'));
    await userEvent.type(field('CVV'), '123');
    await userEvent.clear(field('Expiry (MM/YY)'));
    await userEvent.type(field('Expiry (MM/YY)'), '1026');
    await pay();
    expect(errorOf('Expiry (MM/YY)')).toBe(CARD_EXPIRED);
    expect(sent).toEqual([]);
  });

  it('sends the tier and the form (no price), and shows the server’s refusal on its field', async () => {
    let decline = true;
    const { sent, paid } = renderForm(async () => {
      if (decline) throw new HttpError(402, CARD_DECLINED, [{ field: 'paymentData.cardNumber', message: CARD_DECLINED }]);
      return { success: true, message: 'ok' } as CreateSubscriptionResponse;
    });
    await fillValid();
    await pay();
    expect(errorOf('Card number')).toBe(CARD_DECLINED);
    expect(sent[0]).toEqual({
      tier: 'jetta',
      paymentData: {
        cardNumber: '4242424242424242',
        expiryDate: '12/29',
        cvv: '123',
        cardholderName: 'Sam Carter',
        billingEmail: 'sam@example.com',
        billingAddress: { street: '1 King St W', city: 'Toronto', province: 'ON', postalCode: 'M5H 1A1', country: 'Canada' },
        bypass: true,
      },
    });
    decline = false;
    await pay();
    expect(paid).toHaveLength(1);
    expect(screen.getByText('Payment successful! Welcome to the Jetta Team.').getAttribute('role')).toBe('status');
  });

  it('shows the fallback text when the server gives none', async () => {
    renderForm(async () => {
      throw new HttpError(500, '');
    });
    await fillValid();
    await pay();
    expect(screen.getByRole('alert').textContent).toBe('Test payment failed. Please try again.');
  });
});
