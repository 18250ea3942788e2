// curl and wget on a host without a network, as the in-memory workspace is: nothing listens
// on the loopback addresses (the binary's host answers `curl -s http://127.0.0.1:9/` with exit
// 7 and `wget -q -O- http://127.0.0.1:9/` with exit 4), and no other name resolves. Texts and
// exit codes are those of curl 8 and GNU wget 1.21 on that host (recorded with probe.mjs).
import { defineCommand, type Command, type ExecResult } from 'just-bash';

interface Target {
  scheme: string;
  host: string;
  port: number;
  /** The URL as wget prints it (`127.0.0.1:9` -> `http://127.0.0.1:9/`). */
  shown: string;
}

const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443, ftp: 21, ftps: 990 };

/** Host and port of a URL given without or with a scheme; null when there is no host. */
function parseTarget(url: string, defaultScheme = 'http'): Target | { scheme: string; bad: true } | null {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url);
  const scheme = (m?.[1] ?? defaultScheme).toLowerCase();
  const rest = m ? url.slice(m[0].length) : url;
  if (!(scheme in DEFAULT_PORTS)) return { scheme: m?.[1] ?? scheme, bad: true };
  const authority = rest.split(/[/?#]/)[0] ?? '';
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const hp = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(hostPort);
  if (!hp || hp[1] === '') return null;
  const host = hp[1] ?? '';
  const port = hp[2] ? Number(hp[2]) : (DEFAULT_PORTS[scheme] ?? 80);
  const path = rest.slice(authority.length);
  return { scheme, host, port, shown: `${scheme}://${authority}${path === '' ? '/' : path}` };
}

/** Addresses that resolve without a network, and where nothing listens. */
function isLocal(host: string): boolean {
  const h = host.toLowerCase();
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '[::1]' ||
    h === '0.0.0.0' ||
    /^127\.\d+\.\d+\.\d+$/.test(h)
  );
}

/** An address given as numbers needs no resolving: connecting to it fails instead. */
function isAddress(host: string): boolean {
  return /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith('[');
}

// ------------------------------------------------------------------ curl

const CURL_TRY = "curl: try 'curl --help' or 'curl --manual' for more information\n";
const METER_HEAD =
  '  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n' +
  '                                 Dload  Upload   Total   Spent    Left  Speed\n';
const METER_ROW = '\r  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0';

/** curl's options that take a value (long names; the short letters below). */
const CURL_VALUE_LONG = new Set([
  'output',
  'write-out',
  'request',
  'data',
  'data-raw',
  'data-binary',
  'data-urlencode',
  'header',
  'user-agent',
  'user',
  'referer',
  'cookie',
  'cookie-jar',
  'form',
  'max-time',
  'connect-timeout',
  'retry',
  'proxy',
  'cacert',
  'cert',
  'key',
  'upload-file',
  'range',
  'config',
  'resolve',
  'max-redirs',
  'limit-rate',
  'url',
  'output-dir',
  'retry-delay',
  'retry-max-time',
  'json',
]);
const CURL_FLAG_LONG = new Set([
  'silent',
  'show-error',
  'verbose',
  'fail',
  'fail-with-body',
  'location',
  'insecure',
  'head',
  'include',
  'remote-name',
  'compressed',
  'get',
  'globoff',
  'http1.1',
  'http2',
  'ipv4',
  'ipv6',
  'no-progress-meter',
  'progress-bar',
  'remote-header-name',
  'create-dirs',
  'no-buffer',
  'raw',
  'fail-early',
  'ssl',
  'tlsv1.2',
  'disable',
  'no-keepalive',
  'location-trusted',
  'path-as-is',
]);
const CURL_VALUE_SHORT = 'oweXdHAuerbcFmTxKCEUy';
const CURL_FLAG_SHORT = 'sSvfLkIiOGgq46#N';

export const curlCommand: Command = defineCommand('curl', async (args) => {
  let silent = false;
  let showError = false;
  let verbose = false;
  let meter = true;
  let writeOut: string | undefined;
  const urls: string[] = [];
  const unknown = (o: string): ExecResult => ({
    stdout: '',
    stderr: `curl: option ${o}: is unknown\n${CURL_TRY}`,
    exitCode: 2,
  });
  const needsValue = (o: string): ExecResult => ({
    stdout: '',
    stderr: `curl: option ${o}: requires parameter\n${CURL_TRY}`,
    exitCode: 2,
  });
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a.startsWith('--') && a.length > 2) {
      const name = a.slice(2);
      if (CURL_VALUE_LONG.has(name)) {
        const v = args[++i];
        if (v === undefined) return needsValue(a);
        if (name === 'write-out') writeOut = v;
        if (name === 'url') urls.push(v);
      } else if (CURL_FLAG_LONG.has(name)) {
        if (name === 'silent') silent = true;
        if (name === 'show-error') showError = true;
        if (name === 'verbose') verbose = true;
        if (name === 'no-progress-meter') meter = false;
      } else return unknown(a);
    } else if (a.startsWith('-') && a.length > 1) {
      for (let k = 1; k < a.length; k++) {
        const c = a[k] ?? '';
        if (CURL_VALUE_SHORT.includes(c)) {
          const v = k + 1 < a.length ? a.slice(k + 1) : args[++i];
          if (v === undefined) return needsValue(`-${c}`);
          if (c === 'w') writeOut = v;
          break;
        }
        if (!CURL_FLAG_SHORT.includes(c)) return unknown(`-${c}`);
        if (c === 's') silent = true;
        if (c === 'S') showError = true;
        if (c === 'v') verbose = true;
      }
    } else urls.push(a);
  }
  if (urls.length === 0) return { stdout: '', stderr: CURL_TRY, exitCode: 2 };
  const showMeter = meter && !silent;
  const showErr = !silent || showError;
  let stdout = '';
  let stderr = '';
  let exitCode = 0;
  for (const url of urls) {
    const t = parseTarget(url);
    let code: number;
    let message: string;
    let row = '';
    let tail = '';
    if (url === '' || t === null) {
      code = 3;
      message = 'URL using bad/illegal format or missing URL';
    } else if ('bad' in t) {
      code = 1;
      message = `Protocol "${t.scheme}" not supported or disabled in libcurl`;
    } else if (isLocal(t.host) || isAddress(t.host)) {
      const host = t.host.replace(/^\[|\]$/g, '');
      code = 7;
      message = `Failed to connect to ${host} port ${t.port} after 0 ms: Couldn't connect to server`;
      row = verbose
        ? `${METER_ROW}*   Trying ${host}:${t.port}...\n* connect to ${host} port ${t.port} failed: Connection refused\n* ${message}\n${METER_ROW}\n* Closing connection 0\n`
        : `${METER_ROW}${METER_ROW}\n`;
      tail = row;
    } else {
      code = 6;
      message = `Could not resolve host: ${t.host}`;
      row = verbose ? `${METER_ROW}* Could not resolve host: ${t.host}\n* Closing connection 0\n` : METER_ROW;
      tail = row;
    }
    if (showMeter && tail !== '') stderr += METER_HEAD + tail;
    else if (verbose && silent && tail !== '') stderr += tail.replaceAll(METER_ROW, '').replace(/^\n/gm, '');
    if (showErr) stderr += `curl: (${code}) ${message}\n`;
    if (writeOut !== undefined) stdout += curlWriteOut(writeOut, url);
    exitCode = code;
  }
  return { stdout, stderr, exitCode };
});

/** -w: no transfer happened, so every response number is 0 (`%{http_code}` is `000`). */
function curlWriteOut(format: string, url: string): string {
  return format
    .replace(/%\{(\w+)\}/g, (_, v: string) =>
      v === 'http_code' || v === 'response_code'
        ? '000'
        : v === 'url' || v === 'url_effective'
          ? url
          : v.startsWith('size_') || v.startsWith('num_') || v.startsWith('time_') || v === 'exitcode'
            ? '0'
            : '',
    )
    .replace(/\\n/g, '\n')
    .replace(/\\t/g, '\t')
    .replace(/\\r/g, '\r');
}

// ------------------------------------------------------------------ wget

const WGET_USAGE = "Usage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options.\n";
const WGET_VALUE_SHORT = 'OoaPtTUeiBY';
const WGET_FLAG_SHORT = 'qvcNSrkxbnd46mpEFHK';
const WGET_VALUE_LONG = new Set([
  'output-document',
  'output-file',
  'append-output',
  'directory-prefix',
  'tries',
  'timeout',
  'user-agent',
  'execute',
  'input-file',
  'header',
  'post-data',
  'post-file',
  'method',
  'body-data',
  'user',
  'password',
  'http-user',
  'http-password',
  'level',
  'wait',
  'limit-rate',
  'load-cookies',
  'save-cookies',
  'referer',
  'ca-certificate',
  'connect-timeout',
  'read-timeout',
  'dns-timeout',
]);

/** `now` gives the date wget prints before each URL (the wall clock on the host). */
export function wgetCommand(now: () => Date = () => new Date()): Command {
  return defineCommand('wget', async (args) => {
    let quiet = false;
    let nonVerbose = false;
    const urls: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i] ?? '';
      if (a.startsWith('--') && a.length > 2) {
        const [name = '', value] = a.slice(2).split(/=(.*)/s);
        if (WGET_VALUE_LONG.has(name)) {
          if (value === undefined && args[++i] === undefined)
            return {
              stdout: '',
              stderr: `wget: option '--${name}' requires an argument\n${WGET_USAGE}`,
              exitCode: 2,
            };
        } else if (name === 'quiet') quiet = true;
        else if (name === 'no-verbose') nonVerbose = true;
        else if (!/^(no-)?[a-z][a-z0-9-]*$/.test(name) || !KNOWN_WGET_FLAGS.has(name.replace(/^no-/, '')))
          return { stdout: '', stderr: `wget: unrecognized option '${a}'\n${WGET_USAGE}`, exitCode: 2 };
      } else if (a.startsWith('-') && a.length > 1) {
        if (a === '-nv') {
          nonVerbose = true;
          continue;
        }
        for (let k = 1; k < a.length; k++) {
          const c = a[k] ?? '';
          if (WGET_VALUE_SHORT.includes(c)) {
            if (k + 1 === a.length && args[++i] === undefined)
              return {
                stdout: '',
                stderr: `wget: option requires an argument -- '${c}'\n${WGET_USAGE}`,
                exitCode: 2,
              };
            break;
          }
          if (!WGET_FLAG_SHORT.includes(c))
            return { stdout: '', stderr: `wget: invalid option -- '${c}'\n${WGET_USAGE}`, exitCode: 2 };
          if (c === 'q') quiet = true;
        }
      } else urls.push(a);
    }
    if (urls.length === 0) return { stdout: '', stderr: `wget: missing URL\n${WGET_USAGE}`, exitCode: 1 };
    let stderr = '';
    let exitCode = 0;
    const say = (s: string) => {
      if (!quiet) stderr += s;
    };
    for (const url of urls) {
      const t = parseTarget(url);
      if (t === null || 'bad' in t) {
        const scheme = t !== null && 'bad' in t ? t.scheme : '';
        if (t !== null) say(`${url}: Unsupported scheme ‘${scheme}’.\n`);
        else say(`${url}: Invalid URL ${url}: Invalid host name\n`);
        exitCode = Math.max(exitCode, 1);
        continue;
      }
      const stamp = now().toISOString().replace('T', ' ').slice(0, 19);
      if (!nonVerbose) say(`--${stamp}--  ${t.shown}\n`);
      const host = t.host;
      if (isAddress(host) || isLocal(host)) {
        if (isAddress(host)) {
          if (!nonVerbose) say(`Connecting to ${host.replace(/^\[|\]$/g, '')}:${t.port}... `);
        } else if (!nonVerbose)
          say(
            `Resolving ${host} (${host})... 127.0.0.1\nConnecting to ${host} (${host})|127.0.0.1|:${t.port}... `,
          );
        say('failed: Connection refused.\n');
      } else {
        if (!nonVerbose) say(`Resolving ${host} (${host})... failed: Name or service not known.\n`);
        say(`wget: unable to resolve host address ‘${host}’\n`);
      }
      exitCode = 4;
    }
    return { stdout: '', stderr, exitCode };
  });
}

/** Long options without a value (their `no-` forms too) that wget knows. */
const KNOWN_WGET_FLAGS = new Set([
  'verbose',
  'continue',
  'timestamping',
  'server-response',
  'spider',
  'recursive',
  'mirror',
  'page-requisites',
  'convert-links',
  'no-check-certificate',
  'check-certificate',
  'no-parent',
  'parent',
  'inet4-only',
  'inet6-only',
  'show-progress',
  'content-disposition',
  'clobber',
  'directories',
  'host-directories',
  'adjust-extension',
  'debug',
  'backups',
  'force-directories',
  'ignore-case',
  'save-headers',
  'keep-session-cookies',
  'cache',
  'cookies',
  'max-redirect',
  'progress',
  'https-only',
  'trust-server-names',
  'auth-no-challenge',
]);
