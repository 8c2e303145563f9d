// The gateway alone over HTTP: identity and a service stand-in on the in-process bus, and probe
// routes that show what reaches a service.
import { Controller, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { z } from 'zod';
import {
  ANONYMOUS,
  AUTHENTICATE_SUBJECT,
  type AuthContext,
  type AuthenticateParams,
  DomainError,
  param,
  type ServiceRequest,
} from '@tracker/contracts';
import { FieldFilter, bugFieldType, filterObjects } from '@tracker/field-filter';
import { IN_PROCESS_BROKER, MessagingModule, messageServerStrategy } from '@tracker/platform/messaging';
import { GatewayModule } from './gateway.module';
import type { Route } from './routing/route';
import { systemRoutes } from './routes/system.routes';

export const USER_7: AuthContext = { ...ANONYMOUS, userId: 7, login: 'seven@example.com', realName: 'Seven', permissions: ['editbugs'] };
let localCalls = 0;

/** How many times a local probe route answered: a refused request must not reach one. */
export const localCallCount = (): number => localCalls;

/** Stands in for identity and a service, so the gateway is tested alone. */
@Controller()
class FakeServices {
  @MessagePattern(AUTHENTICATE_SUBJECT)
  authenticate(@Payload() request: ServiceRequest<AuthenticateParams>): AuthContext {
    const { credentials, ip } = request.params;
    if (credentials.method === 'api_key' && credentials.apiKey === 'good') return { ...USER_7, ip };
    throw new DomainError('apiKeyInvalid', 'The API key you specified is invalid. Please check that you typed it correctly.');
  }

  @MessagePattern('probe.whoami')
  whoami(@Payload() request: ServiceRequest): unknown {
    return { auth: request.auth, params: request.params, fields: request.fields, correlationId: request.correlationId };
  }

  @MessagePattern('probe.missing')
  missing(): never {
    throw new DomainError('bugDoesNotExist', 'Bug #99999 does not exist.');
  }
}

const echo = (params: unknown): unknown => {
  localCalls += 1;
  return { params };
};

const probeRoutes: readonly Route[] = [
  ...systemRoutes,
  { method: 'GET', path: '/probe/echo/:id', target: { kind: 'local', answer: echo } },
  { method: 'PUT', path: '/probe/echo/:id', target: { kind: 'local', answer: echo } },
  { method: 'POST', path: '/probe/echo', successStatus: 201, target: { kind: 'local', answer: echo } },
  { method: 'GET', path: '/probe/whoami', target: { kind: 'message', subject: 'probe.whoami' } },
  { method: 'GET', path: '/probe/missing', target: { kind: 'message', subject: 'probe.missing' } },
  { method: 'GET', path: '/probe/nobody', target: { kind: 'message', subject: 'probe.nobody-answers' } },
  {
    method: 'GET',
    path: '/probe/private',
    target: { kind: 'local', answer: () => Promise.reject(new DomainError('bugAccessDenied', 'You are not authorized to access bug #3.')) },
  },
  { method: 'GET', path: '/probe/crash', target: { kind: 'local', answer: () => Promise.reject(new Error('secret detail')) } },
  { method: 'GET', path: '/probe/logout', target: { kind: 'local', answer: () => null } },
  { method: 'GET', path: '/probe/valid', target: { kind: 'local', answer: () => true } },
  {
    method: 'GET',
    path: '/probe/typed',
    params: z.object({ ids: param.list(param.int()), flag: param.optional(param.bool()) }),
    target: { kind: 'local', answer: echo },
  },
  {
    method: 'GET',
    path: '/probe/bugs',
    target: {
      kind: 'local',
      answer: () => ({ bugs: [{ id: 1, summary: 'One', cf_colour: 'red', tags: ['mine'] }], faults: [] }),
    },
    filterResponse: (result, fields) => {
      const { bugs, faults } = result as { bugs: Array<Record<string, unknown>>; faults: unknown[] };
      return { bugs: filterObjects(bugs, { typeOf: bugFieldType }, new FieldFilter(fields)), faults };
    },
  },
];

export interface ProbeGatewayOptions {
  /** the routes served (default: the probe routes) */
  readonly routes?: readonly Route[];
  /** more stand-in services */
  readonly controllers?: readonly Type[];
  /** more modules (a blob store) */
  readonly imports?: readonly DynamicModule[];
  readonly maxBodyBytes?: number;
  readonly maxAttachmentBytes?: number;
  /** the Fastify adapter (to watch the routes registered on it) */
  readonly adapter?: FastifyAdapter;
}

/** A gateway on an ephemeral port with the probe routes (or others) and stand-in services. */
export const startProbeGateway = async (options: ProbeGatewayOptions = {}): Promise<{ app: INestApplication; base: string }> => {
  const config = { transport: 'in-process', timeoutMs: 300 } as const;
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const gateway = { maxBodyBytes, addressIdentifiesClient: false, maxAttachmentBytes: options.maxAttachmentBytes ?? 1000 * 1024 };
  const routes = options.routes ?? probeRoutes;
  const moduleRef = await Test.createTestingModule({
    imports: [MessagingModule.forRoot(config), ...(options.imports ?? []), GatewayModule.forRoot(gateway, [() => routes])],
    controllers: [FakeServices, ...(options.controllers ?? [])],
  }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(options.adapter ?? new FastifyAdapter({ bodyLimit: maxBodyBytes }), {
    bodyParser: false,
    logger: false,
  });
  app.connectMicroservice({ strategy: messageServerStrategy(config, app.get(IN_PROCESS_BROKER), undefined) }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.listen(0, '127.0.0.1');
  return { app, base: await app.getUrl() };
};
