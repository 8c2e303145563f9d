import { http } from '@tracker/testing';
import type { RunMode, RunningTracker } from '../../../support/tracker';

/** The gateway's foundation in each mode: the version, every service reachable over its transport, JSONP, the HTML view and the error envelope. */
export function foundationCases(tracker: () => RunningTracker, mode: RunMode): void {
  describe('foundation', () => {
    it('answers GET /rest/version with the contract version', async () => {
      const response = await http(tracker().baseUrl, '/rest/version', {
        headers: { accept: 'application/json', 'content-type': 'application/json' },
      });
      expect(response.status).toBe(200);
      expect(response.headers['vary']).toBe('Accept');
      expect(response.json()).toEqual({ version: '5.2' });
    });

    it('reaches every service over the transport of its mode', async () => {
      const response = await http(tracker().baseUrl, '/rest/health');
      expect(response.json()).toEqual({
        status: 'ok',
        services: { identity: 'ok', catalog: 'ok', bugs: 'ok', comments: 'ok', flags: 'ok', mailer: 'ok' },
      });
    });

    it('honours JSONP, the HTML view and the error envelope', async () => {
      const base = tracker().baseUrl;
      expect((await http(base, '/rest/version?callback=cb')).text).toBe('/**/cb({"version":"5.2"})');
      expect((await http(base, '/rest/version', { headers: { accept: 'text/html' } })).text).toContain(
        '&quot;version&quot;: &quot;5.2&quot;',
      );
      const missing = await http(base, '/rest/nothing-here');
      expect(missing.status).toBe(404);
      expect(missing.json()).toEqual({
        error: true,
        code: 32614,
        message: "A REST API resource was not found for 'GET /nothing-here'.",
        documentation: 'https://bugzilla.readthedocs.org/en/5.0/api/',
      });
    });

    it('lets an operator tool send an internal message to a service', async () => {
      await expect(tracker().request('catalog.health', null)).resolves.toEqual({ service: 'catalog', status: 'ok' });
    });

    if (mode === 'distributed') {
      it('reports a stopped service process as unavailable', async () => {
        await tracker().processes.get('flags')?.stop();
        const response = await http(tracker().baseUrl, '/rest/health');
        expect(response.json()).toMatchObject({ status: 'degraded', services: { flags: 'unavailable', identity: 'ok' } });
      });
    }
  });
}
