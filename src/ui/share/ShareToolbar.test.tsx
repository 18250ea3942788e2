// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { domRootPerTest } from '../dom-testing';
import type { Scenario } from '../../scenario/schema';
import { ShareToolbar, type ShareHandle } from './ShareToolbar';
import { Menu, MenuSlots } from '../header/Menu';

const dom = domRootPerTest();
const render = dom.render;
const click = (label: string) => {
  const b = [...dom.host.querySelectorAll('button')].find((x) => x.textContent === label);
  if (!b) throw new Error(`no button ${label}`);
  act(() => b.click());
};

const bash: Scenario = {
  id: 'shared-bash',
  title: 'Lists <files>',
  turns: [[{ name: 'Bash', input: { command: 'ls' } }]],
};

function handle(opened: [Scenario, string][], over: Partial<ShareHandle> = {}): ShareHandle {
  return { openScenario: (s, id) => opened.push([s, id]), ...over };
}

describe('a link that runs a shell', () => {
  it('waits for a click on a real-Node backend', () => {
    const opened: [Scenario, string][] = [];
    render(
      <ShareToolbar
        handle={handle(opened)}
        backend={() => 'webcontainer'}
        boot={{ open: { scenario: bash, id: 'shared-bash', source: 'link', runsShell: true } }}
      />,
    );
    expect(opened).toEqual([]);
    const dialog = dom.host.querySelector('[role="alertdialog"]');
    expect(dialog?.getAttribute('aria-label')).toEqual('Run shared scenario');
    expect(dialog?.querySelector('h3')?.textContent).toEqual('Run “Lists <files>”?');
    expect(dialog?.querySelector('p')?.textContent).toEqual(
      'This link runs shell commands (Bash calls, shell actions or git setup). On the webcontainer backend they run on real Node, so it waits for you.',
    );
    click('Run it');
    expect(opened).toEqual([[bash, 'shared-bash']]);
    expect(dom.host.querySelector('[role="alertdialog"]')).toEqual(null);
  });

  it('runs at once on the in-memory backend', () => {
    const opened: [Scenario, string][] = [];
    render(
      <ShareToolbar
        handle={handle(opened)}
        backend={() => 'memfs'}
        boot={{ open: { scenario: bash, id: 'shared-bash', source: 'link', runsShell: true } }}
      />,
    );
    expect(opened).toEqual([[bash, 'shared-bash']]);
  });

  it('is not run when the person says no', () => {
    const opened: [Scenario, string][] = [];
    render(
      <ShareToolbar
        handle={handle(opened)}
        backend={() => 'webcontainer'}
        boot={{ open: { scenario: bash, id: 'shared-bash', source: 'link', runsShell: true } }}
      />,
    );
    click('Don’t run');
    expect(opened).toEqual([]);
  });
});

describe('the link error banner', () => {
  it('shows the message as text and leaves the session alone', () => {
    const opened: [Scenario, string][] = [];
    render(<ShareToolbar handle={handle(opened)} boot={{ error: '<b>This link is damaged</b>' }} />);
    const alert = dom.host.querySelector('[role="alert"]');
    expect([...(alert?.querySelectorAll('p') ?? [])].map((p) => p.textContent)).toEqual([
      '<b>This link is damaged</b>',
      'The current session was left as it was.',
    ]);
    expect(alert?.querySelector('b')).toEqual(null);
    expect(opened).toEqual([]);
    click('Dismiss');
    expect(dom.host.querySelector('[role="alert"]')).toEqual(null);
  });
});

describe('Export scenario', () => {
  it('writes the format, behaviour version and model, as the link does', async () => {
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:x';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    try {
      // Its items go into the header's Share menu.
      render(
        <MenuSlots>
          <Menu name="share" label="Share" />
          <ShareToolbar handle={handle([], { scenario: bash, id: 'shared-bash' })} autosaveMs={1e9} />
        </MenuSlots>,
      );
      click('Export scenario');
      await vi.waitFor(() => expect(blobs.length).toBe(1), { timeout: 15000 });
      expect(JSON.parse(await (blobs[0] as Blob).text())).toEqual({
        format: 'cc-playground/scenario@1',
        version: '2.1.273',
        model: 'claude-opus-5[1m]',
        id: 'shared-bash',
        title: 'Lists <files>',
        turns: [[{ name: 'Bash', input: { command: 'ls' } }]],
      });
    } finally {
      create.mockRestore();
      revoke.mockRestore();
    }
  });
});

describe('a shared link that opens', () => {
  it('shows its title and description and keeps the address until the session changes', () => {
    history.replaceState(null, '', '/#s1.abc');
    const shared: Scenario = { ...bash, description: 'Runs ls in the project.' };
    const opened: [Scenario, string][] = [];
    const bar = (over: Partial<ShareHandle>) => (
      <ShareToolbar
        handle={handle(opened, over)}
        autosaveMs={1e9}
        boot={{ open: { scenario: shared, id: 'shared-bash', source: 'link', runsShell: false } }}
      />
    );
    render(bar({}));
    expect(opened).toEqual([[shared, 'shared-bash']]);
    const card = dom.host.querySelector('[aria-label="Opened link"]');
    expect([...(card?.children ?? [])].map((e) => e.textContent)).toEqual([
      'Lists <files>',
      'Runs ls in the project.',
      'Opened from a shared link.',
      'Close',
    ]);
    expect(location.hash).toBe('#s1.abc');
    const session = { ...shared, format: 'cc-playground/scenario@1' as const };
    render(bar({ scenario: session, id: 'shared-bash' }));
    expect(location.hash).toBe('#s1.abc');
    render(bar({ scenario: { ...session, turns: [...session.turns, []] }, id: 'shared-bash' }));
    expect(location.hash).toBe('');
    click('Close');
    expect(dom.host.querySelector('[aria-label="Opened link"]')).toBeNull();
  });
});
