import { Inject, Injectable } from '@nestjs/common';
import { BUG_ACCESS_SUBJECT, type BugAccessParams, type BugAccessResult, type ServiceRequest } from '@tracker/contracts';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';

/** The bugs service, asked which bugs the caller can see now (`bugs.access`, batched). */
@Injectable()
export class BugsClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  async visible(request: Pick<ServiceRequest, 'auth' | 'correlationId'>, bugIds: readonly number[]): Promise<Set<number>> {
    const refs = [...new Set(bugIds)];
    if (refs.length === 0) return new Set();
    const result = await this.bus.request<BugAccessResult, BugAccessParams>(BUG_ACCESS_SUBJECT, { ...request, params: { refs } });
    return new Set(result.bugs.flatMap((entry) => (entry.bugId !== null ? [entry.bugId] : [])));
  }
}
