// Runs after `npm install`: gives just-bash 3.4.2 bash's copy semantics for a standing `2>&1`.
//
// The in-memory shell merges a command's stderr into its stdout with `exec 2>&1` (src/backends/
// shell/run.ts), as Claude Code's own shell does. just-bash keeps that standing `2>&1` as "fd 2
// follows fd 1 wherever it goes", so a command substitution captured stderr (`x=$(ls nope)`), a
// pipeline sent it down the pipe (`ls nope | wc -l`) and `{ ls nope; } > f` into the file. bash
// copies the descriptor: stderr stays on the shell's output. Here, while a substitution body, a
// pipeline stage other than the last or a compound command whose redirections part fd 2 from
// fd 1 runs, a standing fd 2 that duplicates fd 1 is set aside, so stderr comes back as stderr;
// it is then written where the shell's fd 2 points: ahead of the command's own output when that
// is fd 1. (Where the redirections leave fd 2 on fd 1, `{ …; } > f 2>&1`, the standing
// duplicate keeps both streams in the order they were written.)
//
// The bundles are minified, so each edit is a pattern over them that must match exactly once; a
// just-bash release that moves them fails the install here rather than shipping the old
// behaviour unnoticed.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '3.4.2';
const MARK = '/* cc-playground: standing 2>&1 copies fd 1 */';
const DUP1 = '"__dupout__:1"';

const HELPERS = `${MARK}
function __ccMerged(ctx){return ctx.state.fileDescriptors?.get(2)===${DUP1}}
async function __ccCapture(ctx,capturing,run){const saved=ctx.state.fileDescriptors?.get(2);if(!capturing||saved!==${DUP1})return run();ctx.state.fileDescriptors.delete(2);try{return await run()}finally{(ctx.state.fileDescriptors??=new Map).set(2,saved)}}
function __ccLiteral(w){return w?.type==="Word"&&w.parts.length===1&&w.parts[0].type==="Literal"?w.parts[0].value:null}
function __ccSetsAside(rs){let changed=!1,follows=!0;for(const r of rs){if(r.fdVariable)continue;const op=r.operator;if(op==="&>"||op==="&>>"){changed=follows=!0;continue}if(op!==">"&&op!==">>"&&op!==">|"&&op!==">&")continue;const fd=r.fd??1;if(fd!==1&&fd!==2)continue;changed=!0;const to=op===">&"?__ccLiteral(r.target):null;follows=fd===2?to==="1":to==="2"?!0:!1}return changed&&!follows}
function __ccLatin1Utf8(text){const b=new TextEncoder().encode(text);let s="";for(let i=0;i<b.length;i+=8192)s+=String.fromCharCode(...b.subarray(i,i+8192));return s}
function __ccLead(ctx,r,text,bytes){const acc=r.internalOutputAccounting;if(!__ccMerged(ctx))return bytes===void 0?{...r,stderr:text+r.stderr}:{...r,stderr:text+r.stderr,internalOutputAccounting:{stdout:acc?.stdout??0,stderr:bytes+(acc?.stderr??0)}};const raw=r.stdoutKind==="bytes"||(r.stdoutKind===void 0&&r.stdoutEncoding==="binary");const out={...r,stdout:(raw?__ccLatin1Utf8(text):text)+r.stdout};return bytes===void 0?out:{...out,internalOutputAccounting:{stdout:bytes+(acc?.stdout??0),stderr:acc?.stderr??0}}}
`;

/** Each edit: a pattern that must match exactly once, and its replacement. */
const EDITS = [
  {
    what: 'a command substitution body runs with fd 2 set aside',
    pattern: /try\{let (\w+)=await (\w+)\.executeScript\((\w+)\.body\),/g,
    replace: (_, r, ctx, part) =>
      `try{let ${r}=await __ccCapture(${ctx},!0,()=>${ctx}.executeScript(${part}.body)),`,
  },
  {
    what: 'a pipeline stage other than the last runs with fd 2 set aside',
    pattern:
      /let (\w+)=(\w+)\.commands\[(\w+)\],(\w+)=\3===\2\.commands\.length-1(.{0,900}?)try\{(\w+)\.state\.commandCount=\6\.executionScope\.chargeCommand\(\),(\w+)=await (\w+)\((\w+),(\w+)\)\}/g,
    replace: (_, cmd, node, i, last, between, ctx, res, exec, a, b) =>
      `let ${cmd}=${node}.commands[${i}],${last}=${i}===${node}.commands.length-1${between}try{${ctx}.state.commandCount=${ctx}.executionScope.chargeCommand(),${res}=await __ccCapture(${ctx},!${last},()=>${exec}(${a},${b}))}`,
  },
  {
    what: 'a compound command whose redirections part fd 2 from fd 1 runs with fd 2 set aside',
    pattern:
      /let (\w+)=await (\w+)\((\w+)\);return await (\w+)\((\w+),\1,(\w+),\3\.targets,\3\.dupSources,\3\.standardRoutes\)/g,
    replace: (_, res, run, prepared, apply, ctx, redirections) =>
      `let ${res}=await __ccCapture(${ctx},__ccSetsAside(${redirections}),()=>${run}(${prepared}));return await ${apply}(${ctx},${res},${redirections},${prepared}.targets,${prepared}.dupSources,${prepared}.standardRoutes)`,
  },
  {
    what: "a pipeline's earlier stages' stderr goes where fd 2 points",
    pattern:
      /(\w+)\.state\.commandCount=\1\.executionScope\.chargeCommand\(\)(.{0,2500}?)(\w+)&&\((\w+)=\{\.\.\.\4,stderr:\3\+\4\.stderr,internalOutputAccounting:\{stdout:\4\.internalOutputAccounting\?\.stdout\?\?0,stderr:(\w+)\+\(\4\.internalOutputAccounting\?\.stderr\?\?0\)\}\}\)/g,
    replace: (_, ctx, between, text, r, bytes) =>
      `${ctx}.state.commandCount=${ctx}.executionScope.chargeCommand()${between}${text}&&(${r}=__ccLead(${ctx},${r},${text},${bytes}))`,
  },
  {
    what: "a substitution's stderr goes where fd 2 points (commands)",
    pattern:
      /this\.ctx\.state\.expansionStderr&&\((\w+)=\{\.\.\.\1,stderr:this\.ctx\.state\.expansionStderr\+\1\.stderr\},/g,
    replace: (_, r) =>
      `this.ctx.state.expansionStderr&&(${r}=__ccLead(this.ctx,${r},this.ctx.state.expansionStderr),`,
    count: 3,
  },
  {
    what: "a substitution's stderr goes where fd 2 points (assignments)",
    pattern:
      /let (\w+)=\(this\.ctx\.state\.expansionStderr\|\|""\)\+(\w+);return this\.ctx\.state\.expansionStderr="",(\w+)\("",\1,this\.ctx\.state\.lastExitCode\)/g,
    replace: (_, text, xtrace, result) =>
      `let ${text}=(this.ctx.state.expansionStderr||"")+${xtrace};return this.ctx.state.expansionStderr="",__ccLead(this.ctx,${result}("","",this.ctx.state.lastExitCode),${text})`,
  },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '../node_modules/just-bash');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (version !== VERSION) {
  throw new Error(
    `scripts/patch-just-bash.mjs targets just-bash ${VERSION}, found ${version}: check its edits`,
  );
}

for (const name of ['index.js', 'browser.js', 'index.cjs']) {
  const file = join(root, 'dist/bundle', name);
  let text = readFileSync(file, 'utf8');
  if (text.includes(MARK)) continue;
  for (const edit of EDITS) {
    const found = text.match(edit.pattern)?.length ?? 0;
    const want = edit.count ?? 1;
    if (found !== want) throw new Error(`${name}: ${edit.what}: expected ${want} match(es), found ${found}`);
    text = text.replace(edit.pattern, edit.replace);
  }
  // Function declarations are hoisted: at the end they leave a leading "use strict" in place.
  writeFileSync(file, `${text}\n${HELPERS}`);
}
