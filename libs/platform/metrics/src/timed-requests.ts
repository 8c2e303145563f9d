import type { ServiceRequest } from '@tracker/contracts';
import { natsRequestSeconds } from './tracker-metrics';

/** The message bus's one method (messaging's MessageBus, named here so messaging can use this). */
export interface Requester {
  request<Result, Params = unknown>(subject: string, request: ServiceRequest<Params>): Promise<Result>;
}

/**
 * The bus, timing each request until its reply by subject (the subject as the code names
 * it, without the transport's prefix): `ok`, or `error` for a refusal, a timeout or a
 * transport failure.
 */
export function timedRequests(bus: Requester): Requester {
  return {
    async request<Result, Params = unknown>(subject: string, request: ServiceRequest<Params>): Promise<Result> {
      const end = natsRequestSeconds.startTimer({ subject });
      try {
        const result = await bus.request<Result, Params>(subject, request);
        end({ outcome: 'ok' });
        return result;
      } catch (error) {
        end({ outcome: 'error' });
        throw error;
      }
    },
  };
}
