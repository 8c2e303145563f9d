/**
 * zod infers a `param.optional(...)` field as a required key that may hold undefined;
 * over the wire such keys are simply absent. This makes them optional keys, so that
 * callers (other services, tests) may leave them out.
 */
export type WithOptionalKeys<T> = { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
};
