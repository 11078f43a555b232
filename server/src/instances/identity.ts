// This process as others can recognise it. Several server processes may share a database, an
// uploads directory or a DATA_DIR, and each must tell what another one left behind from what it is
// still writing. A PID says that only on its own machine and in its own PID namespace (two
// containers on one host may both have a PID 7), so the machine is named by the kernel's boot id
// and the PID namespace; a PID reused by another process is told by its start time.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { isRunning, processStartTicks } from '../db/data-dir-lock';

export interface ProcessIdentity {
  host: string;
  /** Boot id and PID namespace; null where the system does not say (then no PID is judged). */
  machine: string | null;
  pid: number;
  /** The PID's start time (processStartTicks); null where unknown. */
  started: string | null;
}

function readMachine(): string | null {
  try {
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const pidNamespace = fs.readlinkSync('/proc/self/ns/pid');
    return boot && pidNamespace ? `${boot}/${pidNamespace}` : null;
  } catch {
    return null;
  }
}

let me: ProcessIdentity | null = null;
let tag: string | undefined;

export function thisProcess(): ProcessIdentity {
  me ??= { host: os.hostname(), machine: readMachine(), pid: process.pid, started: processStartTicks(process.pid) };
  return me;
}

/** Eight hex digits naming the machine (or, where it cannot be named, the host). */
function machineHash(machine: string | null): string {
  return createHash('sha256')
    .update(machine ?? `host:${os.hostname()}`)
    .digest('hex')
    .slice(0, 8);
}

/**
 * What this process puts in the names of the files it writes and may leave behind (temp files of
 * uploads, partial stored files): `m<machine hash>p<pid>`, read back by leftByGoneProcess.
 */
export function writerTag(): string {
  const p = thisProcess();
  tag ??= `m${machineHash(p.machine)}p${p.pid}`;
  return tag;
}

/**
 * True when the process `w` is known to be gone: it ran on this machine (same boot, same PID
 * namespace) and its PID no longer runs, or now belongs to a process that started at another
 * time (this PID's earlier life, as in a restarted container). Elsewhere nothing is known: false.
 */
export function isGoneHere(w: { machine: string | null; pid: number; started: string | null }): boolean {
  const p = thisProcess();
  if (!p.machine || w.machine !== p.machine) return false;
  if (w.pid === p.pid) return w.started !== p.started;
  if (!isRunning(w.pid)) return true;
  const ticks = processStartTicks(w.pid);
  return w.started !== null && ticks !== null && ticks !== w.started;
}

/**
 * Whether a file named by a writer (writerTag, or a bare PID as older versions named them) was
 * left by a process of this machine that is gone. Meant for start-up, before this process writes
 * (a file of this PID is taken for an earlier life's). A file of another machine: false (it is
 * judged by its age instead); a name without a writer: undefined.
 */
export function leftByGoneProcess(name: string): boolean | undefined {
  const tagged = /(?:^|\.)m([0-9a-f]{8})p(\d+)-[0-9a-f-]+\.(?:part|upload)$/.exec(name);
  const pid = Number(tagged?.[2] ?? /(?:^|\.)(\d+)-[0-9a-f-]+\.(?:part|upload)$/.exec(name)?.[1] ?? 0);
  if (!pid) return undefined;
  if (tagged && tagged[1] !== machineHash(thisProcess().machine)) return false;
  return pid === process.pid || !isRunning(pid);
}
