import { Inject, Injectable } from '@nestjs/common';
import {
  BUG_RULES_STREAM_PREFIXES,
  type BugRulesResult,
  bugRulesCallerKey,
  RESOLVE_BUG_RULES_SUBJECT,
  type ResolveBugRulesParams,
  type ServiceRequest,
} from '@tracker/contracts';
import { EVENT_STORE, type EventStore } from '@tracker/platform/event-store';
import { MESSAGE_BUS, type MessageBus } from '@tracker/platform/messaging';
import { CatalogRulesCache } from './catalog-rules/catalog-rules.cache';
import { RulesChangeWatch } from './catalog-rules/rules-change-watch';

/** Questions kept: caller kinds (group sets) times the products asked about together. */
const KEPT_ANSWERS = 1000;

/**
 * The catalog's rules for bugs (`catalog.bug-rules.resolve`), as they are at the moment of
 * the request: a kept answer serves only while the log holds no later event that could
 * change it (docs/bugs.md, "Catalog rules cache").
 */
@Injectable()
export class CatalogClient {
  private readonly cache: CatalogRulesCache;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(EVENT_STORE) store: EventStore,
  ) {
    this.cache = new CatalogRulesCache(new RulesChangeWatch(store, BUG_RULES_STREAM_PREFIXES), KEPT_ANSWERS);
  }

  /** Fields, parameters and the named products (by name and/or id). */
  rules(request: ServiceRequest, products: ResolveBugRulesParams): Promise<BugRulesResult> {
    return this.cache.rules(questionKey(request, products), () =>
      this.bus.request<BugRulesResult, ResolveBugRulesParams>(RESOLVE_BUG_RULES_SUBJECT, {
        auth: request.auth,
        correlationId: request.correlationId,
        params: products,
      }),
    );
  }

  /**
   * The answer this process keeps to the same question, without looking at the log: it may
   * be out of date. A `rules` call made right after resolves to this very object when it is
   * not, so a caller can work on it while that call looks, and compare.
   */
  keptRules(request: ServiceRequest, products: ResolveBugRulesParams): BugRulesResult | undefined {
    return this.cache.keptAnswer(questionKey(request, products));
  }

  /** The cheap variant: fields and parameters only (search, reads). */
  fields(request: ServiceRequest): Promise<BugRulesResult> {
    return this.rules(request, {});
  }
}

/** The question's key: the caller's kind (its group set) and the products asked about. */
function questionKey(request: ServiceRequest, products: ResolveBugRulesParams): string {
  return JSON.stringify([bugRulesCallerKey(request.auth), products.products ?? [], products.productIds ?? []]);
}
