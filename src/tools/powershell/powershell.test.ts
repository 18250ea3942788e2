// PowerShell as the binaries answered it (ps-* probes of issue 16, both versions alike): offered
// only with CLAUDE_CODE_USE_POWERSHELL_TOOL, "not available" without pwsh, the rules matched on
// the text when pwsh cannot parse, and the exit-code table where a pwsh runs. Whole results.
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { createJustBashShell } from '../../backends/shell/justbash';
import type { Scenario } from '../../scenario/schema';
import { replayScenario } from '../../session/replay';
import { createPermissions } from '../../session/wiring';
import { ALL_TOOLS } from '../registry';

const ON = { CLAUDE_CODE_USE_POWERSHELL_TOOL: '1' };
const NA = 'PowerShell is not available on this system.';
const PARSE = 'Command contains malformed syntax that cannot be parsed: PowerShell is not available';
const ASKED = "Claude requested permissions to use PowerShell, but you haven't granted it yet.";
const denied = (c: string) => `Permission to use PowerShell with command ${c} has been denied.`;

async function replay(scen: Partial<Scenario> & { commands: string[] }, version = '2.1.332') {
  const ws = createMemfsWorkspace({ shell: (vol, clock) => createJustBashShell(vol, clock) });
  const { commands, ...rest } = scen;
  const s: Scenario = {
    id: 'ps',
    tools: ['PowerShell'],
    trust: true,
    version,
    turns: [commands.map((command) => ({ name: 'PowerShell', input: { command } }))],
    ...rest,
  };
  const { result } = await replayScenario(ws, s, 'ps', { tools: ALL_TOOLS, permissions: createPermissions });
  return result.turns.flatMap((t) => t.calls.map((c) => [c.is_error, c.content]));
}

describe('PowerShell without pwsh', () => {
  it('is unknown unless CLAUDE_CODE_USE_POWERSHELL_TOOL turns it on (env or a settings env)', async () => {
    expect([
      await replay({ commands: ['Get-ChildItem'] }),
      await replay({ commands: ['Get-ChildItem'], settings: { env: ON } }),
    ]).toEqual([
      [[true, '<tool_use_error>Error: No such tool available: PowerShell</tool_use_error>']],
      [[false, NA]],
    ]);
  });

  it('matches deny and ask rules on the text: any case, every piece, aliases read as cmdlets', async () => {
    const commands = [
      'remove-item a.txt',
      'Remove-Itemx a.txt',
      'Get-ChildItem; ri a.txt',
      "Write-Output 'a;Remove-Item b'",
      'Write-Output $(del a)',
      'Microsoft.PowerShell.Management\\Remove-Item a',
      'Remove-Item.exe a',
      '  Remove-Item a.txt\n',
      'gc secret.txt',
      'set-content a.txt y',
      'iwr http://x',
      'curl http://x',
      '   ',
    ];
    expect(
      await replay({
        env: ON,
        commands,
        settings: {
          permissions: {
            deny: ['PowerShell(Remove-Item:*)', 'PowerShell(Get-Content secret.txt)'],
            ask: ['PowerShell(Set-Content *)', 'PowerShell(Invoke-WebRequest:*)'],
          },
        },
      }),
    ).toEqual([
      [true, denied('remove-item a.txt')],
      [false, NA],
      [true, denied('Get-ChildItem; ri a.txt')],
      [true, denied("Write-Output 'a;Remove-Item b'")],
      [true, denied('Write-Output $(del a)')],
      [true, denied('Microsoft.PowerShell.Management\\Remove-Item a')],
      [true, denied('Remove-Item.exe a')],
      [true, denied('Remove-Item a.txt')],
      [true, denied('gc secret.txt')],
      [true, ASKED],
      [true, ASKED],
      [false, NA],
      [false, NA],
    ]);
  });

  it('needs approval in default mode unless an exact allow rule names the line', async () => {
    expect(
      await replay(
        {
          env: ON,
          mode: 'default',
          commands: ['', 'ls', ' GET-CHILDITEM ', 'Get-ChildItem x', 'Write-Output hi', 'Get-ChildItem; Get-ChildItem'],
          settings: { permissions: { allow: ['PowerShell(Get-ChildItem)', 'PowerShell(Write-Output:*)'] } },
        },
        '2.1.273',
      ),
    ).toEqual([
      [false, NA],
      [false, NA],
      [false, NA],
      [true, PARSE],
      [true, PARSE],
      [true, PARSE],
    ]);
  });
});

describe('PowerShell with a pwsh on PATH', () => {
  // A stand-in pwsh, as the probe used: it prints out and err and exits with the EXIT<n> asked.
  const pwsh = {
    text: '#!/bin/bash\ncode=0\ncase "$*" in *EXIT1*) code=1;; *EXIT2*) code=2;; *EXIT8*) code=8;; esac\ncase "$*" in *NOOUT*) exit $code;; esac\necho out\necho err >&2\nexit $code\n',
    mode: '0755',
  };

  it('reports exit codes by the exit-code table of the last command', async () => {
    const commands = [
      'grep x EXIT1',
      'grep x EXIT2',
      'Grep.exe x EXIT1',
      'git -C d diff EXIT1',
      'where x EXIT1',
      'where.exe x EXIT1',
      'robocopy a b EXIT8',
      'Get-ChildItem; findstr x EXIT1',
      'grep x EXIT1; Get-ChildItem',
      'Write-Output NOOUT',
      'Write-Output NOOUT EXIT1',
    ];
    expect(
      await replay({
        env: { ...ON, PATH: '$ROOT/bin:/usr/bin:/bin' },
        files: { '../bin/pwsh': pwsh },
        commands,
      }),
    ).toEqual([
      [false, 'out\nerr'],
      [true, 'Exit code 2\nout\nerr'],
      [false, 'out\nerr'],
      [false, 'out\nerr'],
      [true, 'Exit code 1\nout\nerr'],
      [false, 'out\nerr'],
      [true, 'Exit code 8\nout\nerr'],
      [false, 'out\nerr'],
      [true, 'Exit code 1\nout\nerr'],
      [false, '(PowerShell completed with no output)'],
      [true, 'Exit code 1'],
    ]);
  });
});
