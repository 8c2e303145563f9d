import type { FlagTypeSettings } from '@tracker/contracts';

/**
 * A flag type's settings as the specs write them: a bug type, everywhere, anyone may set,
 * request and name a requestee, several at once; `extra` for what a spec is about.
 */
export function flagTypeSettings(name: string, extra: Partial<FlagTypeSettings> = {}): FlagTypeSettings {
  return {
    name,
    description: `${name} type`,
    targetType: 'bug',
    sortKey: 1,
    isActive: true,
    isRequestable: true,
    isRequesteeble: true,
    isMultiplicable: true,
    ccList: [],
    grantGroup: null,
    requestGroup: null,
    inclusions: [{ product: null, component: null }],
    exclusions: [],
    ...extra,
  };
}
