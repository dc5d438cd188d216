import { useId, type ReactNode } from 'react';
import type { Preferences } from '#shared/api/preferences.ts';
import { ACCOUNT_TYPE_VALUES } from '#shared/domain/account-options.ts';
import {
  DATE_TYPES,
  DATE_TYPE_LABELS,
  DISTANCE_MAX_KM,
  DISTANCE_MIN_KM,
  DISTANCE_STEP_KM,
  GENDER_PREFERENCES,
  PREF_AGE_MAX,
  PREF_AGE_MIN,
} from '#shared/domain/profile.ts';
import { SelectField } from '#app/platform/ui/field.tsx';

const GENDER_PREFERENCE_LABELS: Record<(typeof GENDER_PREFERENCES)[number], string> = { male: 'Men', female: 'Women', couple: 'Couples' };
const ACCOUNT_TYPE_LABELS: Record<(typeof ACCOUNT_TYPE_VALUES)[number], string> = { individual: 'Individuals', couple: 'Couples' };
const AGES = Array.from({ length: PREF_AGE_MAX - PREF_AGE_MIN + 1 }, (_, i) => PREF_AGE_MIN + i);

/** Field errors under the preferences, by their name inside `preferences` ('ageRange.max'). */
export type PreferenceErrors = Partial<Record<'dateTypes' | 'genderPreferences' | 'ageRange.min' | 'ageRange.max' | 'distance' | 'accountTypes', string>>;

/** The chosen options after one is switched, in the options' own order. */
function toggled<T>(options: readonly T[], list: readonly T[], item: T, on: boolean): T[] {
  return options.filter((option) => (option === item ? on : list.includes(option)));
}

function CheckboxGroup<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: readonly T[];
  onChange: (next: T[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="profile-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="choice-grid">
        {options.map((option) => (
          <label key={option} className="choice">
            <input
              type="checkbox"
              checked={value.includes(option)}
              aria-invalid={error ? true : undefined}
              onChange={(event) => onChange(toggled(options, value, option, event.target.checked))}
            />
            <span>{labels[option]}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}

function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {children}
    </span>
  );
}

/** Dating preferences: date types, who, ages 18–80, distance 5–100 km in steps of 5, account types. */
export function PreferencesFields({ value, onChange, errors }: { value: Preferences; onChange: (next: Preferences, changed: keyof PreferenceErrors) => void; errors: PreferenceErrors }) {
  const id = useId();
  const set = <K extends keyof Preferences>(key: K, next: Preferences[K], changed: keyof PreferenceErrors) => onChange({ ...value, [key]: next }, changed);
  return (
    <div className="stack">
      <CheckboxGroup
        legend="Date types"
        options={DATE_TYPES}
        labels={DATE_TYPE_LABELS}
        value={value.dateTypes}
        onChange={(next) => set('dateTypes', next, 'dateTypes')}
        error={errors.dateTypes}
      />
      <CheckboxGroup
        legend="Interested in meeting"
        options={GENDER_PREFERENCES}
        labels={GENDER_PREFERENCE_LABELS}
        value={value.genderPreferences}
        onChange={(next) => set('genderPreferences', next, 'genderPreferences')}
        error={errors.genderPreferences}
      />
      <fieldset className="profile-fieldset">
        <legend>Age range</legend>
        <div className="profile-two">
          <SelectField
            label="Minimum age"
            value={value.ageRange.min}
            onChange={(event) => set('ageRange', { ...value.ageRange, min: Number(event.target.value) }, 'ageRange.min')}
            error={errors['ageRange.min']}
          >
            {AGES.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Maximum age"
            value={value.ageRange.max}
            onChange={(event) => set('ageRange', { ...value.ageRange, max: Number(event.target.value) }, 'ageRange.max')}
            error={errors['ageRange.max']}
          >
            {AGES.map((age) => (
              <option key={age} value={age}>
                {age}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-distance`}>
          Maximum distance: <output htmlFor={`${id}-distance`}>{value.distance} km</output>
        </label>
        <input
          id={`${id}-distance`}
          type="range"
          className="range"
          min={DISTANCE_MIN_KM}
          max={DISTANCE_MAX_KM}
          step={DISTANCE_STEP_KM}
          value={value.distance}
          aria-valuetext={`${value.distance} km`}
          aria-invalid={errors.distance ? true : undefined}
          aria-describedby={errors.distance ? `${id}-distance-error` : undefined}
          onChange={(event) => set('distance', Number(event.target.value), 'distance')}
        />
        <FieldError id={`${id}-distance-error`}>{errors.distance}</FieldError>
      </div>
      <CheckboxGroup
        legend="Account types"
        options={ACCOUNT_TYPE_VALUES}
        labels={ACCOUNT_TYPE_LABELS}
        value={value.accountTypes}
        onChange={(next) => set('accountTypes', next, 'accountTypes')}
        error={errors.accountTypes}
      />
    </div>
  );
}
