import { ADMIN, type CatalogApi, NOBODY, unique } from './catalog-api';

export interface Component {
  id: number;
  name: string;
  description?: string;
  default_assigned_to?: string;
  default_qa_contact?: string;
  is_active?: boolean;
}
export interface Listed {
  id: number;
  name: string;
  sort_key?: number;
  is_active?: boolean;
}
export interface Product {
  id: number;
  name: string;
  description?: string;
  is_active?: boolean;
  default_milestone?: string;
  has_unconfirmed?: boolean;
  classification?: string;
  components?: Component[];
  versions?: Listed[];
  milestones?: Listed[];
  group_controls?: unknown[];
}

export const TEST_PRODUCT = {
  id: 1,
  name: 'TestProduct',
  description: 'This is a test product. This ought to be blown away and replaced with real stuff in a finished installation of bugzilla.',
  is_active: true,
  default_milestone: '---',
  has_unconfirmed: true,
  classification: 'Unclassified',
  components: [
    {
      id: 1,
      name: 'TestComponent',
      description:
        'This is a test component in the test product database. This ought to be blown away and replaced with real stuff in a finished installation of Bugzilla.',
      default_assigned_to: 'admin@example.com',
      default_qa_contact: '',
      sort_key: 0,
      is_active: true,
      flag_types: { bug: [], attachment: [] },
    },
  ],
  versions: [{ id: 1, name: 'unspecified', sort_key: 0, is_active: true }],
  milestones: [{ id: 1, name: '---', sort_key: 0, is_active: true }],
};

export const EDITCOMPONENTS = (object: string, action = 'add, modify or delete'): string =>
  `Sorry, you aren't a member of the 'editcomponents' group, and so you are not authorized to ${action} ${object}.`;

/** The reads most product cases make, bound to one running Tracker. */
export function productReads(api: CatalogApi) {
  const products = async (path: string, caller = NOBODY): Promise<Product[]> =>
    (await api.read<{ products: Product[] }>(path, caller)).products;
  const product = async (name: string, caller = ADMIN): Promise<Product> => {
    const [found] = await products(`/rest/product/${encodeURIComponent(name)}`, caller);
    if (!found) throw new Error(`no product ${name}`);
    return found;
  };
  const newProduct = async (fields: Record<string, unknown> = {}): Promise<{ id: number; name: string }> => {
    const name = unique('Prod');
    const id = await api.create('/rest/product', { name, description: `${name} product`, version: '1.0', ...fields });
    return { id, name };
  };
  const ids = async (path: string, caller = NOBODY): Promise<number[]> => (await api.read<{ ids: number[] }>(path, caller)).ids;
  return { products, product, newProduct, ids };
}
