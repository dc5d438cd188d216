import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { GENDER_LABELS, GENDER_VALUES, RELATIONSHIP_TYPE_VALUES, type AccountType, type RelationshipType } from '#shared/domain/account-options.ts';
import { LocationField, type LocationValue } from '#app/components/location-field.tsx';
import { useFormSubmit } from '#app/platform/forms.ts';
import { useSession } from '#app/platform/session.store.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Alert, SelectField, TextField } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { authCalls, preloadAuthCalls } from './auth-calls.ts';
import { AuthCard, EmailField } from './auth-card.tsx';

const RELATIONSHIP_LABELS: Record<RelationshipType, string> = {
  dating: 'Dating',
  engaged: 'Engaged',
  married: 'Married',
  other: 'Other',
};

type Form = {
  email: string;
  password: string;
  name: string;
  age: string;
  gender: string;
  partnerName: string;
  partnerAge: string;
  partnerGender: string;
  relationshipType: string;
};

const EMPTY: Form = { email: '', password: '', name: '', age: '', gender: '', partnerName: '', partnerAge: '', partnerGender: '', relationshipType: '' };

/** `redirect`: a page open to every member (e.g. /careers/apply) to return to once the account exists. */
export function RegisterPage({ referralCode, redirect }: { referralCode?: string; redirect?: string }) {
  const navigate = useNavigate();
  const router = useRouter();
  const [accountType, setAccountType] = useState<AccountType>('individual');
  const [form, setForm] = useState<Form>(EMPTY);
  const [location, setLocation] = useState<LocationValue | null>(null);
  const { fields, busy, failure, run } = useFormSubmit();

  const setValue = (key: keyof Form, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    fields.clearField(key);
  };
  const set = (key: keyof Form) => (event: { target: { value: string } }) => setValue(key, event.target.value);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const calls = await authCalls('Registration failed. Please try again.');
    if (!calls) return;
    const couple = accountType === 'couple';
    const body = fields.validate(calls.RegisterBodySchema, {
      accountType,
      email: form.email,
      password: form.password,
      name: form.name,
      age: form.age === '' ? undefined : Number(form.age),
      gender: form.gender || undefined,
      location: location ?? undefined,
      referralCode,
      ...(couple && {
        partnerName: form.partnerName,
        partnerAge: form.partnerAge === '' ? undefined : Number(form.partnerAge),
        partnerGender: form.partnerGender || undefined,
        relationshipType: form.relationshipType || undefined,
      }),
    });
    if (!body) {
      if (!location) toast.error(calls.LOCATION_REQUIRED);
      return;
    }
    const ok = await run(async () => {
      const { token, user, verificationRequired } = await calls.authApi.register(body);
      useSession.getState().signIn(token, user);
      toast.success('Account created successfully!');
      if (redirect) router.history.push(redirect);
      else await navigate({ to: verificationRequired ? '/verify-email' : '/browse' });
    }, 'Registration failed');
    if (!ok) toast.error('Registration failed. Please try again.');
  }

  const e = fields.errors;
  return (
    <AuthCard>
        <div>
          <h1>Create your account</h1>
          <p className="muted">Free while we are in beta. Takes a minute.</p>
        </div>
        {failure && <Alert>{failure}</Alert>}
        <form className="stack" onSubmit={submit} onFocus={preloadAuthCalls} noValidate>
          <fieldset className="auth-fieldset">
            <legend>Account type</legend>
            <div className="segmented">
              {(['individual', 'couple'] as const).map((type) => (
                <label key={type}>
                  <input type="radio" name="accountType" value={type} checked={accountType === type} onChange={() => setAccountType(type)} />
                  <span>{type === 'individual' ? 'Individual' : 'Couple'}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <EmailField value={form.email} onChange={(value) => setValue('email', value)} error={e.email} />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            error={e.password}
            hint="At least 8 characters"
            required
          />
          <TextField label="Name" name="name" autoComplete="given-name" value={form.name} onChange={set('name')} error={e.name} maxLength={100} required />
          <div className="auth-two">
            <TextField label="Age" type="number" name="age" inputMode="numeric" min={18} max={100} value={form.age} onChange={set('age')} error={e.age} required />
            <GenderSelect label="Gender" value={form.gender} onChange={set('gender')} error={e.gender} />
          </div>
          {accountType === 'couple' && (
            <fieldset className="auth-fieldset">
              <legend>Your partner</legend>
              <TextField label="Partner name" name="partnerName" value={form.partnerName} onChange={set('partnerName')} error={e.partnerName} maxLength={100} required />
              <div className="auth-two">
                <TextField
                  label="Partner age"
                  type="number"
                  name="partnerAge"
                  inputMode="numeric"
                  min={18}
                  max={100}
                  value={form.partnerAge}
                  onChange={set('partnerAge')}
                  error={e.partnerAge}
                  required
                />
                <GenderSelect label="Partner gender" value={form.partnerGender} onChange={set('partnerGender')} error={e.partnerGender} />
              </div>
              <SelectField label="Relationship type" value={form.relationshipType} onChange={set('relationshipType')} error={e.relationshipType} required>
                <option value="">Choose…</option>
                {RELATIONSHIP_TYPE_VALUES.map((type) => (
                  <option key={type} value={type}>
                    {RELATIONSHIP_LABELS[type]}
                  </option>
                ))}
              </SelectField>
            </fieldset>
          )}
          <LocationField
            value={location}
            onChange={(next) => {
              setLocation(next);
              fields.clearField('location.city');
              fields.clearField('location');
            }}
            error={e['location.city'] ?? e.location}
          />
          <Button type="submit" variant="primary" block busy={busy}>
            Create Account
          </Button>
        </form>
        <p className="center">
          Already a member? <Link to="/login">Sign in</Link>
        </p>
    </AuthCard>
  );
}

function GenderSelect({ label, value, onChange, error }: { label: string; value: string; onChange: (e: { target: { value: string } }) => void; error?: string }) {
  return (
    <SelectField label={label} value={value} onChange={onChange} error={error} required>
      <option value="">Choose…</option>
      {GENDER_VALUES.map((gender) => (
        <option key={gender} value={gender}>
          {GENDER_LABELS[gender]}
        </option>
      ))}
    </SelectField>
  );
}
