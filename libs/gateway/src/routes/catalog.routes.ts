import {
  CREATE_CLASSIFICATION_SUBJECT,
  CREATE_COMPONENT_SUBJECT,
  CREATE_FIELD_SUBJECT,
  CREATE_FIELD_VALUE_SUBJECT,
  CREATE_KEYWORD_SUBJECT,
  CREATE_MILESTONE_SUBJECT,
  CREATE_PRODUCT_SUBJECT,
  CREATE_VERSION_SUBJECT,
  type FieldSelection,
  GET_CLASSIFICATIONS_SUBJECT,
  GET_FIELDS_SUBJECT,
  GET_PRODUCTS_SUBJECT,
  GET_WORKFLOW_SUBJECT,
  LEGAL_VALUES_SUBJECT,
  PRODUCT_IDS_SUBJECT,
  type ProductType,
  REBUILD_CATALOG_SUBJECT,
  UPDATE_CLASSIFICATION_SUBJECT,
  UPDATE_COMPONENT_SUBJECT,
  UPDATE_FIELD_SUBJECT,
  UPDATE_FIELD_VALUE_SUBJECT,
  UPDATE_KEYWORD_SUBJECT,
  UPDATE_MILESTONE_SUBJECT,
  UPDATE_PRODUCT_SUBJECT,
  UPDATE_VERSION_SUBJECT,
  UPDATE_WORKFLOW_SUBJECT,
  createClassificationParams,
  createComponentParams,
  createFieldParams,
  createFieldValueParams,
  createKeywordParams,
  createMilestoneParams,
  createProductParams,
  createVersionParams,
  getClassificationsParams,
  getFieldsParams,
  getProductsParams,
  legalValuesParams,
  updateClassificationParams,
  updateComponentParams,
  updateFieldParams,
  updateFieldValueParams,
  updateKeywordParams,
  updateMilestoneParams,
  updateProductParams,
  updateVersionParams,
  updateWorkflowParams,
} from '@tracker/contracts';
import { FieldFilter, type ObjectShape, filterObjects } from '@tracker/field-filter';
import { z } from 'zod';
import { componentFlagTypes } from '../composition/component-flag-types.composer';
import type { HttpMethod, Route } from '../routing/route';

/**
 * The REST routes answered by the catalog service: Bugzilla's Product, Component,
 * Classification and Bug.fields / legal_values calls, and Tracker's administration
 * extensions (docs/catalog.md). Creates answer 201 as Bugzilla's do.
 */
const message = (subject: string): Route['target'] => ({ kind: 'message', subject });

/** Product.get filters components, versions and milestones by `parent.child`; flag_types goes whole. */
export const PRODUCT_SHAPE: ObjectShape = {
  types: { group_controls: ['extra'] },
  nested: { components: {}, versions: {}, milestones: {} },
};

const CLASSIFICATION_SHAPE: ObjectShape = { nested: { products: {} } };

/** Filters the objects of one list of the result (`{products: [...]}`), keeping the rest. */
const filterList =
  (key: string, shape: ObjectShape) =>
  (result: unknown, fields: FieldSelection): unknown => {
    const body = result as Record<string, Array<Record<string, unknown>>>;
    return { ...body, [key]: filterObjects(body[key] ?? [], shape, new FieldFilter(fields)) };
  };

const productIds = (path: string, type: ProductType): Route => ({
  method: 'GET',
  path,
  params: z.unknown().transform(() => ({ type })),
  target: message(PRODUCT_IDS_SUBJECT),
});

const create = (path: string, subject: string, params: z.ZodType): Route => ({
  method: 'POST',
  path,
  params,
  successStatus: 201,
  target: message(subject),
});

const call = (method: HttpMethod, path: string, subject: string, params?: z.ZodType): Route => ({
  method,
  path,
  ...(params ? { params } : {}),
  target: message(subject),
});

const getProducts = (path: string): Route => ({
  ...call('GET', path, GET_PRODUCTS_SUBJECT, getProductsParams),
  compose: [componentFlagTypes],
  filterResponse: filterList('products', PRODUCT_SHAPE),
});

const getFields = (path: string): Route => ({
  ...call('GET', path, GET_FIELDS_SUBJECT, getFieldsParams),
  filterResponse: filterList('fields', {}),
});

export const catalogRoutes: readonly Route[] = [
  productIds('/product_accessible', 'accessible'),
  productIds('/product_selectable', 'selectable'),
  productIds('/product_enterable', 'enterable'),
  getProducts('/product'),
  getProducts('/product/:id_or_name'),
  create('/product', CREATE_PRODUCT_SUBJECT, createProductParams),
  call('PUT', '/product/:id_or_name', UPDATE_PRODUCT_SUBJECT, updateProductParams),

  create('/component', CREATE_COMPONENT_SUBJECT, createComponentParams),
  call('PUT', '/component/:id', UPDATE_COMPONENT_SUBJECT, updateComponentParams),
  call('PUT', '/component/:product/:component', UPDATE_COMPONENT_SUBJECT, updateComponentParams),
  create('/version', CREATE_VERSION_SUBJECT, createVersionParams),
  call('PUT', '/version/:id', UPDATE_VERSION_SUBJECT, updateVersionParams),
  call('PUT', '/version/:product/:version', UPDATE_VERSION_SUBJECT, updateVersionParams),
  create('/milestone', CREATE_MILESTONE_SUBJECT, createMilestoneParams),
  call('PUT', '/milestone/:id', UPDATE_MILESTONE_SUBJECT, updateMilestoneParams),
  call('PUT', '/milestone/:product/:milestone', UPDATE_MILESTONE_SUBJECT, updateMilestoneParams),

  {
    ...call('GET', '/classification/:id_or_name', GET_CLASSIFICATIONS_SUBJECT, getClassificationsParams),
    filterResponse: filterList('classifications', CLASSIFICATION_SHAPE),
  },
  create('/classification', CREATE_CLASSIFICATION_SUBJECT, createClassificationParams),
  call('PUT', '/classification/:id_or_name', UPDATE_CLASSIFICATION_SUBJECT, updateClassificationParams),
  create('/keyword', CREATE_KEYWORD_SUBJECT, createKeywordParams),
  call('PUT', '/keyword/:id_or_name', UPDATE_KEYWORD_SUBJECT, updateKeywordParams),

  getFields('/field/bug'),
  getFields('/field/bug/:id_or_name'),
  create('/field/bug', CREATE_FIELD_SUBJECT, createFieldParams),
  call('PUT', '/field/bug/:id_or_name', UPDATE_FIELD_SUBJECT, updateFieldParams),
  call('GET', '/field/bug/:field/values', LEGAL_VALUES_SUBJECT, legalValuesParams),
  call('GET', '/field/bug/:field/:product_id/values', LEGAL_VALUES_SUBJECT, legalValuesParams),
  create('/field/bug/:field/values', CREATE_FIELD_VALUE_SUBJECT, createFieldValueParams),
  call('PUT', '/field/bug/:field/values/:value', UPDATE_FIELD_VALUE_SUBJECT, updateFieldValueParams),

  call('GET', '/workflow', GET_WORKFLOW_SUBJECT),
  call('PUT', '/workflow', UPDATE_WORKFLOW_SUBJECT, updateWorkflowParams),
  call('POST', '/catalog/rebuild', REBUILD_CATALOG_SUBJECT),
];
