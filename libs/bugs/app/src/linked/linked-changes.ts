import { Injectable } from '@nestjs/common';
import { bugStream, type UserRef } from '@tracker/contracts';
import { type ApplyLinkedChange, bugDecider } from '@tracker/bugs/domain';
import { type CommandContext, CommandRunner } from '@tracker/platform/command-handler';
import type { GlobalPosition } from '@tracker/platform/event-store';

/** What one request does to bugs it did not edit directly, by bug id. */
export class LinkedChanges {
  private readonly byBug = new Map<
    number,
    { dependsOn: Delta; blocks: Delta; addCc: UserRef | null; duplicate: ApplyLinkedChange['duplicate'] }
  >();

  private entry(bugId: number): { dependsOn: Delta; blocks: Delta; addCc: UserRef | null; duplicate: ApplyLinkedChange['duplicate'] } {
    const existing = this.byBug.get(bugId);
    if (existing) return existing;
    const fresh = { dependsOn: emptyDelta(), blocks: emptyDelta(), addCc: null, duplicate: null };
    this.byBug.set(bugId, fresh);
    return fresh;
  }

  /** Bug `bugId` now depends on / no longer depends on the bugs in `delta`: they block it (or stop). */
  dependencies(bugId: number, dependsOn: Readonly<Delta>, blocks: Readonly<Delta>): void {
    for (const other of dependsOn.added) this.entry(other).blocks.added.push(bugId);
    for (const other of dependsOn.removed) this.entry(other).blocks.removed.push(bugId);
    for (const other of blocks.added) this.entry(other).dependsOn.added.push(bugId);
    for (const other of blocks.removed) this.entry(other).dependsOn.removed.push(bugId);
  }

  duplicate(targetId: number, duplicate: { bugId: number; commentId: number }, addCc: UserRef | null): void {
    const entry = this.entry(targetId);
    entry.duplicate = duplicate;
    entry.addCc = addCc;
  }

  commands(changedBy: UserRef): Array<{ bugId: number; command: ApplyLinkedChange }> {
    return [...this.byBug.entries()].map(([bugId, entry]) => ({ bugId, command: { kind: 'ApplyLinkedChange', changedBy, ...entry } }));
  }
}

interface Delta {
  added: number[];
  removed: number[];
}
const emptyDelta = (): Delta => ({ added: [], removed: [] });

/** Appends the other bugs' sides of a request (after its own appends), each to its own stream. */
@Injectable()
export class LinkedChangeWriter {
  constructor(private readonly commands: CommandRunner) {}

  async write(
    linked: LinkedChanges,
    changedBy: UserRef,
    context: CommandContext,
  ): Promise<Array<{ stream: string; position: GlobalPosition | null; hasComment: boolean }>> {
    const results = [];
    for (const { bugId, command } of linked.commands(changedBy)) {
      const stream = bugStream(bugId);
      const result = await this.commands.append(bugDecider, stream, command, context);
      results.push({ stream, position: result.position, hasComment: command.duplicate !== null });
    }
    return results;
  }
}
