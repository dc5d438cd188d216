import { BROWSE_SORT_VALUES } from '#shared/api/browse.paths.ts';
import { GENDER_LABELS, GENDER_VALUES } from '#shared/domain/account-options.ts';
import { DISTANCE_MAX_KM, DISTANCE_MIN_KM, DISTANCE_STEP_KM } from '#shared/domain/profile.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { SelectField, TextField } from '#app/platform/ui/field.tsx';
import { FILTER_AGE_MAX, FILTER_AGE_MIN, MIN_SCORE_OPTIONS, useBrowseFilters, type BrowseFilters } from './browse-filters.store.ts';

const AGES = Array.from({ length: FILTER_AGE_MAX - FILTER_AGE_MIN + 1 }, (_, i) => FILTER_AGE_MIN + i);

const SORT_LABELS: Record<BrowseFilters['sortBy'], string> = {
  distance: 'Nearest first',
  score: 'Highest score',
  newest: 'Newest members',
  age: 'Youngest first',
};

const ACCOUNT_TYPE_LABELS: Record<BrowseFilters['accountType'], string> = { all: 'All', individual: 'Individual', couple: 'Couple' };

/** The browse filters (core-journey §5), saved on the device as they change. */
export function FiltersPanel({ id }: { id: string }) {
  const filters = useBrowseFilters((state) => state.filters);
  const set = useBrowseFilters((state) => state.set);
  const reset = useBrowseFilters((state) => state.reset);
  return (
    <section id={id} className="card filters-panel" aria-label="Filters">
      <div className="filters-grid">
        <SelectField label="Minimum score" value={filters.minScore} onChange={(e) => set('minScore', Number(e.target.value))}>
          {MIN_SCORE_OPTIONS.map((score) => (
            <option key={score} value={score}>
              {score}+
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Account type"
          value={filters.accountType}
          onChange={(e) => set('accountType', e.target.value as BrowseFilters['accountType'])}
        >
          {(Object.keys(ACCOUNT_TYPE_LABELS) as BrowseFilters['accountType'][]).map((type) => (
            <option key={type} value={type}>
              {ACCOUNT_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Min age" value={filters.minAge} onChange={(e) => set('minAge', Number(e.target.value))}>
          {AGES.map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </SelectField>
        <SelectField label="Max age" value={filters.maxAge} onChange={(e) => set('maxAge', Number(e.target.value))}>
          {AGES.map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </SelectField>
        <SelectField label="Gender" value={filters.gender} onChange={(e) => set('gender', e.target.value as BrowseFilters['gender'])}>
          <option value="all">All</option>
          {GENDER_VALUES.map((gender) => (
            <option key={gender} value={gender}>
              {GENDER_LABELS[gender]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Sort by" value={filters.sortBy} onChange={(e) => set('sortBy', e.target.value as BrowseFilters['sortBy'])}>
          {BROWSE_SORT_VALUES.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Interests"
          value={filters.interests}
          onChange={(e) => set('interests', e.target.value)}
          placeholder="e.g. hiking, coffee"
          hint="Separate interests with commas"
          maxLength={500}
        />
        <TextField
          label="Location"
          value={filters.location}
          onChange={(e) => set('location', e.target.value)}
          placeholder="Your city"
          hint="City, then country after a comma; blank is your own city"
          autoComplete="address-level2"
          maxLength={200}
        />
        <div className="field filters-distance">
          <label htmlFor={`${id}-distance`}>
            Distance: <output htmlFor={`${id}-distance`}>{filters.maxDistance} km</output>
          </label>
          <input
            id={`${id}-distance`}
            type="range"
            min={DISTANCE_MIN_KM}
            max={DISTANCE_MAX_KM}
            step={DISTANCE_STEP_KM}
            value={filters.maxDistance}
            aria-valuetext={`${filters.maxDistance} km`}
            onChange={(e) => set('maxDistance', Number(e.target.value))}
          />
        </div>
      </div>
      <div className="row filters-actions">
        <Button size="sm" onClick={reset}>
          Reset
        </Button>
      </div>
    </section>
  );
}
