import type { ToolModule } from '../types';
import { monitor, type MonitorOutcome } from './monitor';
import { explainMonitor, renderMonitor } from './render';
import { monitorInput, type MonitorInput } from './schema';

export const monitorTool: ToolModule<MonitorInput, MonitorOutcome> = {
  name: 'Monitor',
  runsShell: true,
  schema: monitorInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (input) => ({ tool: 'Monitor', kind: 'other', paths: [], input }),
  call: monitor,
  render: (o) => renderMonitor(o),
  explain: explainMonitor,
};
