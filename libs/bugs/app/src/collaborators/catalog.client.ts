import { Inject, Injectable } from '@nestjs/common';
import { type BugRulesResult, RESOLVE_BUG_RULES_SUBJECT, type ResolveBugRulesParams, type ServiceRequest } from '@tracker/contracts';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';

/** The catalog's rules for bugs, asked at the moment of the request (`catalog.bug-rules.resolve`). */
@Injectable()
export class CatalogClient {
  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  /** Fields, parameters and the named products (by name and/or id). */
  rules(request: ServiceRequest, products: ResolveBugRulesParams): Promise<BugRulesResult> {
    return this.bus.request<BugRulesResult, ResolveBugRulesParams>(RESOLVE_BUG_RULES_SUBJECT, {
      auth: request.auth,
      correlationId: request.correlationId,
      params: products,
    });
  }

  /** The cheap variant: fields and parameters only (search, reads). */
  fields(request: ServiceRequest): Promise<BugRulesResult> {
    return this.rules(request, {});
  }
}
