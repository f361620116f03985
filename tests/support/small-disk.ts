import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface SmallDisk {
  /** The disk's folder: a data folder goes inside it. */
  dir: string;
  /** Fills the disk to the last byte with a file of its own. */
  fill: () => void;
  /** Removes that file: the disk has room again. */
  makeRoom: () => void;
  /** The bytes still free. */
  freeBytes: () => number;
  remove: () => void;
}

/**
 * A disk of `megabytes` of its own (a tmpfs mounted on a new folder), for what a site does once it is full. Mounting
 * needs root, as the machines that run `npm test` give it (the CI runs as root; the browser and Java installs too).
 */
export function mountSmallDisk(megabytes: number): SmallDisk {
  if (process.getuid?.() !== 0) {
    throw new Error("Ce test monte un petit disque (tmpfs) pour le remplir : lancez npm test en root.");
  }
  const dir = mkdtempSync(path.join(tmpdir(), "petit-disque-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m,mode=0700`, "tmpfs", dir]);
  const filler = path.join(dir, "remplissage");
  return {
    dir,
    fill() {
      const chunk = Buffer.alloc(1024 * 1024);
      const fd = openSync(filler, "a");
      try {
        for (let size = chunk.length; size >= 1; size = Math.floor(size / 2)) {
          for (;;) {
            try {
              writeSync(fd, chunk, 0, size);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === "ENOSPC") break;
              throw error;
            }
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    makeRoom: () => rmSync(filler, { force: true }),
    freeBytes() {
      const stats = statfsSync(dir);
      return stats.bavail * stats.bsize;
    },
    remove() {
      execFileSync("umount", ["-l", dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
