import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Place } from '#shared/api/geo.ts';
import { parseTypedCity } from '#shared/domain/location.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { PinIcon } from '#app/platform/ui/member.tsx';
import { PositionFailure, REGISTRATION_LOCATION_ERRORS, currentPosition, type LocationErrorTexts } from './device-position.ts';
import './geo.css';

/** The gazetteer's calls (the HTTP client and schemas) load when first used: the sign-up page hydrates without them. */
const geoApi = () => import('#app/geo/geo.api.ts').then((module) => module.geoApi);

export type LocationValue = { city: string; country: string; coordinates: [number, number] | null };

const format = (place: { city: string; country: string }) => [place.city, place.country].filter(Boolean).join(', ');

/**
 * Where the member is: detected from the device (looked up on our own server) or typed, with
 * suggestions of known cities. Typing without picking a suggestion still works ("Vancouver, Canada").
 */
export function LocationField({
  value,
  onChange,
  error,
  errorTexts = REGISTRATION_LOCATION_ERRORS,
}: {
  value: LocationValue | null;
  onChange: (value: LocationValue | null) => void;
  error?: string;
  /** Registration and the profile screen word location failures differently (spec §8). */
  errorTexts?: LocationErrorTexts;
}) {
  const [mode, setMode] = useState<'detected' | 'manual'>(value?.coordinates ? 'detected' : 'manual');
  const [detecting, setDetecting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  async function detect() {
    setDetecting(true);
    setNotice(null);
    try {
      const [lon, lat] = await currentPosition(errorTexts);
      const { place } = await geoApi()
        .then((api) => api.reverse(lat, lon))
        .catch(() => ({ place: null }));
      if (!place) throw new PositionFailure(errorTexts.unknownCity);
      onChange({ city: place.city, country: place.country, coordinates: [lon, lat] });
      setMode('detected');
    } catch (failure) {
      setNotice(failure instanceof PositionFailure ? failure.message : errorTexts.unknownCity);
      setMode('manual');
    } finally {
      setDetecting(false);
    }
  }

  return (
    <fieldset className="auth-fieldset location-field">
      <legend>Location</legend>
      {mode === 'detected' && value ? (
        <p className="row location-detected">
          <span className="icon-row">
            <PinIcon />
            <strong>{format(value)}</strong>
          </span>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMode('manual');
              onChange(null);
            }}
          >
            Change
          </button>
        </p>
      ) : (
        <>
          <Button onClick={detect} busy={detecting}>
            Use my location
          </Button>
          {notice && (
            <p className="field-hint" role="status">
              {notice}
            </p>
          )}
          <CityCombobox value={value} onChange={onChange} error={error} />
        </>
      )}
      {mode === 'detected' && error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

function CityCombobox({ value, onChange, error }: { value: LocationValue | null; onChange: (value: LocationValue | null) => void; error?: string }) {
  const id = useId();
  const [text, setText] = useState(value ? format(value) : '');
  const [places, setPlaces] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latestQuery = useRef('');

  useEffect(() => {
    const query = text.trim();
    latestQuery.current = query;
    if (query.length < 2 || value?.coordinates) {
      setPlaces([]);
      return;
    }
    const timer = setTimeout(() => {
      geoApi()
        .then((api) => api.search(query))
        .then(({ places: found }) => {
          if (latestQuery.current !== query) return;
          setPlaces(found);
          setActive(-1);
        })
        .catch(() => setPlaces([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [text, value?.coordinates]);

  function type(next: string) {
    setText(next);
    setOpen(true);
    const typed = parseTypedCity(next);
    onChange(typed ? { ...typed, coordinates: null } : null);
  }

  function pick(place: Place) {
    setText(format(place));
    setOpen(false);
    setPlaces([]);
    onChange({ city: place.city, country: place.country, coordinates: place.coordinates });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open || places.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % places.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? places.length - 1 : i - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      pick(places[active]!);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const expanded = open && places.length > 0;
  return (
    <div className="field combobox">
      <label htmlFor={`${id}-city`}>City</label>
      <input
        id={`${id}-city`}
        name="city"
        role="combobox"
        autoComplete="address-level2"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        placeholder="e.g. Vancouver, Canada"
        value={text}
        onChange={(e) => type(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <span id={`${id}-hint`} className="field-hint">
        City, then country after a comma
      </span>
      {expanded && (
        <ul id={`${id}-list`} role="listbox" aria-label="Matching cities" className="combobox-list">
          {places.map((place, index) => (
            <li
              key={`${place.city}-${place.countryCode}-${place.coordinates.join()}`}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className="combobox-option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(place)}
            >
              {format(place)}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
