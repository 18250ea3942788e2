#!/usr/bin/env python3
"""Writes the WebFetch/WebSearch scenarios (area web) into conformance/scenarios/web-*.json.
Pages, the domain check and the small model's answer are scripted (oracle/web.mjs)."""
import json, os, sys
OUT = os.path.join(os.path.dirname(__file__), '..', 'scenarios')
TOOLS = ['WebFetch', 'WebSearch']
HTML = '<html><head><title>Doc</title></head><body><h1>Title</h1><p>Hello <b>world</b> and <i>you</i>.</p><h2>List</h2><ul><li>one</li><li>two <a href="/x">link</a></li></ul><pre><code>let a = 1;\n</code></pre><hr><table><tr><td>c</td></tr></table></body></html>'
PAGES = {
  'https://example.com/a': {'body': HTML},
  'https://example.com/plain': {'headers': {'content-type': 'text/plain'}, 'body': 'plain *text*\n<b>not html</b>\n'},
  'https://example.com/json': {'headers': {'content-type': 'application/json'}, 'body': '{"a": [1, 2], "b": "<i>x</i>"}'},
  'https://example.com/md': {'headers': {'content-type': 'text/markdown'}, 'body': '# Heading\n\nbody\n'},
  'https://example.com/png': {'headers': {'content-type': 'image/png'}, 'base64': 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='},
  'https://example.com/pdf': {'headers': {'content-type': 'application/pdf'}, 'body': '%PDF-1.4\n%%EOF\n'},
  'https://example.com/octet': {'headers': {'content-type': 'application/octet-stream'}, 'base64': 'AAECAwQFBgcICQ=='},
  'https://example.com/notype': {'headers': {'content-type': ''}, 'body': '<p>no type</p>'},
  'https://example.com/404': {'status': 404, 'body': '<h1>Not Found</h1>'},
  'https://example.com/500': {'status': 500, 'body': 'boom'},
  'https://example.com/403': {'status': 403, 'body': 'forbidden'},
  'https://example.com/204': {'status': 204},
  'https://example.com/empty': {'body': ''},
  'https://example.com/same': {'redirect': 'https://example.com/a', 'status': 301},
  'https://example.com/rel': {'redirect': '/plain', 'status': 302},
  'https://example.com/other': {'redirect': 'https://other.org/page', 'status': 301},
  'https://example.com/www': {'redirect': 'https://www.example.com/a', 'status': 301},
  'https://www.example.com/a': {'body': '<p>www page</p>'},
  'https://www.example.com/back': {'redirect': 'https://example.com/plain', 'status': 302},
  'https://example.com/loop': {'redirect': 'https://example.com/loop', 'status': 302},
  'https://example.com/307': {'redirect': 'https://other.org/page', 'status': 307},
  'https://example.com/308': {'redirect': 'https://example.com/plain', 'status': 308},
  'https://example.com/downgrade': {'redirect': 'http://example.com/plain', 'status': 301},
  'https://example.com/sub': {'redirect': 'https://docs.example.com/x', 'status': 301},
  'https://other.org/page': {'body': '<p>other</p>'},
  'https://docs.example.com/x': {'body': '<p>docs sub</p>'},
  'https://example.com/q?x=1&y=2': {'headers': {'content-type': 'text/plain'}, 'body': 'query page'},
  'https://example.com/latin1': {'headers': {'content-type': 'text/plain; charset=iso-8859-1'}, 'base64': 'Y2Fm6SBuYe92ZQo='},
  'https://docs.python.org/3/': {'body': '<h1>Python docs</h1><p>The <code>os</code> module.</p>'},
  'https://developer.mozilla.org/en-US/docs/Web': {'body': '<h1>MDN</h1><p>Web docs.</p>'},
  'https://react.dev/learn': {'headers': {'content-type': 'text/plain'}, 'body': 'react learn'},
  'https://github.com/anthropics': {'body': '<h1>GitHub</h1>'},
  'https://www.npmjs.com/package/x': {'body': '<h1>npm</h1>'},
  'https://go.dev/doc/': {'body': '<h1>Go</h1>'},
  'https://docs.anthropic.com/en/docs': {'body': '<h1>Anthropic docs</h1>'},
  'https://platform.claude.com/docs': {'body': '<h1>Platform</h1>'},
  'https://code.claude.com/docs': {'body': '<h1>Code docs</h1>'},
  'https://vercel.com/docs': {'body': '<h1>Vercel</h1>'},
  'https://nextjs.org/docs': {'body': '<h1>Next</h1>'},
  'https://tailwindcss.com/docs': {'body': '<h1>TW</h1>'},
  'https://learn.microsoft.com/en-us/': {'body': '<h1>MS</h1>'},
  'https://kubernetes.io/docs/': {'body': '<h1>k8s</h1>'},
  'https://evil.com/x': {'body': '<p>evil</p>'},
}
def wf(url, prompt='summarise'): return {'name': 'WebFetch', 'input': {'url': url, 'prompt': prompt}}
def ws(query, **kw): return {'name': 'WebSearch', 'input': {'query': query, **kw}}
scen = {}
def add(id, desc, turns, **kw):
  web = kw.pop('web', {})
  s = {'id': f'web-{id}', 'area': 'web', 'description': desc, 'tools': kw.pop('tools', TOOLS), 'mode': kw.pop('mode', 'bypassPermissions'), 'timeout': 90,
       'web': {'pages': web.pop('pages', PAGES), **web}, **kw, 'turns': turns}
  scen[s['id']] = s

# --- URL validation
add('url-invalid', 'URLs that fail the schema or the URL check.', [[wf('not a url'), wf('example.com/a'), wf('ftp://example.com/a'), wf('https://'), wf('javascript:alert(1)'), wf('file:///etc/passwd'), wf('https://exa mple.com/'), wf('mailto:a@example.com')]])
add('url-localhost', 'localhost, names without a dot, IP addresses.', [[wf('http://localhost/x'), wf('https://localhost:8080/'), wf('http://intranet/x'), wf('https://foo/'), wf('http://127.0.0.1/x'), wf('https://10.0.0.1/'), wf('https://[::1]/'), wf('https://LOCALHOST./'), wf('https://sub.localhost/')]])
add('url-shapes', 'Credentials, ports, long URLs, trailing dots and odd hosts.', [[wf('https://user:pw@example.com/a'), wf('https://example.com:8443/a'), wf('https://example.com/' + 'a' * 2100), wf('https://example.com./a'), wf('https://EXAMPLE.com/a'), wf('https://example.com/q?x=1&y=2'), wf('https://example.com/a#frag')]])
add('url-http-upgrade', 'http:// is upgraded to https://.', [[wf('http://example.com/a'), wf('http://example.com/plain')]])
add('missing-prompt', 'Input validation: prompt missing, extra key, wrong types.', [[{'name': 'WebFetch', 'input': {'url': 'https://example.com/a'}}, {'name': 'WebFetch', 'input': {'url': 'https://example.com/a', 'prompt': 'p', 'x': 1}}, {'name': 'WebFetch', 'input': {'url': 5, 'prompt': 'p'}}, {'name': 'WebFetch', 'input': {'prompt': 'p'}}, wf('https://example.com/a', '')]])
# --- domain check
for dc in ['blocked', 'error', 'unreachable']:
  add(f'domain-check-{dc}', f'The domain check answers {dc}.', [[wf('https://example.com/a'), wf('https://docs.python.org/3/')]], web={'domain_check': dc})
add('domain-check-bodies', 'Odd domain-check answers: no can_fetch, can_fetch a string, 404, not JSON.', [[wf('https://example.com/a'), wf('https://other.org/page'), wf('https://www.example.com/a'), wf('https://docs.example.com/x')]],
    web={'domain_check': {'example.com': {'status': 200, 'body': {'domain': 'example.com'}}, 'other.org': {'status': 200, 'body': {'can_fetch': 'yes'}}, 'www.example.com': {'status': 404, 'body': {}}, 'docs.example.com': {'status': 200, 'body': 'not json'}}})
add('domain-check-per-host', 'Blocked for one host, allowed for another.', [[wf('https://example.com/a'), wf('https://evil.com/x')]], web={'domain_check': {'evil.com': 'blocked', '*': 'allowed'}})
add('domain-check-skip-setting', 'skipWebFetchPreflight in settings skips the domain check.', [[wf('https://example.com/a'), wf('https://evil.com/x')]], web={'domain_check': 'blocked'}, settings={'skipWebFetchPreflight': True})
# --- content
add('html-markdown', 'HTML converted to Markdown; the small model gets it.', [[wf('https://example.com/a')]])
add('content-types', 'Plain text, JSON, Markdown, no type, Latin-1.', [[wf('https://example.com/plain'), wf('https://example.com/json'), wf('https://example.com/md'), wf('https://example.com/notype'), wf('https://example.com/latin1')]])
add('binary', 'Binary content types: PNG, PDF, octet-stream.', [[wf('https://example.com/png'), wf('https://example.com/pdf'), wf('https://example.com/octet')]])
add('status-codes', '404, 500, 403, 204, empty body.', [[wf('https://example.com/404'), wf('https://example.com/500'), wf('https://example.com/403'), wf('https://example.com/204'), wf('https://example.com/empty')]])
add('unscripted-host', 'A host the proxy refuses: a connection error.', [[wf('https://nowhere.example.net/x'), wf('https://example.com/missing')]])
add('answer-scripted', 'The small model answer is what the model sees.', [[wf('https://example.com/a', 'what is the title?')]], web={'answer': 'The title is "Title".\n\nIt says hello.'})
add('answer-empty', 'The small model answers nothing.', [[wf('https://example.com/a')]], web={'answer': ''})
add('cache', 'A second fetch of the same URL within the session.', [[wf('https://example.com/a')], [wf('https://example.com/a', 'again')], [wf('http://example.com/a')]])
for n, kind in [(100_000, 'html'), (100_001, 'plain'), (250_000, 'plain'), (2_000_000, 'plain'), (11_000_000, 'plain')]:
  url = f'https://example.com/big{n}{kind}'
  pg = {'headers': {'content-type': 'text/plain' if kind == 'plain' else 'text/html'}, 'repeat': 'abcdefghi\n' if kind == 'plain' else '<p>abcdefghi</p>', 'count': n // (10 if kind == 'plain' else 16)}
  add(f'size-{n}-{kind}', f'A {kind} page of about {n} characters.', [[wf(url)]], web={'pages': {**PAGES, url: pg}, 'answer': 'small model answer'}, timeout=150)
add('size-preapproved', 'Large and small Markdown on a preapproved domain.', [[wf('https://docs.python.org/3/'), wf('https://docs.python.org/big'), wf('https://react.dev/learn')]],
    web={'pages': {**PAGES, 'https://docs.python.org/big': {'headers': {'content-type': 'text/markdown'}, 'repeat': 'line of docs\n', 'count': 9000}}})
BIG = {**PAGES, 'https://example.com/big': {'headers': {'content-type': 'text/plain'}, 'repeat': '0123456789', 'count': 25_000}}
add('offset', 'Reading on through a long page with offset (2.1.332; 2.1.273 has no such parameter).', [[dict(wf('https://example.com/big'), input={'url': 'https://example.com/big', 'prompt': 'p', 'offset': o}) for o in (100_000, 200_000, 249_999, 300_000)] + [dict(wf('https://example.com/a'), input={'url': 'https://example.com/a', 'prompt': 'p', 'offset': 5})]], web={'pages': BIG})
# --- redirects
add('redirect-same-host', 'Same-host redirects are followed (absolute, relative, 308).', [[wf('https://example.com/same'), wf('https://example.com/rel'), wf('https://example.com/308')]])
add('redirect-other-host', 'Redirect to another host: a text naming both URLs.', [[wf('https://example.com/other'), wf('https://example.com/307')]])
add('redirect-www', 'Adding or removing www. and going to a subdomain.', [[wf('https://example.com/www'), wf('https://www.example.com/back'), wf('https://example.com/sub')]])
add('redirect-loop-downgrade', 'A redirect loop and a redirect to http.', [[wf('https://example.com/loop'), wf('https://example.com/downgrade')]])
add('redirect-other-host-scripted-answer', 'Redirect text with a scripted answer (the answer is not used).', [[wf('https://example.com/other', 'title?')]], web={'answer': 'ANSWER'})
# --- preapproved domains and permission rules
PRE = ['https://docs.python.org/3/', 'https://developer.mozilla.org/en-US/docs/Web', 'https://react.dev/learn', 'https://go.dev/doc/', 'https://docs.anthropic.com/en/docs', 'https://platform.claude.com/docs', 'https://code.claude.com/docs', 'https://vercel.com/docs', 'https://nextjs.org/docs', 'https://tailwindcss.com/docs', 'https://learn.microsoft.com/en-us/', 'https://kubernetes.io/docs/', 'https://github.com/anthropics', 'https://www.npmjs.com/package/x', 'https://example.com/a']
for mode in ['default', 'acceptEdits', 'plan', 'bypassPermissions']:
  add(f'preapproved-{mode}', f'Documentation domains vs others in {mode} mode.', [[wf(u) for u in PRE]], mode=mode)
RULE_URLS = [wf('https://example.com/a'), wf('https://www.example.com/a'), wf('https://docs.example.com/x'), wf('https://other.org/page'), wf('https://docs.python.org/3/')]
for mode in ['default', 'acceptEdits', 'plan', 'bypassPermissions']:
  m = mode[:2] if mode != 'bypassPermissions' else 'bp'
  add(f'rule-allow-{mode}', f'WebFetch(domain:example.com) allowed in {mode} mode.', [RULE_URLS], mode=mode, settings={'permissions': {'allow': ['WebFetch(domain:example.com)']}})
  add(f'rule-allow-trusted-{mode}', f'WebFetch(domain:example.com) allowed in {mode} mode in a trusted workspace.', [RULE_URLS], mode=mode, trust=True, settings={'permissions': {'allow': ['WebFetch(domain:example.com)']}})
  add(f'rule-deny-{mode}', f'WebFetch(domain:...) denied in {mode} mode, including a preapproved domain.', [RULE_URLS], mode=mode, settings={'permissions': {'deny': ['WebFetch(domain:example.com)', 'WebFetch(domain:docs.python.org)']}})
  add(f'rule-ask-{mode}', f'WebFetch(domain:...) ask rules in {mode} mode.', [RULE_URLS], mode=mode, settings={'permissions': {'ask': ['WebFetch(domain:example.com)', 'WebFetch(domain:docs.python.org)']}})
add('rule-wildcard', 'WebFetch(domain:*.example.com) and bare WebFetch allow.', [RULE_URLS], trust=True, mode='default', settings={'permissions': {'allow': ['WebFetch(domain:*.example.com)']}})
add('rule-bare-allow', 'A bare WebFetch allow rule.', [RULE_URLS], trust=True, mode='default', settings={'permissions': {'allow': ['WebFetch']}})
add('rule-bare-deny', 'A bare WebFetch deny rule in bypassPermissions.', [RULE_URLS], mode='bypassPermissions', settings={'permissions': {'deny': ['WebFetch']}})
add('rule-allowed-tools-flag', '--allowedTools WebFetch(domain:other.org).', [RULE_URLS], mode='default', allowedTools=['WebFetch(domain:other.org)'])
add('rule-deny-beats-allow', 'Deny and allow on the same domain; allow on a subdomain.', [RULE_URLS], trust=True, mode='default', settings={'permissions': {'allow': ['WebFetch(domain:example.com)', 'WebFetch(domain:docs.example.com)'], 'deny': ['WebFetch(domain:example.com)']}})
add('rule-url-forms', 'Rules with odd domain specifiers (scheme, port, upper case, path).', [RULE_URLS], trust=True, mode='default', settings={'permissions': {'allow': ['WebFetch(domain:https://other.org)', 'WebFetch(domain:EXAMPLE.COM)', 'WebFetch(domain:www.example.com:443)', 'WebFetch(domain:docs.example.com/x)']}})
add('rule-domain-check-after-allow', 'An allowed domain still goes through the domain check.', [[wf('https://evil.com/x')]], trust=True, mode='default', settings={'permissions': {'allow': ['WebFetch(domain:evil.com)']}}, web={'domain_check': 'blocked'})
add('rule-deny-before-validation', 'A deny rule vs a localhost URL and an invalid domain check.', [[wf('http://localhost/x'), wf('https://example.com/a')]], mode='bypassPermissions', settings={'permissions': {'deny': ['WebFetch(domain:localhost)']}}, web={'domain_check': 'error'})
# --- WebSearch
R = [{'title': 'Example Domain', 'url': 'https://example.com/', 'page_age': 'March 1, 2024'}, {'title': 'Other', 'url': 'https://other.org/page'}]
add('search-basic', 'A search with results and a summary.', [[ws('example domain')]], web={'search': {'*': [{'query': 'example domain', 'results': R}, {'text': 'Example Domain is a reserved domain.'}]}})
add('search-no-results', 'A search without results (default script).', [[ws('nothing here')]])
add('search-multi', 'Several searches, text between them.', [[ws('multi step')]], web={'search': {'*': [{'text': 'Let me search.'}, {'query': 'first', 'results': R[:1]}, {'text': 'And again.'}, {'query': 'second', 'results': R[1:]}, {'text': 'Done: two results.'}]}})
add('search-error', 'A search that ends in max_uses_exceeded: the error code is a line of the result text.', [[ws('will fail')]], web={'search': {'*': [{'query': 'will fail', 'error': 'max_uses_exceeded'}, {'text': 'failed'}]}})
add('search-error-kinds', 'Other search error codes.', [[ws('too many'), ws('unavailable'), ws('invalid')]], web={'search': {'too many': [{'query': 'too many', 'error': 'too_many_requests'}], 'unavailable': [{'query': 'unavailable', 'error': 'unavailable'}], 'invalid': [{'query': 'invalid', 'error': 'invalid_tool_input'}]}})
add('search-domains', 'allowed_domains, blocked_domains, both, empty lists.', [[ws('allowed', allowed_domains=['example.com']), ws('blocked', blocked_domains=['other.org']), ws('both', allowed_domains=['example.com'], blocked_domains=['other.org']), ws('empties', allowed_domains=[], blocked_domains=[]), ws('allowed2', allowed_domains=['example.com', 'https://x.org/path'])]],
    web={'search': {'*': [{'results': R}, {'text': 'ok'}]}})
add('search-validation', 'Query too short, missing, wrong types.', [[ws('a'), ws(''), {'name': 'WebSearch', 'input': {}}, {'name': 'WebSearch', 'input': {'query': 'ok', 'allowed_domains': 'example.com'}}, {'name': 'WebSearch', 'input': {'query': 'ok', 'x': 1}}]])
add('search-text-only', 'The search model answers with text only, no search.', [[ws('text only')]], web={'search': {'*': [{'text': 'I know this already.'}]}})
add('search-many-results', 'Many results with titles that need escaping.', [[ws('many')]], web={'search': {'*': [{'query': 'many', 'results': [{'title': f'T{i} "quoted" [x]', 'url': f'https://e{i}.example.com/p?q={i}'} for i in range(12)]}, {'text': 'Summary with [link](https://e1.example.com/).'}]}})
for mode in ['default', 'acceptEdits', 'plan', 'bypassPermissions']:
  add(f'search-perm-{mode}', f'WebSearch permission in {mode} mode.', [[ws('perm check')]], mode=mode)
add('search-rule-allow', 'WebSearch allowed by rule in default mode.', [[ws('allowed by rule')]], trust=True, mode='default', settings={'permissions': {'allow': ['WebSearch']}})
add('search-rule-deny', 'WebSearch denied by rule in bypassPermissions.', [[ws('denied by rule')]], mode='bypassPermissions', settings={'permissions': {'deny': ['WebSearch']}})
add('search-rule-ask', 'WebSearch ask rule in bypassPermissions and acceptEdits.', [[ws('ask rule')]], mode='acceptEdits', settings={'permissions': {'ask': ['WebSearch']}})
add('search-rule-specifier', 'WebSearch(query) rules with a specifier.', [[ws('specifier')]], trust=True, mode='default', settings={'permissions': {'allow': ['WebSearch(specifier)']}})
add('search-then-fetch', 'Search, then fetch a result, in two turns.', [[ws('example domain')], [wf('https://example.com/a', 'title?')]], web={'search': {'*': [{'query': 'example domain', 'results': R}, {'text': 'found'}]}, 'answer': 'Title'})
add('mixed-parallel', 'WebFetch and WebSearch in one message, with a denial.', [[wf('https://example.com/plain'), ws('parallel'), wf('https://evil.com/x')]], trust=True, mode='default', settings={'permissions': {'allow': ['WebFetch(domain:example.com)', 'WebSearch'], 'deny': ['WebFetch(domain:evil.com)']}})


# --- which hosts (and paths) are preapproved: default mode, no pages (an allowed call ends in a
# connection error, an unapproved one in the permission refusal)
PROBE = ['https://python.org/', 'https://www.python.org/doc/', 'https://docs.python.org/', 'https://sub.docs.python.org/', 'https://github.com/', 'https://github.com/anthropics/claude-code', 'https://github.com/torvalds', 'https://gist.github.com/x', 'https://raw.githubusercontent.com/a/b/c', 'https://docs.github.com/en', 'https://nodejs.org/api/', 'https://www.typescriptlang.org/docs/', 'https://docs.rs/serde', 'https://doc.rust-lang.org/book/', 'https://pkg.go.dev/fmt', 'https://docs.oracle.com/javase/', 'https://en.cppreference.com/w/', 'https://cppreference.com/', 'https://docs.djangoproject.com/en/', 'https://flask.palletsprojects.com/', 'https://fastapi.tiangolo.com/', 'https://numpy.org/doc/', 'https://pandas.pydata.org/docs/', 'https://pytorch.org/docs/', 'https://www.tensorflow.org/api_docs', 'https://huggingface.co/docs', 'https://angular.io/docs', 'https://angular.dev/', 'https://vuejs.org/guide/', 'https://svelte.dev/docs', 'https://docs.docker.com/', 'https://docs.aws.amazon.com/', 'https://cloud.google.com/docs', 'https://redis.io/docs/', 'https://www.postgresql.org/docs/', 'https://dev.mysql.com/doc/', 'https://www.mongodb.com/docs/', 'https://docs.npmjs.com/', 'https://www.npmjs.com/', 'https://pypi.org/project/x', 'https://stackoverflow.com/questions/1', 'https://en.wikipedia.org/wiki/X', 'https://developer.apple.com/documentation/', 'https://developer.android.com/docs', 'https://docs.anthropic.com/', 'https://www.anthropic.com/', 'https://claude.ai/', 'https://docs.claude.com/', 'https://modelcontextprotocol.io/', 'https://expressjs.com/', 'https://jestjs.io/docs/', 'https://vitest.dev/guide/', 'https://playwright.dev/docs/', 'https://webpack.js.org/', 'https://vitejs.dev/guide/', 'https://vite.dev/guide/', 'https://eslint.org/docs/', 'https://prettier.io/docs/', 'https://git-scm.com/docs', 'https://www.gnu.org/software/bash/manual/', 'https://man7.org/linux/', 'https://docs.microsoft.com/en-us/', 'https://learn.microsoft.com/', 'https://azure.microsoft.com/', 'https://ruby-doc.org/', 'https://guides.rubyonrails.org/', 'https://laravel.com/docs', 'https://www.php.net/manual/', 'https://kotlinlang.org/docs/', 'https://docs.swift.org/', 'https://developer.mozilla.org/', 'https://mozilla.org/', 'https://www.w3.org/TR/', 'https://www.w3schools.com/', 'https://graphql.org/learn/', 'https://www.prisma.io/docs', 'https://tailwindcss.com/', 'https://getbootstrap.com/docs/', 'https://nextjs.org/', 'https://vercel.com/', 'https://netlify.com/', 'https://docs.netlify.com/', 'https://kubernetes.io/', 'https://helm.sh/docs/', 'https://www.terraform.io/docs', 'https://developer.hashicorp.com/terraform/docs', 'https://go.dev/', 'https://golang.org/doc/', 'https://react.dev/', 'https://reactjs.org/docs/', 'https://docs.python-requests.org/', 'https://requests.readthedocs.io/', 'https://readthedocs.io/', 'https://bun.sh/docs', 'https://deno.land/manual', 'https://docs.deno.com/', 'https://code.claude.com/', 'https://platform.claude.com/', 'https://support.anthropic.com/', 'https://DOCS.PYTHON.ORG/3/', 'https://docs.python.org./3/', 'http://docs.python.org/3/']
for i in range(0, len(PROBE), 35):
  add(f'preapproved-probe-{i // 35 + 1}', 'Which hosts and paths are preapproved (default mode, no pages: allowed calls end in a connection error).', [[wf(u) for u in PROBE[i:i + 35]]], mode='default', web={'pages': {}})

only = sys.argv[1:]
for id, s in scen.items():
  if only and not any(o in id for o in only): continue
  with open(os.path.join(OUT, id + '.json'), 'w') as f: f.write(json.dumps(s, indent=1) + '\n')
print(len(scen), 'scenarios')
