import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { INTEREST_OPTIONS } from '#shared/domain/profile.ts';
import { InterestsField } from './interests-field.tsx';

/** The field inside a form, as on the profile screen: a submit must not happen on Enter. */
function renderField(initial: string[] = []) {
  const state = { value: initial, submits: 0 };
  function Harness() {
    const [value, setValue] = useState(initial);
    state.value = value;
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          state.submits++;
        }}
      >
        <InterestsField
          value={value}
          onChange={(next) => {
            state.value = next;
            setValue(next);
          }}
        />
      </form>
    );
  }
  render(<Harness />);
  return state;
}

const chips = () => {
  const list = screen.queryByRole('list', { name: 'Your interests' });
  return list ? within(list).getAllByRole('listitem').map((item) => item.textContent?.replace('×', '')) : [];
};
const suggestions = () => within(screen.getByRole('list', { name: 'Suggestions' })).getAllByRole('button').map((b) => b.getAttribute('aria-label'));

describe('InterestsField', () => {
  afterEach(cleanup);

  it('adds a typed interest with Enter, trimmed, without submitting the form', async () => {
    const user = userEvent.setup();
    const state = renderField();
    const input = screen.getByLabelText('Add an interest');
    await user.type(input, '  Jazz clubs {Enter}');
    expect(chips()).toEqual(['Jazz clubs']);
    expect(input).toHaveProperty('value', '');
    expect(state.submits).toBe(0);
    await user.type(input, 'Sailing');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(state.value).toEqual(['Jazz clubs', 'Sailing']);
  });

  it('refuses a blank entry and one already present, whatever its case', async () => {
    const user = userEvent.setup();
    const state = renderField(['Hiking']);
    const input = screen.getByLabelText('Add an interest');
    await user.type(input, '   {Enter}');
    expect(screen.getByText('Type an interest first')).toBeTruthy();
    expect(state.value).toEqual(['Hiking']);
    await user.clear(input);
    await user.type(input, 'hIKING{Enter}');
    expect(state.value).toEqual(['Hiking']);
    expect(screen.getByText('hIKING is already in your interests')).toBeTruthy();
    expect(input).toHaveProperty('value', 'hIKING');
  });

  it('offers 15 of the 22 options not yet chosen, and a picked one leaves the suggestions', async () => {
    const user = userEvent.setup();
    const state = renderField(['coffee', 'Yoga']);
    expect(INTEREST_OPTIONS).toHaveLength(22);
    const offered = suggestions();
    expect(offered).toHaveLength(15);
    expect(offered).not.toContain('Add Coffee');
    expect(offered).not.toContain('Add Yoga');
    expect(offered[0]).toBe('Add Hiking');

    await user.click(screen.getByRole('button', { name: 'Add Hiking' }));
    expect(state.value).toEqual(['coffee', 'Yoga', 'Hiking']);
    expect(suggestions()).not.toContain('Add Hiking');
    expect(suggestions()).toHaveLength(15);
    // Focus stays in the suggestions, on the one that took the picked one's place.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Add Travel');

    // Typing an option by hand takes it out of the suggestions too.
    await user.type(screen.getByLabelText('Add an interest'), 'board GAMES{Enter}');
    expect(suggestions()).not.toContain('Add Board games');
  });

  it('shows fewer suggestions when fewer than 15 options are left', async () => {
    renderField(INTEREST_OPTIONS.slice(0, 10));
    expect(suggestions()).toEqual(INTEREST_OPTIONS.slice(10).map((option) => `Add ${option}`));
  });

  it('removes a chip', async () => {
    const user = userEvent.setup();
    const state = renderField(['Hiking', 'Travel']);
    await user.click(screen.getByRole('button', { name: 'Remove Hiking' }));
    expect(state.value).toEqual(['Travel']);
    expect(chips()).toEqual(['Travel']);
    expect(suggestions()).toContain('Add Hiking');
  });
});
