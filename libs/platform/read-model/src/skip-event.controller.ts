import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CommonErrors,
  hasPermission,
  type ServiceName,
  type ServiceRequest,
  type SkipEventParams,
  type SkipEventResult,
  skipEventSubject,
} from '@tracker/contracts';
import type { ReadModel } from './read-model';
import { READ_MODEL } from './read-model.tokens';

/**
 * `<service>.admin.skip_event`: an administrator makes the service's stopped projection
 * pass over the event it cannot apply (see ReadModel.skip), giving a reason that is kept
 * in the log with the skip. Answers with the service's readiness afterwards.
 */
export function skipEventController(service: ServiceName): Type {
  @Controller()
  class SkipEventController {
    constructor(@Inject(READ_MODEL) private readonly readModel: ReadModel) {}

    @MessagePattern(skipEventSubject(service))
    async skip(@Payload() request: ServiceRequest<SkipEventParams>): Promise<SkipEventResult> {
      const { auth, params, correlationId } = request;
      if (!hasPermission(auth, 'admin')) {
        throw CommonErrors.notInGroup('admin', `skip events in the ${service} read model`);
      }
      if (!/^\d{1,40}$/.test(params.position)) throw CommonErrors.mustBeNumeric('position', params.position);
      const reason = params.reason.trim();
      if (reason === '') throw CommonErrors.userError('Say why the event is skipped (reason): it is recorded with the skip.');
      const skipped = await this.readModel.skip(
        { position: params.position, reason, ...(params.projection === undefined ? {} : { projection: params.projection }) },
        { actor: auth.userId, occurredAt: new Date().toISOString(), correlationId, causationId: correlationId },
      );
      const { ready, problems } = this.readModel.readiness();
      return { skipped, status: ready ? 'ok' : 'not_ready', problems };
    }
  }
  Object.defineProperty(SkipEventController, 'name', { value: `${service}SkipEventController` });
  return SkipEventController;
}
