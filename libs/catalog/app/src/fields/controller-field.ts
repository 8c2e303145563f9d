import { type CatalogRef, isSelectType } from '@tracker/contracts';
import { CatalogErrors, type ControllerField } from '@tracker/catalog/domain';
import type { FieldQueries } from '../read-model/field.queries';

/**
 * The field named as a custom field's visibility_field or value_field: '' means none,
 * an unknown name is error 51. Whether it may control anything is the decider's call.
 */
export async function controllerField(fields: FieldQueries, name: string): Promise<ControllerField | null> {
  if (name.trim() === '') return null;
  const field = await fields.byName(name);
  if (!field) throw CatalogErrors.objectDoesNotExist('field', name.trim());
  return { id: field.id, name: field.name, displayName: field.display_name, type: field.type };
}

/** Values of the controlling field, by name (any case); an unknown one is 51 naming the field. */
export async function controllerValues(fields: FieldQueries, controller: ControllerField, names: readonly string[]): Promise<CatalogRef[]> {
  // a field that is no select has no values to name; the decider refuses it as a controller
  if (!isSelectType(controller.type)) return [];
  const found = await fields.selectValues(controller.id, names);
  for (const name of names) {
    if (!found.some((value) => value.name.toLowerCase() === name.trim().toLowerCase())) {
      throw CatalogErrors.objectDoesNotExist(controller.displayName, name.trim());
    }
  }
  return found;
}
