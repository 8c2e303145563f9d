import { Inject, Injectable } from '@nestjs/common';
import {
  COMMENTS_SYNC_SUBJECT,
  type CommentsSyncParams,
  type CommentsSyncResult,
  type HealthReply,
  healthSubject,
  type ServiceRequest,
} from '@tracker/contracts';
import type { GlobalPosition } from '@tracker/platform/event-store';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';
import { notAcceptingChanges } from '@tracker/platform/read-model';

/**
 * Read-your-writes across services: after appending events that carry comments, the
 * reply waits until the comments service has projected them (`comments.sync`), so a
 * client that creates a bug and reads its comments at once sees comment 0.
 */
@Injectable()
export class CommentsSyncClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  /** Before appending comments: refuses (503, nothing written) when the comments service could not show them. */
  async assertReady(request: ServiceRequest): Promise<void> {
    const health = await this.bus.request<HealthReply>(healthSubject('comments'), {
      auth: request.auth,
      correlationId: request.correlationId,
      params: null,
    });
    if (health.status === 'not_ready' && health.problems[0]) throw notAcceptingChanges('comments', health.problems[0]);
  }

  async sync(request: ServiceRequest, streams: ReadonlyArray<{ stream: string; position: GlobalPosition }>): Promise<void> {
    await Promise.all(
      streams.map(({ stream, position }) =>
        this.bus.request<CommentsSyncResult, CommentsSyncParams>(COMMENTS_SYNC_SUBJECT, {
          auth: request.auth,
          correlationId: request.correlationId,
          params: { streamName: stream, position: position.toString() },
        }),
      ),
    );
  }
}
