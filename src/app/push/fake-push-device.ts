import type { PushDevice, PushState } from './push.api.ts';

/** The browser's side of push, faked for component tests: what it was asked (`calls`), and what it answers. */
export function fakePushDevice(initial: PushState, outcome: { enable?: PushState | Error } = {}) {
  const calls: string[] = [];
  let state = initial;
  const device: PushDevice = {
    state: async () => state,
    async enable() {
      calls.push('enable');
      if (outcome.enable instanceof Error) throw outcome.enable;
      return (state = outcome.enable ?? 'on');
    },
    async disable() {
      calls.push('disable');
      return (state = 'off');
    },
  };
  return { device, calls };
}
