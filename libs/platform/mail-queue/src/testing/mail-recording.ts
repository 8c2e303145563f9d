import type { MailHandler, MailJobInfo, MailMessage } from '../mail-queue.port';

/** One call of a handler, as a test saw it. */
export interface Delivery {
  readonly message: MailMessage;
  readonly info: MailJobInfo;
  /** Date.now() when the handler was called */
  readonly at: number;
}

/** A handler that records each call, then does `then` (which may throw to fail the try). */
export function recordingHandler(
  deliveries: Delivery[],
  then: (delivery: Delivery) => Promise<void> | void = () => undefined,
): MailHandler {
  return async (message, info) => {
    const delivery = { message, info, at: Date.now() };
    deliveries.push(delivery);
    await then(delivery);
  };
}

export interface Gate {
  /** settles once open() was called */
  readonly passed: Promise<void>;
  open(): void;
}

/** Holds handlers inside their call until the test lets them go. */
export function gate(): Gate {
  let release: () => void = () => undefined;
  const passed = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { passed, open: () => release() };
}

export function mail(subject: string, overrides: Partial<MailMessage> = {}): MailMessage {
  return { to: ['ann@example.com'], from: 'tracker@example.com', subject, text: `Body of ${subject}`, ...overrides };
}

/** Every optional field set, and text that breaks naive encodings. */
export function fullMail(): MailMessage {
  return {
    to: ['ann@example.com', 'bob@example.org'],
    cc: ['chloé@example.fr'],
    from: 'Tracker <tracker@example.com>',
    subject: '[Bug 42] Ünïcödé ✓ 😀 日本語のバグ — “quoted”',
    text: 'Line 1\r\nLine 2 with tab\tand emoji 🐛\n\nZalgo: Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇\n{"json": "not parsed"}\n\u0000nul',
    html: '<p>Line 1<br>&lt;script&gt; 🐛 日本語</p>',
    headers: { 'X-Bugzilla-Product': 'Tracker', 'X-Bugzilla-Reason': 'AssignedTo', 'In-Reply-To': '<bug-42@tracker>' },
  };
}
