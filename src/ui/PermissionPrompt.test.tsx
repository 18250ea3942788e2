// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { PermissionPrompt, PromptAnswer } from '../session/prompt';
import { domRootPerTest } from './dom-testing';
import { PermissionPromptView } from './PermissionPrompt';

const dom = domRootPerTest();
const texts = (sel: string) => [...dom.host.querySelectorAll(sel)].map((e) => e.textContent);

const prompt: PermissionPrompt = {
  callId: 'toolu_oracle_0_0',
  tool: 'Bash',
  input: { command: 'npm run test -- --watch', description: 'Run the tests' },
  decision: {
    behavior: 'ask',
    rule: { text: 'Bash(npm:*)', source: 'local' },
    reason: 'Bash(npm:*) asks before npm run test -- --watch',
    message: "Claude requested permissions to use Bash, but you haven't granted it yet.",
  },
  suggestions: [
    { type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'npm run test:*' }], behavior: 'allow', destination: 'localSettings' },
  ],
};

function mount(p: PermissionPrompt = prompt) {
  const answers: PromptAnswer[] = [];
  dom.render(<PermissionPromptView prompt={p} onAnswer={(a) => answers.push(a)} />);
  return answers;
}

const key = (target: Element | null, k: string) =>
  act(() => {
    target?.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  });

describe('PermissionPromptView', () => {
  it('names the tool, the input, the description and the rule that asked, and focuses "Allow once"', () => {
    mount();
    expect([
      dom.host.querySelector('[role="alertdialog"]')?.getAttribute('aria-labelledby'),
      texts('h2'),
      texts('pre.prompt-input'),
      texts('.prompt-description'),
      texts('.prompt-why'),
      texts('.prompt-answers button'),
      [...dom.host.querySelectorAll('.prompt-answers button')].map((b) => b.getAttribute('aria-keyshortcuts')),
      document.activeElement?.textContent,
    ]).toEqual([
      'prompt-title',
      ['ask Bash wants permission'],
      ['command: npm run test -- --watch'],
      ['Run the tests'],
      ['Why: rule Bash(npm:*) from local settings. Bash(npm:*) asks before npm run test -- --watch'],
      ['Allow once Enter / 1', 'Always allow: add Bash(npm run test:*) to local settings 2', 'Deny Esc / 3'],
      ['Enter 1', '2', 'Escape 3'],
      'Allow once Enter / 1',
    ]);
  });

  it('answers from the keys (1, 2, 3, Esc, Enter off the buttons) and the buttons; the page never sees those keys', () => {
    const answers = mount();
    const seen: string[] = [];
    const spy = (e: KeyboardEvent) => seen.push(e.key);
    window.addEventListener('keydown', spy);
    const section = dom.host.querySelector('section');
    const first = dom.host.querySelector('button');
    key(first, '2');
    key(first, '1');
    key(first, 'Escape');
    key(first, '3');
    key(section, 'Enter');
    key(first, 'x');
    act(() => dom.host.querySelectorAll<HTMLButtonElement>('.prompt-answers button')[2]?.click());
    window.removeEventListener('keydown', spy);
    expect([answers, seen]).toEqual([['allow-always', 'allow-once', 'deny', 'deny', 'allow-once', 'deny'], ['x']]);
  });

  it('moves between the answers with the arrow keys', () => {
    mount();
    const focused: (string | undefined)[] = [];
    for (const k of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp']) {
      key(document.activeElement, k);
      focused.push(document.activeElement?.textContent?.split(' ')[0]);
    }
    expect(focused).toEqual(['Always', 'Deny', 'Allow', 'Deny']);
  });

  it('offers no "always allow" when there is no rule to add', () => {
    const answers = mount({ ...prompt, input: { file_path: '/w/a.txt' }, decision: { behavior: 'ask', reason: 'outside' }, suggestions: [] });
    key(document.activeElement, '2');
    expect([
      texts('pre.prompt-input'),
      texts('.prompt-why'),
      [...dom.host.querySelectorAll<HTMLButtonElement>('.prompt-answers button')].map((b) => b.disabled),
      answers,
    ]).toEqual([['file_path: /w/a.txt'], ['Why: outside'], [false, true, false], []]);
  });
});

describe('the change an Edit prompt shows', () => {
  it('is a unified diff of the file, context lines, removals and additions', () => {
    mount({
      ...prompt,
      tool: 'Edit',
      input: { file_path: '/p/a.txt', old_string: 'two', new_string: 'TWO' },
      preview: { path: '/p/a.txt', before: 'one\ntwo\nthree\n', after: 'one\nTWO\nthree\n' },
    });
    expect([texts('.prompt-diff figcaption'), texts('.prompt-diff pre > *')]).toEqual([
      ['the change to the file: /p/a.txt'],
      ['@@ -1,3 +1,3 @@\n', ' one\n', '-two\n', '+TWO\n', ' three\n'],
    ]);
    expect([...dom.host.querySelectorAll('.prompt-diff pre > *')].map((e) => e.tagName)).toEqual([
      'SPAN',
      'SPAN',
      'DEL',
      'INS',
      'SPAN',
    ]);
  });
});
