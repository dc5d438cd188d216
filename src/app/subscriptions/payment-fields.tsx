import { CARD_NUMBER_MAX, CVV_MAX, EXPIRY_MAX, PROVINCES } from '#shared/domain/payment.ts';
import { SelectField, TextField } from '#app/platform/ui/field.tsx';
import type { PaymentDraftFields } from './payment-draft.ts';

/** The card itself: number, expiry and CVV, the cardholder's name and the billing email. */
export function CardFields({ draft, set, errorOf }: PaymentDraftFields) {
  return (
    <>
      <TextField
        label="Card number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        maxLength={CARD_NUMBER_MAX}
        value={draft.cardNumber}
        onChange={(e) => set('cardNumber')(e.target.value)}
        error={errorOf('cardNumber')}
        required
      />
      <div className="payment-row">
        <TextField
          label="Expiry (MM/YY)"
          name="expiryDate"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={EXPIRY_MAX}
          value={draft.expiryDate}
          onChange={(e) => set('expiryDate')(e.target.value)}
          error={errorOf('expiryDate')}
          required
        />
        <TextField
          label="CVV"
          name="cvv"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={CVV_MAX}
          value={draft.cvv}
          onChange={(e) => set('cvv')(e.target.value)}
          error={errorOf('cvv')}
          required
        />
      </div>
      <TextField
        label="Cardholder name"
        name="cardholderName"
        autoComplete="cc-name"
        maxLength={100}
        value={draft.cardholderName}
        onChange={(e) => set('cardholderName')(e.target.value)}
        error={errorOf('cardholderName')}
        required
      />
      <TextField
        label="Billing email"
        type="email"
        name="billingEmail"
        autoComplete="email"
        inputMode="email"
        maxLength={255}
        value={draft.billingEmail}
        onChange={(e) => set('billingEmail')(e.target.value)}
        error={errorOf('billingEmail')}
      />
    </>
  );
}

/** The billing address: street, city, province (a list), postal code and country. */
export function BillingAddressFields({ draft, set, errorOf }: PaymentDraftFields) {
  return (
    <fieldset className="stack-sm">
      <legend>Billing address</legend>
      <TextField
        label="Street"
        name="street"
        autoComplete="address-line1"
        maxLength={200}
        value={draft.street}
        onChange={(e) => set('street')(e.target.value)}
        error={errorOf('street')}
        required
      />
      <TextField
        label="City"
        name="city"
        autoComplete="address-level2"
        maxLength={100}
        value={draft.city}
        onChange={(e) => set('city')(e.target.value)}
        error={errorOf('city')}
        required
      />
      <div className="payment-row">
        <SelectField
          label="Province or territory"
          name="province"
          autoComplete="address-level1"
          value={draft.province}
          onChange={(e) => set('province')(e.target.value)}
          error={errorOf('province')}
        >
          {PROVINCES.map((province) => (
            <option key={province.code} value={province.code}>
              {province.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Postal code"
          name="postalCode"
          autoComplete="postal-code"
          maxLength={7}
          value={draft.postalCode}
          onChange={(e) => set('postalCode')(e.target.value)}
          error={errorOf('postalCode')}
          required
        />
      </div>
      <TextField
        label="Country"
        name="country"
        autoComplete="country-name"
        maxLength={60}
        value={draft.country}
        onChange={(e) => set('country')(e.target.value)}
        error={errorOf('country')}
      />
    </fieldset>
  );
}
