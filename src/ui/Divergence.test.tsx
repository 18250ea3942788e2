// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { domRootPerTest } from './dom-testing';
import type { Scenario, ScenarioResult } from '../scenario/schema';
import { Divergence } from './Divergence';
import { ShareToolbar } from './share/ShareToolbar';

const dom = domRootPerTest();

const call = (id: string, content: string) => ({ id, tool: 'Read', input: {}, is_error: false, content });
const rec = (...contents: string[]): ScenarioResult => ({
  scenario: 's',
  version: '2.1.200',
  turns: [{ turn: 0, calls: contents.map((c, i) => call(`toolu_${i}`, c)), attachments: [] }],
});

describe('Divergence (issue 18 #9: the badge and the comparison say one thing, inline)', () => {
  it('is the match badge: how many calls match, folded, with what differs inside', () => {
    dom.render(<Divergence expected={rec('1\told', 'same')} actual={rec('1\tnew', 'same')} />);
    const d = dom.host.querySelector('details[aria-label="Divergence from the recording"]');
    expect(d?.hasAttribute('open')).toBe(false);
    expect(d?.querySelector('summary')?.innerHTML).toEqual(
      '<span class="badge deny">1 of 2 calls match the recording (2.1.200)</span>',
    );
    expect([...(d?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'Read toolu_0 differsrecorded:1\toldplayground:1\tnew',
      'Read toolu_1 same',
    ]);
  });

  it('says all match with the matching badge', () => {
    dom.render(<Divergence expected={rec('a')} actual={rec('a')} />);
    expect(dom.host.querySelector('summary')?.innerHTML).toEqual(
      '<span class="badge allow">1 of 1 calls match the recording (2.1.200)</span>',
    );
  });

  it('is no longer a card floating over the panes from the share toolbar', () => {
    const scenario: Scenario = { turns: [[{ name: 'Read', input: {} }]], expect: rec('1\told') };
    dom.render(
      <ShareToolbar handle={{ openScenario: () => undefined, scenario, id: 's', result: rec('1\tnew') }} />,
    );
    expect(dom.host.querySelector('details')).toEqual(null);
  });
});
