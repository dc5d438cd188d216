import type { ScoreUpdate } from '#shared/api/score.ts';

/** Every in-process event and what it carries. */
export type AppEvents = {
  /** A member's score changed; published after the change is committed. */
  scoreUpdate: ScoreUpdate;
};

type Listener<T> = (payload: T) => void;

export type EventBus = {
  publish<K extends keyof AppEvents>(name: K, payload: AppEvents[K]): void;
  /** Returns the function that unsubscribes. */
  subscribe<K extends keyof AppEvents>(name: K, listener: Listener<AppEvents[K]>): () => void;
};

/**
 * A small typed publish/subscribe inside one process (created in buildApp and passed to the
 * services that publish). A listener that throws is logged and never fails the publisher.
 */
export function createEventBus(log?: { error(obj: object, msg: string): void }): EventBus {
  const listeners = new Map<keyof AppEvents, Set<Listener<never>>>();
  return {
    publish(name, payload) {
      for (const listener of listeners.get(name) ?? []) {
        try {
          (listener as Listener<typeof payload>)(payload);
        } catch (error) {
          log?.error({ err: error, event: name }, 'event listener failed');
        }
      }
    },
    subscribe(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => set.delete(listener as Listener<never>);
    },
  };
}
