// The spawn helper (spawner.ts): a small process that starts the disk shell's commands for a big
// one. Forking costs time in proportion to the forking process's resident memory (measured: 2 ms
// of system time from a bare Node, 33 ms from one holding 1.5 GB), so the CLI, whose scenario
// threads hold gigabytes, forks once, this helper, and the helper forks every command.
//
// In: one JSON request a line on stdin, {op: 'spawn', id, file, args, cwd, env, cap} or
// {op: 'drop', id} (stop relaying a command's output: a job it left running may hold its pipes).
// Out: frames on stdout, [u32 id][u8 kind][u32 length][payload], kinds below. Each stream's
// output past `cap` bytes is not sent, only counted.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Buffer } from 'node:buffer';
import process from 'node:process';

const SPAWNED = 1; // {pid}
const STDOUT = 2; // bytes
const STDERR = 3; // bytes
const EXIT = 4; // {code, signal}
const CLOSE = 5;
const ERROR = 6; // {code, message}
const SKIPPED = 7; // {stream: 1 | 2, bytes}

const children = new Map();

function frame(id, kind, payload = Buffer.alloc(0)) {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload));
  const head = Buffer.alloc(9);
  head.writeUInt32LE(id, 0);
  head.writeUInt8(kind, 4);
  head.writeUInt32LE(body.length, 5);
  process.stdout.write(body.length ? Buffer.concat([head, body]) : head);
}

function start({ id, file, args, cwd, env, cap }) {
  let child;
  try {
    child = spawn(file, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    frame(id, ERROR, { code: e.code, message: e.message });
    return;
  }
  children.set(id, child);
  child.on('error', (e) => frame(id, ERROR, { code: e.code, message: e.message }));
  if (child.pid !== undefined) frame(id, SPAWNED, { pid: child.pid });
  const relay = (kind, stream) => {
    let room = cap;
    return (b) => {
      const sent = Math.min(room, b.length);
      if (sent > 0) frame(id, kind, sent < b.length ? b.subarray(0, sent) : b);
      room -= sent;
      if (sent < b.length) frame(id, SKIPPED, { stream, bytes: b.length - sent });
    };
  };
  child.stdout.on('data', relay(STDOUT, 1));
  child.stderr.on('data', relay(STDERR, 2));
  child.on('exit', (code, signal) => frame(id, EXIT, { code, signal }));
  child.on('close', () => {
    children.delete(id);
    frame(id, CLOSE);
  });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.op === 'spawn') start(m);
  else if (m.op === 'drop') {
    const child = children.get(m.id);
    child?.stdout.destroy();
    child?.stderr.destroy();
  }
});
// The owner is gone (or done with us): its commands are its to end, not ours.
process.stdin.on('end', () => process.exit(0));
