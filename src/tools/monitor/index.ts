import { loadShellParser } from '../../permissions/shell/parse';
import type { ToolModule } from '../types';
import { monitor, type MonitorOutcome } from './monitor';
import { explainMonitor, renderMonitor } from './render';
import { monitorInput, type MonitorInput } from './schema';

export const monitorTool: ToolModule<MonitorInput, MonitorOutcome> = {
  name: 'Monitor',
  runsShell: true,
  // It reads its command as Bash does (a loop runs on a thread of its own), with the shell parser.
  load: loadShellParser,
  schema: monitorInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (input) => ({ tool: 'Monitor', kind: 'other', paths: [], input }),
  call: monitor,
  render: (o) => renderMonitor(o),
  explain: explainMonitor,
};
