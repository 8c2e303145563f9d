import type { DataSource } from 'typeorm';
import { KeyedLock } from './keyed-lock';

/**
 * A service's uniqueness locks by namespace (`login`, `product-name`, ...), the namespaces
 * typed by the service (`KeyedLocks<IdentityLock>`). See KeyedLock for what a lock holds.
 */
export class KeyedLocks<Namespace extends string = string> {
  constructor(private readonly dataSource: DataSource) {}

  withLock<T>(namespace: Namespace, keys: readonly string[], work: () => Promise<T>): Promise<T> {
    return new KeyedLock(this.dataSource, namespace).withLock(keys, work);
  }
}
