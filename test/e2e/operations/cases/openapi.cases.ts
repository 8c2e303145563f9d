import { http } from '@tracker/testing';
import type { RunningTracker } from '../../../support/tracker';
import { ADMIN } from '../../../support/world';

type Operation = {
  security?: unknown[];
  parameters: Array<{ name?: string; in?: string }>;
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
};

export function openApiCases(tracker: () => RunningTracker): void {
  describe('GET /rest/openapi.json', () => {
    const fetchDocument = async (): Promise<Document> => {
      const response = await http(tracker().baseUrl, '/rest/openapi.json');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=UTF-8');
      return response.json<Document>();
    };

    it('describes the /rest contract as OpenAPI 3.1, without credentials', async () => {
      const doc = await fetchDocument();
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info).toMatchObject({ title: 'Tracker REST API', version: '5.2' });
      expect(doc.servers).toEqual([{ url: '/rest' }]);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/bug', '/bug/{id}', '/bug/{id}/comment', '/product', '/login', '/openapi.json']),
      );
      expect(Object.keys(doc.paths['/bug'] ?? {}).sort()).toEqual(['get', 'post']);
      expect(doc.paths['/bug/{id}']?.['get']?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
      expect(doc.paths['/version']?.['get']?.security).toEqual([]);
      expect(doc.components.securitySchemes['apiKeyHeader']).toEqual(expect.objectContaining({ in: 'header', name: 'X-BUGZILLA-API-KEY' }));
      expect(doc.components.schemas['Error']).toEqual(expect.objectContaining({ required: ['error', 'code', 'message'] }));
    });

    it('is the same document under /rest.cgi and for a logged-in caller', async () => {
      const plain = await http(tracker().baseUrl, '/rest/openapi.json');
      const cgi = await http(tracker().baseUrl, '/rest.cgi/openapi.json', { headers: ADMIN.headers });
      expect(cgi.text).toBe(plain.text);
      expect(cgi.headers['etag']).toBe(plain.headers['etag']);
    });

    it('describes only calls that are served: each GET without a path parameter is answered', async () => {
      const doc = await fetchDocument();
      const paths = Object.entries(doc.paths)
        .filter(([path, methods]) => methods['get'] && !path.includes('{'))
        .map(([path]) => path);
      expect(paths.length).toBeGreaterThan(15);
      const codes = await Promise.all(
        paths.map(async (path) => {
          const response = await http(tracker().baseUrl, `/rest${path}`, { headers: ADMIN.headers });
          return { path, code: response.json<{ code?: number }>().code ?? 'ok' };
        }),
      );
      expect(codes.filter(({ code }) => code === 32614)).toEqual([]);
    });
  });
}
