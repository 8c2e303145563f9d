import type { ReadinessProblem } from '@tracker/contracts';

/**
 * Whether a service can do all its work now. A service with a read model provides it
 * (ReadModelModule does), and its health message reports it; a service without one is
 * ready whenever it answers.
 */
export interface ServiceReadiness {
  readiness(): { readonly ready: boolean; readonly problems: readonly ReadinessProblem[] };
}

export const SERVICE_READINESS = Symbol('SERVICE_READINESS');
