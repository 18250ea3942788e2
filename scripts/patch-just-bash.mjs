// Runs after `npm install`: gives just-bash 3.4.2 bash's copy semantics for a standing `2>&1`,
// and defers a background job's output as bash's scheduling usually does.
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
// just-bash runs `cmd &` in place, so its output came first (`echo one & echo two`: one, two).
// In bash the job is forked and the foreground goes on: what it prints with builtins alone comes
// first, and the job's output lands when the foreground itself forks (an external command, a
// pipeline, a substitution, a subshell) or waits, or at the end (difftest, bash-background-order
// recorded three times each: the binary's own order varies, this is its usual one). Here a
// top-level background statement's output is held and written at the next statement that would
// fork, or at the end; its status is 0, as bash's `$?` after `&` is.
//
// just-bash hands text on to a pipe as a string of bytes built one character at a time, and
// reads a file's bytes into one the same way: a 100 MB output (`yes | head -c 100000000`)
// became a hundred million strings for the collector. They are built in chunks here, and text
// of ASCII alone, which is its own UTF-8, is not encoded at all, nor a byte string of ASCII
// alone decoded (`printf '%0100000000d' 0 | wc -c` took 14 s, past any Bash timeout, since one
// command cannot be stopped midway). A regular expression looks for a byte over 0x7f six times
// faster than a loop over the characters.
//
// A redirection into a folder that does not exist (`echo hi > nodir/f`) reached the file system
// unchecked: just-bash's own file system makes the folders on the way, and the workspace's
// refuses, which ended the whole command with an exception. bash says `nodir/f: No such file or
// directory` (or `Not a directory` below a file) and goes on; so does the check added here.
//
// A command's stdout and stderr were written one after the other. A result may carry the chunks
// in the order the command wrote them (`__ccOrder`, src/backends/shell/order.ts): they are written
// in that order wherever the two go, and as one where both reach the same place (`> f 2>&1`).
//
// awk and sed run their loops inside one command, so a Bash timeout could not stop `awk
// 'BEGIN{while(1){}}'` or `sed ':a;ba'` in memory: each read its iteration limit once. They read
// it live here (sed every 1024 turns), through the copy of the limits each command is given, and
// the shell makes the limit 0 at the timeout (src/backends/shell/run.ts, haltWhen).
//
// just-bash's eval nested without bound (`x="eval \$x"; eval $x` grew to gigabytes); bash's stack
// overflows and the shell dies of SIGSEGV. eval counts against the call depth here, as a function
// call does, and the shell reads the depth error as that signal (run.ts).
//
// find's -size compared bytes with the unit's bytes; GNU find rounds the size up to whole units
// first, so `-size -1k` is only the empty files and `-size 1k` every file from 1 to 1024 bytes.
// A command run by `-exec … ;` is a test: its failure is no failure of find (exit 0), while one
// of `-exec … +` makes find exit 1, whatever the command's own status.
//
// python3 started a worker thread for every run and ended it after: about 0.45 s of CPU a run,
// where a CPython instance made afresh in a thread already warm takes 0.08 s. A worker whose run
// ended well now takes the next run, with a new CPython instance (nothing carries over from one
// script to the next); one that timed out, failed or was stopped is ended as before. Emscripten's
// factory reads process.argv and WebAssembly each time it makes an instance, which the worker's
// defence blocks once a script has run: both are host-runtime reads (CPython has no bridge to
// JavaScript), excluded as the defence already excludes module loading.
//
// The bundles are minified, so each edit is a pattern over them that must match exactly once; a
// just-bash release that moves them fails the install here rather than shipping the old
// behaviour unnoticed.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '3.4.2';
// The mark names this script's own text by its hash: a changed edit re-applies on the next install.
const HASH = createHash('sha256')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .digest('hex')
  .slice(0, 16);
const MARK = `/* cc-playground patches ${HASH}: standing 2>&1 copies fd 1; background output deferred; byte strings built in chunks, ASCII as is both ways; redirect folders checked; output order kept; awk and sed limits live; eval depth; find -size units, -exec status; python3 workers reused */`;
const DUP1 = '"__dupout__:1"';

const HELPERS = `${MARK}
function __ccMerged(ctx){return ctx.state.fileDescriptors?.get(2)===${DUP1}}
async function __ccCapture(ctx,capturing,run){const saved=ctx.state.fileDescriptors?.get(2);if(!capturing||saved!==${DUP1})return run();ctx.state.fileDescriptors.delete(2);try{return await run()}finally{(ctx.state.fileDescriptors??=new Map).set(2,saved)}}
function __ccLiteral(w){return w?.type==="Word"&&w.parts.length===1&&w.parts[0].type==="Literal"?w.parts[0].value:null}
function __ccSetsAside(rs){let changed=!1,follows=!0;for(const r of rs){if(r.fdVariable)continue;const op=r.operator;if(op==="&>"||op==="&>>"){changed=follows=!0;continue}if(op!==">"&&op!==">>"&&op!==">|"&&op!==">&")continue;const fd=r.fd??1;if(fd!==1&&fd!==2)continue;changed=!0;const to=op===">&"?__ccLiteral(r.target):null;follows=fd===2?to==="1":to==="2"?!0:!1}return changed&&!follows}
function __ccJoin(order,out,err){if(!order)return out+err;let o="",e="",all="";for(const[fd,t]of order){fd===2?e+=t:o+=t;all+=t}return o===out&&e===err?all:out+err}
function __ccPath(d){return d.kind==="file"?d.path:d.kind==="descriptor"?d.source?.entry?.path:void 0}
function __ccPieces(order,out,err,to1,to2){const two=[[out,to1,!0],[err,to2,!1]];if(!order||out===""||err==="")return two;let o="",e="",all="";for(const[fd,t]of order){fd===2?e+=t:o+=t;all+=t}if(o!==out||e!==err)return two;const p=__ccPath(to1);if(p!==void 0&&p===__ccPath(to2))return[[all,to1,!0]];const seen=new Set;return order.map(([fd,t])=>{let d=fd===2?to2:to1;if(d.kind==="file"&&!d.append){if(seen.has(d))d={...d,append:!0};else seen.add(d)}return[t,d,fd!==2]})}
function __ccLatin1Utf8(text){const b=new TextEncoder().encode(text);let s="";for(let i=0;i<b.length;i+=8192)s+=String.fromCharCode(...b.subarray(i,i+8192));return s}
const __ccBuiltins=new Set(["echo","printf","cd","pwd","true","false",":","test","[","[[","export","unset","set","shift","read","local","declare","typeset","let","eval","source",".","return","exit","break","continue","type","command","builtin","alias","unalias","hash","umask","trap","times","getopts","kill","jobs","fg","bg","disown","shopt","enable","help","history","ulimit","dirs","pushd","popd","readonly","mapfile","readarray","compgen","complete","compopt","caller","logout","suspend"]);
function __ccForks(ctx,n){if(!n||typeof n!=="object")return!1;if(Array.isArray(n))return n.some(x=>__ccForks(ctx,x));switch(n.type){case"Subshell":case"CommandSubstitution":case"ProcessSubstitution":return!0;case"FunctionDef":return!1;case"Pipeline":if(n.commands.length>1)return!0;break;case"SimpleCommand":if(n.name){const w=__ccLiteral(n.name);if(w===null||w==="wait"||!(__ccBuiltins.has(w)||ctx.state.functions?.has(w)))return!0}}for(const k in n)if(k!=="type"&&__ccForks(ctx,n[k]))return!0;return!1}
function __ccFlushJobs(ctx,statement,out){if(!out.__ccJobs?.length||statement&&!__ccForks(ctx,statement))return;for(const[res,text]of out.__ccJobs)out.appendResult(res,text);out.__ccJobs=[]}
function __ccLead(ctx,r,text,bytes){const acc=r.internalOutputAccounting;if(!__ccMerged(ctx))return bytes===void 0?{...r,stderr:text+r.stderr}:{...r,stderr:text+r.stderr,internalOutputAccounting:{stdout:acc?.stdout??0,stderr:bytes+(acc?.stderr??0)}};const raw=r.stdoutKind==="bytes"||(r.stdoutKind===void 0&&r.stdoutEncoding==="binary");const out={...r,stdout:(raw?__ccLatin1Utf8(text):text)+r.stdout};return bytes===void 0?out:{...out,internalOutputAccounting:{stdout:bytes+(acc?.stdout??0),stderr:acc?.stderr??0}}}
`;

const BUNDLES = ['index.js', 'browser.js', 'index.cjs'];
// index.js imports awk's and sed's interpreters from these chunks; the other two bundle them.
const AWK_CHUNK = 'chunks/chunk-3CBCABOZ.js';
const SED_CHUNK = 'chunks/chunk-CFBEDNHJ.js';
const FIND_CHUNK = 'chunks/chunk-KBXRZGTY.js';
// Stands in an edit's replacement for the bundle's function that throws an execution-limit error.
const THROWER = '__ccLimitThrower__';

/** Each edit: a pattern that must match exactly once (or `count` times) in each of its files
 * (default: the three bundles), and its replacement. */
const EDITS = [
  {
    what: "a redirection's folder is checked before the write",
    pattern:
      /try\{if\(!await (\w+)\.fs\.exists\((\w+)\)\)return null;if\(\(await \1\.fs\.stat\(\2\)\)\.isDirectory\)return`bash: \$\{(\w+)\}: Is a directory/g,
    replace: (_, ctx, abs, shown) =>
      `try{if(!await ${ctx}.fs.exists(${abs})){const d=${abs}.slice(0,${abs}.lastIndexOf("/"))||"/";if(!await ${ctx}.fs.exists(d))return\`bash: \${${shown}}: No such file or directory\n\`;if(!(await ${ctx}.fs.stat(d)).isDirectory)return\`bash: \${${shown}}: Not a directory\n\`;return null}if((await ${ctx}.fs.stat(${abs})).isDirectory)return\`bash: \${${shown}}: Is a directory`,
  },
  {
    what: 'a byte string is built in chunks',
    pattern: /for\(let (\w+)=0;\1<(\w+)\.length;\1\+\+\)(\w+)\+=String\.fromCharCode\(\2\[\1\]\)/g,
    replace: (_, i, bytes, out) =>
      `for(let ${i}=0;${i}<${bytes}.length;${i}+=8192)${out}+=String.fromCharCode(...${bytes}.subarray(${i},${i}+8192))`,
    count: 2,
    // index.js imports the encoding helpers from its chunk; the other two bundle them.
    files: ['browser.js', 'index.cjs', 'chunks/chunk-GN6CQ3J4.js'],
  },
  {
    what: 'text of ASCII alone is its own UTF-8 byte string',
    pattern: /if\(!([\w$]+)\)return \1;([\w$]+)\(([\w$]+)\(\1\),([\w$]+),"UTF-8 encode"\);/g,
    replace: (_, text, check, count, limit) =>
      `if(!${text})return ${text};if(!/[^\\x00-\\x7f]/.test(${text})){${check}(${text}.length,${limit},"UTF-8 encode");return ${text}}${check}(${count}(${text}),${limit},"UTF-8 encode");`,
    files: ['browser.js', 'index.cjs', 'chunks/chunk-GN6CQ3J4.js'],
  },
  {
    what: 'text of ASCII alone counts one byte a character',
    pattern:
      /function ([\w$]+)\(([\w$]+)\)\{let ([\w$]+)=0;for\(let ([\w$]+)=0;\4<\2\.length;\4\+\+\)\{let ([\w$]+)=\2\.charCodeAt\(\4\);if\(\5<=127\)/g,
    replace: (_, name, text, n, i, c) =>
      `function ${name}(${text}){if(!/[^\\x00-\\x7f]/.test(${text}))return ${text}.length;let ${n}=0;for(let ${i}=0;${i}<${text}.length;${i}++){let ${c}=${text}.charCodeAt(${i});if(${c}<=127)`,
    files: ['browser.js', 'index.cjs', 'chunks/chunk-GN6CQ3J4.js'],
  },
  ...[
    { files: ['index.js', 'chunks/chunk-GN6CQ3J4.js'], count: 1 },
    { files: ['browser.js', 'index.cjs'], count: 2 },
  ].map(({ files, count }) => ({
    what: 'a byte string of ASCII alone is its own text',
    pattern:
      /let ([\w$]+)=!1;for\(let ([\w$]+)=0;\2<([\w$]+)\.length;\2\+\+\)\{let ([\w$]+)=\3\.charCodeAt\(\2\);if\(\4>255\)return \3;/g,
    replace: (m, _, __, text) => `if(!/[^\\x00-\\x7f]/.test(${text}))return ${text};${m}`,
    count,
    files,
  })),
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
  {
    what: "a command's stdout and stderr keep the order it wrote them in",
    pattern:
      /let\{stdout:(\w+),stderr:(\w+),exitCode:(\w+)\}=(\w+),([\s\S]{0,3000}?)if\((\w+)===(\w+)&&\(\6\.kind==="file"\|\|\6\.kind==="descriptor"\)\)\{let (\w+)=(\w+)\+(\w+);([\s\S]{0,300}?)\}else for\(let\[(\w+),(\w+),(\w+)\]of\[\[\9,\6,!0\],\[\10,\7,!1\]\]\)/g,
    replace: (_, out, err, code, res, between, to1, to2, all, s1, s2, write, text, dest, isOut) =>
      `let{stdout:${out},stderr:${err},exitCode:${code}}=${res},${between}if(${to1}===${to2}&&(${to1}.kind==="file"||${to1}.kind==="descriptor")){let ${all}=__ccJoin(${res}.__ccOrder,${s1},${s2});${write}}else for(let[${text},${dest},${isOut}]of __ccPieces(${res}.__ccOrder,${s1},${s2},${to1},${to2}))`,
  },
  {
    what: 'eval nests against the call depth, as function calls do',
    pattern:
      /try\{let (\w+)=(\w+)\((\w+)\);return await (\w+)\.executeScript\(\1\)\}catch\(\1\)\{if\(\1 instanceof/g,
    replace: (_, script, parse, text, ctx) =>
      `try{let ${script}=${parse}(${text});${ctx}.state.callDepth++;try{if(${ctx}.state.callDepth>${ctx}.limits.maxCallDepth)${THROWER}(\`eval: maximum recursion depth (\${${ctx}.limits.maxCallDepth}) exceeded, increase executionLimits.maxCallDepth\`,"recursion");return await ${ctx}.executeScript(${script})}finally{${ctx}.state.callDepth--}}catch(${script}){if(${script} instanceof`,
  },
  {
    what: "a command's frozen copy of the limits keeps their getters",
    pattern: /limits:(\w+)\(Object\.freeze\(\{\.\.\.(\w+)\.limits\}\)\)/g,
    replace: (_, wrap, ctx) =>
      `limits:${wrap}(Object.freeze(Object.defineProperties({},Object.getOwnPropertyDescriptors(${ctx}.limits))))`,
  },
  {
    what: "awk's loops read its iteration limit live",
    pattern: /maxIterations:(\w+)\.limits\.maxAwkIterations/g,
    replace: (_, ctx) => `maxIterations:()=>${ctx}.limits.maxAwkIterations`,
    files: ['browser.js', 'index.cjs', AWK_CHUNK],
  },
  {
    what: "awk's run state takes its iteration limit from a function",
    pattern: /fieldSep:(\w+),maxIterations:(\w+),maxRecursionDepth/g,
    replace: (_, sep, max) =>
      `fieldSep:${sep},get maxIterations(){return typeof ${max}=="function"?${max}():${max}},maxRecursionDepth`,
    files: ['browser.js', 'index.cjs', AWK_CHUNK],
  },
  {
    what: "sed's options read its iteration limit live",
    pattern: /(\w+)=(\w+)\?\{maxIterations:\2\.maxSedIterations,/g,
    replace: (_, opts, limits) =>
      `${opts}=${limits}?{get maxIterations(){return ${limits}.maxSedIterations},`,
    files: ['browser.js', 'index.cjs', SED_CHUNK],
  },
  {
    what: "sed's branch loop looks at its limit again every 1024 turns",
    pattern:
      /let (\w+)=(\w+)\?\.maxIterations\?\?(\w+),(\w+)=0,(\w+)=0;for\(;\5<(\w+)\.length;\)\{if\(\4\+\+,\4>\1\)/g,
    replace: (_, max, opts, fallback, turns, at, cmds) =>
      `let ${max}=${opts}?.maxIterations??${fallback},${turns}=0,${at}=0;for(;${at}<${cmds}.length;){if(${turns}++,${turns}>${max}||(${turns}&1023)===0&&${turns}>(${opts}?.maxIterations??${fallback}))`,
    files: ['browser.js', 'index.cjs', SED_CHUNK],
  },
  {
    what: 'find -size counts whole units, rounded up',
    pattern:
      /case"size":\{let ([\w$]+)=([\w$]+)\.value;switch\(\2\.unit\)\{[^}]*\}let ([\w$]+);return \2\.comparison==="more"\?\3=([\w$]+)\.size>\1:[^{]*?,\{matches:\3,pruned:!1,printed:!1\}\}/g,
    replace: (_, units, test, matches, file) =>
      `case"size":{let ${units}=Math.ceil(${file}.size/({k:1024,M:1048576,G:1073741824,b:512,w:2}[${test}.unit]??1)),${matches}=${test}.comparison==="more"?${units}>${test}.value:${test}.comparison==="less"?${units}<${test}.value:${units}===${test}.value;return{matches:${matches},pruned:!1,printed:!1}}`,
    files: ['browser.js', 'index.cjs', FIND_CHUNK],
  },
  {
    what: 'find -size takes w, two-byte words',
    pattern: /match\(\/\^\(\\d\+\)\(\[ckMGb\]\)\?\$\/\)(.{0,200}?)([\w$]+)==="b"\?512:1;/g,
    replace: (_, between, unit) =>
      `match(/^(\\d+)([ckMGbw])?$/)${between}${unit}==="b"?512:${unit}==="w"?2:1;`,
    files: ['browser.js', 'index.cjs', FIND_CHUNK],
  },
  {
    what: "find -exec … ; leaves find's exit status alone",
    pattern: /,([\w$]+)\.exitCode!==0&&\(([\w$]+)=\1\.exitCode\);break\}\}\}for\(let\[/g,
    replace: () => `;break}}}for(let[`,
    files: ['browser.js', 'index.cjs', FIND_CHUNK],
  },
  {
    what: 'find -exec … + that fails makes find exit 1',
    pattern: /([\w$]+)\.exitCode!==0&&\(([\w$]+)=\1\.exitCode\)\}return ([\w$]+)\?\.build\(\2\)/g,
    replace: (_, r, code, out) => `${r}.exitCode!==0&&(${code}=1)}return ${out}?.build(${code})`,
    files: ['browser.js', 'index.cjs', FIND_CHUNK],
  },
  {
    what: "a top-level background statement's output waits for the foreground to fork",
    pattern:
      /for\(let ([\w$]+) of ([\w$]+)\.statements\)try\{let ([\w$]+)=await this\.executeStatement\(\1\);([\w$]+)\.appendResult\(\3,([\w$]+)\(\3\)\),/g,
    replace: (_, st, script, res, out, decode) =>
      `for(let ${st} of ${script}.statements)try{let ${res};if(${st}.background){const j=await this.executeStatement(${st});(${out}.__ccJobs??=[]).push([j,${decode}(j)]);${res}={stdout:"",stderr:"",exitCode:0}}else{__ccFlushJobs(this.ctx,${st},${out});${res}=await this.executeStatement(${st})}${out}.appendResult(${res},${decode}(${res})),`,
  },
  {
    what: 'held background output is written when the script ends',
    pattern:
      /\}return\{\.\.\.([\w$]+)\.build\(([\w$]+)\),env:([\w$]+)\(this\.ctx\.state\.env\)\}\}async executeUserScript/g,
    replace: (_, out, code, env) =>
      `}__ccFlushJobs(this.ctx,null,${out});return{...${out}.build(${code}),env:${env}(this.ctx.state.env)}}async executeUserScript`,
  },
  {
    what: 'a python3 worker runs each script it is sent, not only its first',
    pattern:
      /if \(parentPort\) \{\n {2}if \(workerData\) \{\n {4}const input = workerData;\n {4}activeProtocolToken = input\.protocolToken;\n([\s\S]*?\n {4}\}\);)\n {2}\}\n\}/g,
    replace: (_, run) =>
      `if (parentPort) {\n  const __ccServe = (input) => {\n    activeProtocolToken = input.protocolToken;\n    process.exitCode = undefined;\n${run}\n  };\n  if (workerData) __ccServe(workerData);\n  parentPort.on("message", __ccServe);\n}`,
    files: ['chunks/worker.js'],
  },
  {
    what: "the defence lets Emscripten's factory read process.argv and WebAssembly",
    pattern: /"module_load",\n(\s*)"module_resolve_filename"\n/g,
    replace: (_, indent) =>
      `"module_load",\n${indent}"module_resolve_filename",\n${indent}"process_argv",\n${indent}"webassembly"\n`,
    files: ['chunks/worker.js'],
  },
  {
    what: "a security violation is reported under the current run's token",
    pattern: /postWorkerMessage\(protocolToken, \{\n(\s*)type: "security-violation",/g,
    replace: (_, indent) =>
      `postWorkerMessage(activeProtocolToken ?? protocolToken, {\n${indent}type: "security-violation",`,
    files: ['chunks/worker.js'],
  },
  {
    what: 'an idle python3 worker is kept for the next run',
    pattern: /var ([\w$]+)=([\w$]+)\(new URL\("\.\/worker\.js",import\.meta\.url\)\)/g,
    replace: (m) =>
      `${m};var __ccPyIdle=[];function __ccPyTake(input,make){const w=__ccPyIdle.pop();if(!w)return make();w.ref();w.postMessage(input);return w}function __ccPyGive(w){if(__ccPyIdle.length>0){void w.terminate();return}w.unref();__ccPyIdle.push(w);w.once("exit",()=>{const i=__ccPyIdle.indexOf(w);i>=0&&__ccPyIdle.splice(i,1)})}`,
    files: ['chunks/python3-F5S5TYGS.js'],
  },
  {
    what: 'a python3 run takes an idle worker',
    pattern: /([\w$]+)=([\w$]+)\.runTrusted\(\(\)=>new ([\w$]+)\(([\w$]+),\{workerData:([\w$]+)\.input\}\)\)/g,
    replace: (_, r, trusted, W, url, e) =>
      `${r}=${trusted}.runTrusted(()=>__ccPyTake(${e}.input,()=>new ${W}(${url},{workerData:${e}.input})))`,
    files: ['chunks/python3-F5S5TYGS.js'],
  },
  {
    what: 'a python3 worker whose run ended well goes back idle',
    pattern: /([\w$]+)\(([\w$]+)\(([\w$]+),([\w$]+)\.input\.protocolToken\),!0\)/g,
    replace: (_, c, check, o, e) =>
      `(()=>{const __v=${check}(${o},${e}.input.protocolToken),__w=${e}.worker,__keep=__v.success&&${e}.state==="running";${c}(__v,!__keep).then(()=>{__keep&&__w&&__ccPyGive(__w)})})()`,
    files: ['chunks/python3-F5S5TYGS.js'],
  },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '../node_modules/just-bash');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
if (version !== VERSION) {
  throw new Error(
    `scripts/patch-just-bash.mjs targets just-bash ${VERSION}, found ${version}: check its edits`,
  );
}

for (const name of new Set([...BUNDLES, ...EDITS.flatMap((e) => e.files ?? [])])) {
  const file = join(root, 'dist/bundle', name);
  if (readFileSync(file, 'utf8').includes(MARK)) continue;
  // The edits apply to the bundle as published: kept beside it, so a changed set of edits
  // re-applies cleanly over an earlier patch.
  const original = `${file}.orig`;
  if (!existsSync(original)) copyFileSync(file, original);
  let text = readFileSync(original, 'utf8');
  // The function that throws an execution-limit error has a different minified name in each bundle.
  const thrower = text.match(/(\w+)\(`\$\{\w+\.name\}: maximum recursion depth/)?.[1];
  for (const edit of EDITS.filter((e) => (e.files ?? BUNDLES).includes(name))) {
    const found = text.match(edit.pattern)?.length ?? 0;
    const want = edit.count ?? 1;
    if (found !== want) throw new Error(`${name}: ${edit.what}: expected ${want} match(es), found ${found}`);
    text = text.replace(edit.pattern, (...m) => {
      const out = edit.replace(...m);
      if (!out.includes(THROWER)) return out;
      if (thrower === undefined) throw new Error(`${name}: ${edit.what}: no limit error thrower found`);
      return out.replaceAll(THROWER, thrower);
    });
  }
  // Function declarations are hoisted: at the end they leave a leading "use strict" in place.
  writeFileSync(file, `${text}\n${BUNDLES.includes(name) ? HELPERS : MARK}`);
}
