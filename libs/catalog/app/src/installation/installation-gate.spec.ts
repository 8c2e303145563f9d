import { ErrorCode, isDomainError } from '@tracker/contracts';
import { InstallationGate } from './installation-gate';

describe('InstallationGate', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('lets requests through once the catalog is installed, those waiting included', async () => {
    const gate = new InstallationGate();
    const waiting = gate.whenInstalled('c-1');
    jest.advanceTimersByTime(1_000);
    gate.markInstalled();
    await expect(waiting).resolves.toBeUndefined();
    await expect(gate.whenInstalled('c-2')).resolves.toBeUndefined();
  });

  it('answers a retryable 503 after 12 s, inside the 15 s bus timeout, naming the correlation id', async () => {
    const gate = new InstallationGate();
    const waiting = gate.whenInstalled('c-3').catch((error: unknown) => error);
    jest.advanceTimersByTime(11_999);
    await Promise.resolve();
    jest.advanceTimersByTime(1);
    const error = await waiting;
    expect(isDomainError(error) && { code: error.code, message: error.message }).toEqual({
      code: ErrorCode.serviceUnavailable,
      message: expect.stringContaining('still installing its defaults') as string,
    });
    expect((error as Error).message).toContain('c-3');
  });
});
