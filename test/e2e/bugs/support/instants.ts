import { sleep } from '@tracker/testing';

/** Events have whole seconds: waits until the clock is past the second of `instant`, so the next change is later. */
export async function afterSecondOf(instant: string): Promise<void> {
  const next = Date.parse(instant) + 1000;
  while (Date.now() < next) await sleep(next - Date.now() + 5);
}
