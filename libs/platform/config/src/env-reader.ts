/**
 * Reads configuration from environment variables once, at boot. Every problem is
 * collected, and `finish()` reports them all in one error, so an operator fixes a bad
 * deployment in one round instead of one variable per restart.
 */
export class EnvReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: Readonly<Record<string, string | undefined>>) {}

  string(name: string, fallback: string): string {
    const value = this.env[name];
    return value === undefined || value === '' ? fallback : value;
  }

  /**
   * For settings where "set to empty" means something (Bugzilla's empty group parameters
   * switch a feature off): '' when the variable is present and empty, the fallback when absent.
   */
  stringAllowingEmpty(name: string, fallback: string): string {
    const value = this.env[name];
    return value === undefined ? fallback : value.trim();
  }

  optionalString(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value === '' ? undefined : value;
  }

  requiredString(name: string, why: string): string {
    const value = this.optionalString(name);
    if (value === undefined) this.problems.push(`${name} is required ${why}`);
    return value ?? '';
  }

  int(name: string, fallback: number, range: { min?: number; max?: number } = {}): number {
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = range;
    if (!/^-?\d+$/.test(raw.trim()) || value < min || value > max) {
      this.problems.push(`${name}=${raw} is not an integer between ${min} and ${max}`);
      return fallback;
    }
    return value;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.optionalString(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      this.problems.push(`${name}=${raw} is not one of: ${allowed.join(', ')}`);
      return fallback;
    }
    return raw as T;
  }

  url(name: string, fallback: string, protocols: readonly string[]): string {
    const value = this.string(name, fallback);
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
        this.problems.push(`${name}=${value} must use one of the protocols ${protocols.join(', ')}`);
      }
    } catch {
      this.problems.push(`${name}=${value} is not a URL`);
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.optionalString(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    this.problems.push(`${name}=${raw} is not a boolean (true/false)`);
    return fallback;
  }

  /** Records a problem the caller's own check found in a variable (`NAME=value why`), to be listed by `finish`. */
  invalid(name: string, shownValue: string, why: string): void {
    this.problems.push(`${name}=${shownValue} ${why}`);
  }

  /** Throws one error listing every bad variable, or returns the config frozen. */
  finish<T extends object>(config: T): Readonly<T> {
    if (this.problems.length > 0) {
      throw new ConfigError(this.problems);
    }
    return deepFreeze(config);
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const inner of Object.values(value)) {
    if (inner && typeof inner === 'object' && !Object.isFrozen(inner)) deepFreeze(inner as object);
  }
  return Object.freeze(value);
}
