import { type CatalogApi, NOBODY } from './catalog-api';

export interface Value {
  name: string | null;
  sort_key?: number;
  sortkey?: number;
  visibility_values?: string[];
  is_active?: boolean;
  is_open?: boolean;
  can_change_to?: Array<{ name: string; comment_required: boolean }>;
  description?: string;
}
export interface Field {
  id: number;
  name: string;
  display_name: string;
  type: number;
  is_custom: boolean;
  is_mandatory: boolean;
  is_on_bug_entry: boolean;
  visibility_field: string | null;
  visibility_values: string[];
  value_field?: string | null;
  values?: Value[];
}

/** Bug.fields reads, bound to one running Tracker. */
export function fieldReads(api: CatalogApi) {
  const fields = async (path = '/rest/field/bug', caller = NOBODY): Promise<Field[]> =>
    (await api.read<{ fields: Field[] }>(path, caller)).fields;
  const field = async (name: string): Promise<Field> => {
    const [found] = await fields(`/rest/field/bug/${name}`);
    if (!found) throw new Error(`no field ${name}`);
    return found;
  };
  return { fields, field };
}
