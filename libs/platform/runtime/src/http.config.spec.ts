import { EnvReader } from '@tracker/platform/config';
import { addressIdentifiesClient, readHttpConfig } from './http.config';

function read(env: Record<string, string>): ReturnType<typeof readHttpConfig> {
  const reader = new EnvReader(env);
  return reader.finish(readHttpConfig(reader));
}

describe('HTTP configuration: whose address the gateway sees', () => {
  it('given nothing set, then the address may be a proxy shared by every client', () => {
    expect(read({})).toMatchObject({ trustProxy: false, directClients: false });
    expect(addressIdentifiesClient(read({}))).toBe(false);
  });

  it("given a trusted proxy or direct clients, then the address is the client's own", () => {
    expect(addressIdentifiesClient(read({ TRACKER_TRUST_PROXY: 'true' }))).toBe(true);
    expect(addressIdentifiesClient(read({ TRACKER_DIRECT_CLIENTS: 'true' }))).toBe(true);
  });

  it('given both, then the configuration is refused: direct clients could write any X-Forwarded-For', () => {
    expect(() => read({ TRACKER_TRUST_PROXY: 'true', TRACKER_DIRECT_CLIENTS: 'yes' })).toThrow(
      'TRACKER_DIRECT_CLIENTS=true contradicts TRACKER_TRUST_PROXY=true (a proxy in front means clients do not connect directly)',
    );
  });
});
