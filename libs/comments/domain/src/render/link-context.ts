/**
 * What the linkifier needs to know about the world: the bug the text belongs to (for
 * `comment N` links) and which referenced bugs and attachments exist. Bugzilla links a
 * bug reference only when the bug exists (visible or not: a hidden bug's link shows no
 * summary) and leaves other numbers as text; the handler asks the bugs service first.
 */
export interface LinkContext {
  readonly currentBugId: number | null;
  bugExists(bugId: number): boolean;
  attachmentExists(attachmentId: number): boolean;
}

/** Bugzilla never links ids beyond a 32-bit signed integer. */
export const MAX_LINKED_ID = 2_147_483_647;

/**
 * A context that links nothing and remembers every bug id asked about: rendering once
 * with it lists the ids to look up, with exactly the rules of the real rendering.
 */
export class ReferenceCollector implements LinkContext {
  private readonly bugs = new Set<number>();

  constructor(readonly currentBugId: number | null) {}

  bugExists(bugId: number): boolean {
    this.bugs.add(bugId);
    return false;
  }

  attachmentExists(): boolean {
    return false;
  }

  get bugIds(): number[] {
    return [...this.bugs];
  }
}
