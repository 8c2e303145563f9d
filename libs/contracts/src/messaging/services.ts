/** The services of Tracker; each answers request/reply messages on `<service>.<verb>`. */
export const SERVICE_NAMES = ['identity', 'catalog', 'bugs', 'comments', 'flags', 'mailer'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export function isServiceName(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}

/** Every service answers this with its name and that it is up. */
export const healthSubject = (service: ServiceName): string => `${service}.health`;

export interface HealthReply {
  readonly service: ServiceName;
  readonly status: 'ok';
}
