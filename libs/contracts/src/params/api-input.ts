/** A REST parameter name (`assigned_to`) as the domain spells it (`assignedTo`), in types. */
export type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : Name;

/**
 * A value with camelCase keys at every level of its plain objects; a key whose value may
 * be undefined (an optional parameter) is an optional key.
 */
export type CamelCased<Value> = Value extends readonly (infer Item)[]
  ? CamelCased<Item>[]
  : Value extends object
    ? CamelObject<Value, never>
    : Value;

type CamelObject<Shape, Omitted extends string> = {
  readonly [Key in keyof Shape as OptionalName<Shape, Key, Omitted>]?: CamelCased<Exclude<Shape[Key], undefined>>;
} & {
  readonly [Key in keyof Shape as RequiredName<Shape, Key, Omitted>]: CamelCased<Shape[Key]>;
};

type Kept<Key, Omitted extends string> = Key extends Omitted ? never : Key extends string ? CamelCase<Key> : never;
type OptionalName<Shape, Key extends keyof Shape, Omitted extends string> = undefined extends Shape[Key] ? Kept<Key, Omitted> : never;
type RequiredName<Shape, Key extends keyof Shape, Omitted extends string> = undefined extends Shape[Key] ? never : Kept<Key, Omitted>;

/**
 * An endpoint's parameters, as validated by its zod schema (`z.infer`), the way a decider
 * reads them: camelCase names, without the keys the handler takes for itself (`Omitted`:
 * ids of the path, `flags`), and custom fields (`cf_…`, as sent) apart. The type follows
 * the schema, so the input of a command is written once, in the message file.
 */
export type ApiInput<Params, Omitted extends string = never> = CamelObject<Params, Omitted | `cf_${string}`> & {
  /** custom fields by name, values as sent */
  readonly customFields: Readonly<Record<string, unknown>>;
};

/** The parameters as ApiInput: names camel-cased, absent values dropped, `cf_…` keys in `customFields`. */
export function apiInput<Params extends object, Omitted extends string = never>(
  params: Params,
  omitted: readonly Omitted[] = [],
): ApiInput<Params, Omitted> {
  const input: Record<string, unknown> = {};
  const customFields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key.startsWith('cf_')) customFields[key] = value;
    else if (value !== undefined && !(omitted as readonly string[]).includes(key)) input[camelCase(key)] = camelCased(value);
  }
  return { ...input, customFields } as ApiInput<Params, Omitted>;
}

function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function camelCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCased);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => [camelCase(key), camelCased(item)]),
  );
}
