// Runs inside the WebContainer (plain Node): applies what the fs API cannot (symlinks, modes,
// mtimes) and lists the workspace tree, so the host can sync both ways byte for byte.
// Usage: node sync.mjs <job.json>
// job: { root, skip: [names under root to leave out], ops: [{op, path, ...}], manifest: path }
import * as fs from 'node:fs';
import * as path from 'node:path';
import process from 'node:process';

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

for (const o of job.ops) {
  if (o.op === 'symlink') {
    fs.rmSync(o.path, { force: true, recursive: true });
    fs.mkdirSync(path.dirname(o.path), { recursive: true });
    fs.symlinkSync(o.target, o.path);
  } else if (o.op === 'chmod') {
    fs.chmodSync(o.path, o.mode);
  } else if (o.op === 'utimes') {
    fs.utimesSync(o.path, o.mtimeMs / 1000, o.mtimeMs / 1000);
  } else {
    throw new Error('sync.mjs: unknown op ' + o.op);
  }
}

// One entry per path: [path, type, mode, size, mtimeMs, linkTarget]. Types: f, d, l, o.
const out = [];
const skip = new Set(job.skip.map((n) => path.join(job.root, n)));
const walk = (dir) => {
  for (const name of fs.readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (skip.has(p)) continue;
    const s = fs.lstatSync(p);
    const type = s.isSymbolicLink() ? 'l' : s.isDirectory() ? 'd' : s.isFile() ? 'f' : 'o';
    out.push([p, type, s.mode & 0o7777, s.size, Math.floor(s.mtimeMs), type === 'l' ? fs.readlinkSync(p) : '']);
    if (type === 'd') walk(p);
  }
};
walk(job.root);
fs.writeFileSync(job.manifest, JSON.stringify(out));
