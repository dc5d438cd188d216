import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { INTERESTS_MAX, INTEREST_MAX_LENGTH, interestSuggestions } from '#shared/domain/profile.ts';
import { Button } from '#app/platform/ui/button.tsx';

/** The outcome of adding a typed interest: the new list, or why it was not added. */
export function addInterest(list: readonly string[], typed: string): { list: string[] } | { problem: string } {
  const interest = typed.trim();
  if (!interest) return { problem: 'Type an interest first' };
  if (list.some((item) => item.toLowerCase() === interest.toLowerCase())) return { problem: `${interest} is already in your interests` };
  if (list.length >= INTERESTS_MAX) return { problem: `You can list at most ${INTERESTS_MAX} interests` };
  return { list: [...list, interest] };
}

/** Interests: type one and press Enter (or Add), remove a chip, or pick one of up to 15 suggestions. */
export function InterestsField({ value, onChange, error }: { value: string[]; onChange: (next: string[]) => void; error?: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [notice, setNotice] = useState('');
  const suggestions = interestSuggestions(value);
  const inputRef = useRef<HTMLInputElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const suggestionsRef = useRef<HTMLUListElement>(null);
  // A pressed chip or suggestion disappears: focus moves to its neighbour (else the text entry).
  const [refocus, setRefocus] = useState<{ list: 'chips' | 'suggestions'; index: number } | null>(null);

  useEffect(() => {
    if (!refocus) return;
    const buttons = (refocus.list === 'chips' ? chipsRef : suggestionsRef).current?.querySelectorAll('button');
    const next = buttons?.length ? buttons[Math.min(refocus.index, buttons.length - 1)] : inputRef.current;
    next?.focus();
    setRefocus(null);
  }, [refocus]);

  function add(typed: string) {
    const outcome = addInterest(value, typed);
    if ('problem' in outcome) {
      setNotice(outcome.problem);
      return false;
    }
    onChange(outcome.list);
    setNotice(`Added ${typed.trim()}`);
    return true;
  }

  function addTyped() {
    if (add(text)) setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the interest instead of submitting the whole profile.
    event.preventDefault();
    addTyped();
  }

  function remove(interest: string, index: number) {
    onChange(value.filter((item) => item !== interest));
    setNotice(`Removed ${interest}`);
    setRefocus({ list: 'chips', index });
  }

  return (
    <fieldset className="profile-fieldset">
      <legend>Interests</legend>
      {value.length > 0 ? (
        <ul ref={chipsRef} className="chip-list" aria-label="Your interests">
          {value.map((interest, index) => (
            <li key={interest} className="chip interest-chip">
              <span>{interest}</span>
              <button type="button" className="chip-remove" aria-label={`Remove ${interest}`} onClick={() => remove(interest, index)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No interests yet.</p>
      )}
      <div className="field">
        <label htmlFor={`${id}-new`}>Add an interest</label>
        <div className="interest-entry">
          <input
            ref={inputRef}
            id={`${id}-new`}
            value={text}
            maxLength={INTEREST_MAX_LENGTH}
            placeholder="e.g. Jazz"
            enterKeyHint="done"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setNotice('');
            }}
            onKeyDown={onKeyDown}
          />
          <Button onClick={addTyped}>Add</Button>
        </div>
        <span id={`${id}-hint`} className="field-hint">
          Press Enter to add it.
        </span>
        {error && (
          <span id={`${id}-error`} className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <p className="field-hint interest-notice" role="status">
        {notice}
      </p>
      {suggestions.length > 0 && (
        <div className="stack-sm">
          <h3 className="profile-subheading" id={`${id}-suggestions`}>
            Suggestions
          </h3>
          <ul ref={suggestionsRef} className="chip-list" aria-labelledby={`${id}-suggestions`}>
            {suggestions.map((option, index) => (
              <li key={option}>
                <button
                  type="button"
                  className="chip chip-button"
                  aria-label={`Add ${option}`}
                  onClick={() => {
                    if (add(option)) setRefocus({ list: 'suggestions', index });
                  }}
                >
                  <span aria-hidden="true">+</span> {option}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
