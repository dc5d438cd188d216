/**
 * Whether this instance should be sent traffic (GET /api/ready): not while it starts (until the
 * process has finished starting), nor while it drains (from SIGTERM until it closes), so a proxy's
 * health check takes it out before its connections end. Liveness is GET /api/health.
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

export function createReadiness() {
  let state: ReadinessState = 'starting';
  return {
    get state() {
      return state;
    },
    ready() {
      if (state === 'starting') state = 'ready';
    },
    drain() {
      state = 'draining';
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
