import { describe, expect, it } from 'vitest';
import { findSecrets, maskEmail, redactSecrets, SECRET_PATTERNS } from './redact';

// Made-up secrets of each kind's shape (none is real).
const ANT = 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const OPENAI = 'sk-proj-ZyXwVuTsRqPoNmLkJiHgFeDc';
const AWS = 'AKIAIOSFODNN7EXAMPLE';
const GHP = 'ghp_0123456789abcdefghijABCDEFGHIJklmnop';
const PAT = 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz';
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.e30.abcdefghij';

describe('each pattern on its own', () => {
  const one = (text: string) => redactSecrets({ text }).text;
  it('masks the secret part, one star per character, keeping the kind’s prefix', () => {
    expect(
      [
        `key ${ANT} end`,
        `OPENAI_KEY is ${OPENAI}.`,
        `aws ${AWS}`,
        `token ${GHP}`,
        `pat ${PAT}`,
        `Authorization: Bearer ${BEARER}`,
        'DB_PASSWORD=hunter22',
        'export API_KEY="s3cr3t value"',
        "  client_secret = 'abcd'",
        '     3\u2192SECRET_TOKEN=xyz12345',
        '3\tPASSWORD=pa55word # db',
        'write to jane.doe@mail.example.com please',
        'mail ops@example.org: the remote is git@github.com:o/r.git',
        '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\nAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----',
      ].map(one),
    ).toEqual([
      'key sk-ant-****************************************** end',
      `OPENAI_KEY is sk-${'*'.repeat(OPENAI.length - 3)}.`,
      'aws AKIA****************',
      'token ghp_************************************',
      `pat github_pat_${'*'.repeat(PAT.length - 11)}`,
      `Authorization: Bearer ${'*'.repeat(BEARER.length)}`,
      'DB_PASSWORD=********',
      'export API_KEY="************"',
      "  client_secret = '****'",
      '     3\u2192SECRET_TOKEN=********',
      '3\tPASSWORD=******** # db',
      'write to j*******@****.*******.com please',
      'mail o**@*******.org: the remote is git@github.com:o/r.git',
      '-----BEGIN OPENSSH PRIVATE KEY-----\n********************\n************\n-----END OPENSSH PRIVATE KEY-----',
    ]);
  });

  it('leaves ordinary text alone', () => {
    const plain = [
      'sk-short',
      'npm i react@19.0.0 @types/node',
      'PASSWORD=abc',
      'echo PASSWORD_FILE is read from disk',
      'the bearer of bad news',
      'AKIA lowercase akiaiosfodnn7example',
      'mask = "*****"',
      'origin\tgit@github.com:owner/repo.git (fetch)',
      'git clone ssh://git@gitlab.example.org/team/app.git',
    ];
    expect(plain.map((text) => redactSecrets({ text }).text)).toEqual(plain);
  });

  it('has one pattern per kind', () => {
    expect(SECRET_PATTERNS.map((p) => p.kind)).toEqual([
      'private-key',
      'anthropic-key',
      'openai-key',
      'aws-access-key',
      'github-token',
      'bearer-token',
      'env-secret',
      'email',
    ]);
  });

  it('masks an address with several domain labels', () => {
    expect(maskEmail('a@b.co')).toBe('a@*.co');
  });
});

describe('a session', () => {
  const session = {
    files: { '$CWD/.env': `ANTHROPIC_API_KEY=${ANT}\nDB_PASSWORD=hunter22\nUSER=me\n`, '$CWD/logo.png': { base64: 'AKIAIOSFODNN7EXAMPLE' } },
    turns: [
      [{ name: 'Read', input: { file_path: '$CWD/.env' } }],
      [{ name: 'Bash', input: { command: `curl -H "Authorization: Bearer ${ANT}" https://api.example.com` } }],
    ],
    expect: {
      turns: [
        [{ content: `1\tANTHROPIC_API_KEY=${ANT}\n2\tDB_PASSWORD=hunter22\n3\tUSER=me\n` }],
        [{ content: 'grep: .env:2:DB_PASSWORD=hunter22 (mail ops@example.org)' }],
      ],
    },
  };

  it('lists each secret once, with every place and a masked excerpt', () => {
    expect(findSecrets(session)).toEqual([
      {
        id: 0,
        kind: 'anthropic-key',
        label: 'Anthropic API key',
        masked: 'sk-ant-******************************************',
        places: ['files["$CWD/.env"]', 'turns[1][0].input.command', 'expect.turns[0][0].content'],
        excerpt: 'ANTHROPIC_API_KEY=sk-ant-******************************************⏎DB_PASSWORD=********⏎US…',
      },
      {
        id: 1,
        kind: 'env-secret',
        label: 'password or secret in an env line',
        masked: '********',
        places: ['files["$CWD/.env"]', 'expect.turns[0][0].content', 'expect.turns[1][0].content'],
        excerpt: '…***********⏎DB_PASSWORD=********⏎USER=me⏎',
      },
      {
        id: 2,
        kind: 'email',
        label: 'e-mail address',
        masked: 'o**@*******.org',
        places: ['expect.turns[1][0].content'],
        excerpt: '…PASSWORD=******** (mail o**@*******.org)',
      },
    ]);
  });

  it('masks all of them, the bytes of a binary file aside, but those the person unticked', () => {
    const stars = 'sk-ant-******************************************';
    expect(redactSecrets(session, new Set([2]))).toEqual({
      files: { '$CWD/.env': `ANTHROPIC_API_KEY=${stars}\nDB_PASSWORD=********\nUSER=me\n`, '$CWD/logo.png': { base64: 'AKIAIOSFODNN7EXAMPLE' } },
      turns: [
        [{ name: 'Read', input: { file_path: '$CWD/.env' } }],
        [{ name: 'Bash', input: { command: `curl -H "Authorization: Bearer ${stars}" https://api.example.com` } }],
      ],
      expect: {
        turns: [
          [{ content: `1\tANTHROPIC_API_KEY=${stars}\n2\tDB_PASSWORD=********\n3\tUSER=me\n` }],
          [{ content: 'grep: .env:2:DB_PASSWORD=******** (mail ops@example.org)' }],
        ],
      },
    });
  });

  it('changes nothing when nothing matches', () => {
    const clean = { files: { 'a.txt': 'hello' }, turns: [] };
    expect(findSecrets(clean)).toEqual([]);
    expect(redactSecrets(clean)).toEqual(clean);
  });
});
