import { constants } from 'node:fs';
import { copyFile, type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Creates `target` through `temp`: `fill` writes the temp file, which is flushed to disk,
 * renamed over the target, and then the directories whose entries changed are flushed
 * too. A reader sees the old or the new file, never a part, and once this resolves the
 * bytes survive a crash (without the directory flush a crash could lose the rename while
 * an event naming the bytes was already committed). On failure the temp file is removed.
 * A target given as a function is asked once the temp file is written.
 */
export async function replaceDurably(
  temp: string,
  targetOf: string | (() => Promise<string>),
  fill: (temp: string) => Promise<void>,
): Promise<void> {
  try {
    await fill(temp);
    await syncFile(temp);
    const target = typeof targetOf === 'string' ? targetOf : await targetOf();
    const created = await mkdir(dirname(target), { recursive: true });
    await rename(temp, target);
    for (const directory of changedDirectories(target, created)) await syncFile(directory);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Writes every chunk of `source` to a new file at `path`, each before pulling the next; returns the byte count. */
export async function writeChunks(path: string, source: AsyncIterable<Buffer>): Promise<number> {
  const file = await open(path, 'wx');
  try {
    let size = 0;
    for await (const chunk of source) {
      await writeFully(file, chunk);
      size += chunk.length;
    }
    return size;
  } finally {
    await file.close();
  }
}

/** A copy of `source` at `path`; shares blocks where the file system can (reflink), never the inode. */
export async function copyInto(source: string, path: string): Promise<void> {
  await copyFile(source, path, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
}

async function writeFully(file: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await file.write(chunk, offset, chunk.length - offset, null);
    offset += bytesWritten;
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** the target's directory, and when `mkdir` created directories, each parent that gained an entry */
function changedDirectories(target: string, firstCreated: string | undefined): string[] {
  const directories = [dirname(target)];
  if (firstCreated === undefined) return directories;
  const top = dirname(firstCreated);
  let directory = dirname(target);
  while (directory !== top) {
    directory = dirname(directory);
    directories.push(directory);
  }
  return directories;
}
