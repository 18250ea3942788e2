// Scripted web for the oracle: the machine has no internet, so a scenario's "web" block says what
// every host answers.  The binary is pointed at a local HTTP CONNECT proxy on 127.0.0.1
// (HTTPS_PROXY/HTTP_PROXY) that trusts a CA generated here (NODE_EXTRA_CA_CERTS); the proxy
// terminates TLS only for scripted hosts and serves the scripted pages.  Any other host gets its
// CONNECT refused (the socket is closed), which is what the binary sees as a connection error.
//
//   "web": {
//     "pages": {"https://example.com/a": {"status": 200, "headers": {"content-type": "text/html"},
//                                          "body": "<p>hi</p>"  | "base64": "…" | "repeat": "ab", "count": 9}},
//     "domain_check": "allowed" | "blocked" | "error" | "unreachable" | {"status": 200, "body": {…}}
//                     or {"example.com": "blocked", "*": "allowed"} per host,
//     "answer": "text the small model answers for WebFetch",            (default: "ok")
//     "search": [ {"query": "...", "results": [{"title": "…", "url": "…"}], "text": "summary"} ]
//   }
// A page may also be {"redirect": "https://other/x", "status": 301}.
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

// The domain check goes to api.anthropic.com (recorded through the proxy; the binary's error
// text names claude.ai all the same).
const DOMAIN_CHECK_HOST = 'api.anthropic.com';

let caDir = null;
function ensureCa() {
  if (caDir) return caDir;
  caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oracle-webca-'));
  const o = (...a) => execFileSync('openssl', a, { cwd: caDir, stdio: 'ignore' });
  o('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', '/CN=oracle scripted web CA');
  o('genrsa', '-out', 'leaf.key', '2048');
  process.on('exit', () => { try { fs.rmSync(caDir, { recursive: true, force: true }); } catch { /* already gone */ } });
  return caDir;
}
const leafCache = new Map();
function leafContext(host) {
  if (leafCache.has(host)) return leafCache.get(host);
  const dir = ensureCa();
  const safe = host.replace(/[^A-Za-z0-9.-]/g, '_');
  const isIp = /^[0-9.]+$/.test(host) || host.includes(':');
  fs.writeFileSync(path.join(dir, `${safe}.ext`), `subjectAltName=${isIp ? 'IP' : 'DNS'}:${host}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n`);
  execFileSync('openssl', ['req', '-new', '-key', 'leaf.key', '-out', `${safe}.csr`, '-subj', `/CN=${isIp ? 'ip' : host}`], { cwd: dir, stdio: 'ignore' });
  execFileSync('openssl', ['x509', '-req', '-in', `${safe}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${safe}.pem`, '-days', '30', '-extfile', `${safe}.ext`], { cwd: dir, stdio: 'ignore' });
  const ctx = tls.createSecureContext({ key: fs.readFileSync(path.join(dir, 'leaf.key')), cert: fs.readFileSync(path.join(dir, `${safe}.pem`)) });
  ctx.pem = fs.readFileSync(path.join(dir, `${safe}.pem`));
  leafCache.set(host, ctx);
  return ctx;
}

function pageBytes(p) {
  if (p.base64 !== undefined) return Buffer.from(p.base64, 'base64');
  if (p.repeat !== undefined) return Buffer.from(String(p.repeat).repeat(p.count ?? 1), 'utf8');
  if (p.body !== undefined) return Buffer.from(typeof p.body === 'string' ? p.body : JSON.stringify(p.body), 'utf8');
  return Buffer.alloc(0);
}

function domainCheckAnswer(web, domain) {
  let dc = web.domain_check ?? 'allowed';
  if (dc && typeof dc === 'object' && dc.status === undefined && dc.body === undefined) dc = dc[domain] ?? dc['*'] ?? 'allowed';
  if (dc === 'allowed') return { status: 200, body: { domain, can_fetch: true } };
  if (dc === 'blocked') return { status: 200, body: { domain, can_fetch: false } };
  if (dc === 'error') return { status: 500, body: { error: 'scripted' } };
  if (dc === 'unreachable') return null;
  return { status: dc.status ?? 200, body: dc.body ?? {} };
}

// Starts the proxy; returns {port, env, log, close}.  `log` lists every request the binary made
// through it (host, method, path, headers) so scenarios can record what was asked.
export async function startWebProxy(web) {
  const log = [];
  const hosts = new Set();
  for (const u of Object.keys(web.pages || {})) { try { hosts.add(new URL(u).hostname.replace(/^\[|\]$/g, '')); } catch { /* not a URL: the binary refuses it before any request */ } }
  const checkReachable = web.domain_check !== 'unreachable';
  if (checkReachable) hosts.add(DOMAIN_CHECK_HOST);
  const dir = ensureCa();

  const serve = (req, res, scheme) => {
    const host = (req.headers.host || '').replace(/:\d+$/, '');
    const entry = { scheme, host, method: req.method, path: req.url, headers: { ...req.headers } };
    log.push(entry);
    if (host === DOMAIN_CHECK_HOST && /domain_info/.test(req.url)) {
      const domain = new URL(req.url, 'https://x').searchParams.get('domain') ?? '';
      const a = domainCheckAnswer(web, domain);
      if (!a) { req.socket.destroy(); return; }
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
      return;
    }
    const key = `${scheme}://${req.headers.host}${req.url}`;
    const alt = `${scheme}://${host}${req.url}`;
    const page = web.pages?.[key] ?? web.pages?.[alt];
    if (!page) { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('not scripted'); entry.unscripted = true; return; }
    if (page.reset) { req.socket.destroy(); return; }
    const headers = { ...(page.headers || {}) };
    if (page.redirect !== undefined) headers.location = page.redirect;
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type') && page.redirect === undefined) headers['content-type'] = 'text/html; charset=utf-8';
    const bytes = pageBytes(page);
    res.writeHead(page.status ?? (page.redirect !== undefined ? 301 : 200), headers);
    res.end(bytes);
  };
  const inner = https.createServer({ SNICallback: (name, cb) => { try { cb(null, leafContext(name)); } catch (e) { cb(e); } }, key: fs.readFileSync(path.join(dir, 'leaf.key')), cert: leafContext([...hosts].find((h) => /^[0-9.]+$/.test(h)) ?? DOMAIN_CHECK_HOST).pem }, (req, res) => serve(req, res, 'https'));
  inner.on('tlsClientError', (e) => log.push({ tls_error: String(e.message || e) }));
  const proxy = http.createServer((req, res) => {
    // plain-http request through the proxy (absolute URI)
    let u; try { u = new URL(req.url); } catch { res.writeHead(400); res.end(); return; }
    if (!hosts.has(u.hostname)) { log.push({ refused: u.hostname, scheme: 'http' }); req.socket.destroy(); return; }
    req.url = u.pathname + u.search;
    serve(req, res, 'http');
  });
  proxy.on('connect', (req, sock, head) => {
    const [h] = req.url.split(/:(?=\d+$)/);
    const host = h.replace(/^\[|\]$/g, '');
    if (!hosts.has(host)) { log.push({ refused: host, scheme: 'https' }); sock.destroy(); return; }
    // an IP host sends no SNI: the default certificate is the (first) scripted IP's
    sock.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head && head.length) sock.unshift(head);
    inner.emit('connection', sock);
  });
  await new Promise((r) => proxy.listen(0, '127.0.0.1', r));
  const port = proxy.address().port;
  const url = `http://127.0.0.1:${port}`;
  return {
    port, log,
    env: { HTTPS_PROXY: url, HTTP_PROXY: url, https_proxy: url, http_proxy: url, NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1', NODE_EXTRA_CA_CERTS: path.join(dir, 'ca.pem') },
    close: () => new Promise((r) => { proxy.closeAllConnections?.(); inner.closeAllConnections?.(); proxy.close(() => r()); }),
  };
}
