// Bisected (conformance/results/2.1.304): without --tools the rarer tools come behind ToolSearch
// (tools-search-keywords-2, tools-search-named-tools, lsp-x-file-too-large), listed in this order
// in the system prompt; TaskOutput is gone.
import type { ProfileDelta } from '../chain';

export const delta_2_1_304: ProfileDelta = {
  deferredByDefault: [
    'CronCreate',
    'CronDelete',
    'CronList',
    'EnterWorktree',
    'ExitWorktree',
    'Monitor',
    'NotebookEdit',
    'SendMessage',
    'TaskStop',
    'WebFetch',
    'WebSearch',
  ],
  // Inferred from tools-search-keywords*: "cron" ranks CronDelete and CronList above CronCreate,
  // "html" finds WebFetch, "domain" WebSearch, "background" puts TaskStop first.
  toolSearchHints: {
    CronDelete: ['cron', 'job', 'cancel'],
    CronList: ['cron'],
    WebFetch: ['url', 'html'],
    WebSearch: ['domain', 'url'],
    TaskStop: ['background'],
    ExitWorktree: ['exit'],
  },
  lsp: { deferred: true },
};
