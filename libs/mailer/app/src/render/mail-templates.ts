import { Eta } from 'eta';

/**
 * The two eta engines of the mail templates. HTML escapes every `<%= %>` (a summary of
 * `<script>` stays text); plain text escapes nothing, since a mail client shows it as it is.
 * Templates live in `.templates.ts` files as strings, compiled once at load: the build copies
 * only TypeScript, and a template read from disk at send time could fail long after boot.
 */
const engines = {
  text: new Eta({ autoEscape: false, autoTrim: false }),
  html: new Eta({ autoEscape: true, autoTrim: false }),
};

export type MailPart = keyof typeof engines;

/** A compiled template of one part; `render(data)` fills it. */
export function mailTemplate<T extends object>(part: MailPart, source: string): (data: T) => string {
  const engine = engines[part];
  const compiled = engine.compile(source);
  return (data) => engine.render(compiled, data);
}

/**
 * A piece several templates of one part share (the comments of a change), included as
 * `<%~ include('@name', it) -%>`; it is resolved when a template renders.
 */
export function mailPartial(part: MailPart, name: string, source: string): void {
  engines[part].loadTemplate(`@${name}`, source);
}
