// Starting the disk shell's commands through a small helper process (spawner-child.mjs): a fork
// copies the forking process's page tables, so from a CLI holding gigabytes each command cost
// tens of milliseconds of system time before it ran (two thirds of the ratchet's disk parts).
// One helper a thread, started on first use; a helper that dies fails what it was running and is
// started again for the next command.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** What happens to one command, in order: spawned (or error), output, exit, close. */
export interface SpawnEvents {
  spawned(pid: number): void;
  stdout(b: Buffer): void;
  stderr(b: Buffer): void;
  /** Output past the cap: counted, not sent. */
  skipped(stream: 'stdout' | 'stderr', bytes: number): void;
  exit(code: number | null, signal: NodeJS.Signals | null): void;
  close(): void;
  error(e: Error): void;
}

export interface SpawnRequest {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  /** Bytes of each stream to send; the rest is only counted. */
  cap: number;
}

const SPAWNED = 1;
const STDOUT = 2;
const STDERR = 3;
const EXIT = 4;
const CLOSE = 5;
const ERROR = 6;
const SKIPPED = 7;
const HEAD = 9;

class Helper {
  private readonly proc: ChildProcess;
  private readonly waiting = new Map<number, SpawnEvents>();
  private nextId = 1;
  private pending = Buffer.alloc(0);
  dead = false;

  constructor() {
    this.proc = spawn(process.execPath, [fileURLToPath(new URL('./spawner-child.mjs', import.meta.url))], {
      stdio: ['pipe', 'pipe', 'inherit'],
      // A plain script: none of the CLI's loaders.
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    // Idle, the helper keeps neither the thread nor the process alive; a running command's own
    // timers do.
    this.proc.unref();
    for (const s of [this.proc.stdin, this.proc.stdout] as unknown as { unref?: () => void }[]) s.unref?.();
    this.proc.stdout?.on('data', (b: Buffer) => this.read(b));
    const gone = (why: string) => {
      if (this.dead) return;
      this.dead = true;
      for (const ev of this.waiting.values()) ev.error(new Error(`the spawn helper ${why}`));
      this.waiting.clear();
    };
    this.proc.on('error', (e) => gone(`could not start: ${e.message}`));
    this.proc.on('exit', (code, signal) => gone(`exited (${signal ?? `code ${code}`})`));
  }

  run(req: SpawnRequest, events: SpawnEvents): { drop: () => void } {
    const id = this.nextId++;
    this.waiting.set(id, events);
    this.send({ op: 'spawn', id, ...req });
    return { drop: () => this.waiting.has(id) && this.send({ op: 'drop', id }) };
  }

  private send(m: object): void {
    this.proc.stdin?.write(`${JSON.stringify(m)}\n`);
  }

  private read(b: Buffer): void {
    let buf = this.pending.length ? Buffer.concat([this.pending, b]) : b;
    while (buf.length >= HEAD) {
      const len = buf.readUInt32LE(5);
      if (buf.length < HEAD + len) break;
      this.dispatch(buf.readUInt32LE(0), buf.readUInt8(4), buf.subarray(HEAD, HEAD + len));
      buf = buf.subarray(HEAD + len);
    }
    // Copied: what is left must not hold the whole chunk it came in.
    this.pending = Buffer.from(buf);
  }

  private dispatch(id: number, kind: number, body: Buffer): void {
    const ev = this.waiting.get(id);
    if (!ev) return;
    const json = () => JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    switch (kind) {
      case SPAWNED:
        ev.spawned(json().pid as number);
        break;
      case STDOUT:
        ev.stdout(Buffer.from(body));
        break;
      case STDERR:
        ev.stderr(Buffer.from(body));
        break;
      case SKIPPED: {
        const m = json();
        ev.skipped(m.stream === 1 ? 'stdout' : 'stderr', m.bytes as number);
        break;
      }
      case EXIT: {
        const m = json();
        ev.exit(m.code as number | null, m.signal as NodeJS.Signals | null);
        break;
      }
      case CLOSE:
        this.waiting.delete(id);
        ev.close();
        break;
      case ERROR: {
        const m = json();
        this.waiting.delete(id);
        ev.error(Object.assign(new Error(String(m.message)), { code: m.code }));
        break;
      }
    }
  }
}

let helper: Helper | undefined;

/** Starts a command through this thread's helper (started now if it is not running). */
export function spawnThroughHelper(req: SpawnRequest, events: SpawnEvents): { drop: () => void } {
  if (!helper || helper.dead) helper = new Helper();
  return helper.run(req, events);
}
