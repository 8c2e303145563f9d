import type { CatalogOptions } from '../catalog.options';

/** The installation default a select field has (Bugzilla's defaultpriority etc.), if any. */
export function defaultValueOf(options: CatalogOptions, fieldName: string): string | null {
  switch (fieldName) {
    case 'priority':
      return options.defaults.priority || null;
    case 'bug_severity':
      return options.defaults.severity || null;
    case 'rep_platform':
      return options.defaults.platform || null;
    case 'op_sys':
      return options.defaults.opSys || null;
    default:
      return null;
  }
}
