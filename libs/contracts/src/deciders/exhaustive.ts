/**
 * The end of a `switch` over a union: the compiler proves `value` cannot get here, so a
 * new command or event type that nobody handles is a type error, not a silent no-op.
 */
export function assertNever(value: never, what = 'case'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
