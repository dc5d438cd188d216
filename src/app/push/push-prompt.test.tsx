import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '#shared/http-error.ts';
import { fakePushDevice } from './fake-push-device.ts';
import { PUSH_DENIED, PUSH_UNSUPPORTED, PUSH_WHY, PushPrompt } from './push-prompt.tsx';

afterEach(cleanup);

describe('the push prompt', () => {
  it('explains why before anything, and asks the browser only when the member presses the button', async () => {
    const { device, calls } = fakePushDevice('off');
    render(<PushPrompt device={device} />);
    expect(await screen.findByText(PUSH_WHY)).toBeTruthy();
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Turn on notifications on this device' }));
    expect(calls).toEqual(['enable']);
    expect(await screen.findByText('Notifications are on for this device.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    expect(calls).toEqual(['enable', 'disable']);
    expect(await screen.findByRole('button', { name: 'Turn on notifications on this device' })).toBeTruthy();
  });

  it('says how to unblock when the member refused the browser’s prompt', async () => {
    const { device } = fakePushDevice('off', { enable: 'denied' });
    render(<PushPrompt device={device} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }));
    expect(await screen.findByText(PUSH_DENIED)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the server’s refusal and lets the member try again', async () => {
    const { device } = fakePushDevice('off', { enable: new HttpError(400, 'This push service is not allowed') });
    render(<PushPrompt device={device} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This push service is not allowed');
    expect(screen.getByRole('button', { name: 'Turn on notifications on this device' })).toBeTruthy();
  });

  it('says so when this browser cannot receive pushes, and offers nothing', async () => {
    render(<PushPrompt device={fakePushDevice('unsupported').device} />);
    expect(await screen.findByText(PUSH_UNSUPPORTED)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
