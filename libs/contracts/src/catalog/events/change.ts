/** One changed value in an `...Updated` event: what it was and what it became. */
export interface CatalogChange<T> {
  readonly from: T;
  readonly to: T;
}

/** A reference that carries the name as it was when the event happened. */
export interface CatalogRef {
  readonly id: number;
  readonly name: string;
}
