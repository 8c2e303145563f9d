import type { CustomFieldDefinition } from '../read-model/bug.queries';

/** Who searches, for the visibility rule, `%user%`, personal tags and private comments. */
export interface SearchScope {
  readonly schema: string;
  readonly userId: number | null;
  readonly groupIds: readonly number[];
  readonly insider: boolean;
  readonly customFields: readonly CustomFieldDefinition[];
  /** select fields' values in sort-key order, for `order` */
  readonly valueOrder: Readonly<Record<string, readonly string[]>>;
}

export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
