import type { ToolModule } from '../types';
import { explainWebSearch, renderWebSearch } from './render';
import { webSearchInput, type WebSearchInput } from './schema';
import { checkWebSearch, webSearch, type WebSearchOutcome } from './web-search';
import { setupWeb } from '../web-fetch/web-fetch';

export const webSearchTool: ToolModule<WebSearchInput, WebSearchOutcome> = {
  name: 'WebSearch',
  schema: webSearchInput,
  setup: setupWeb,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  // WebSearch rules take no specifier: only bare WebSearch rules and the mode decide.
  permissionRequest: (input) => ({ tool: 'WebSearch', kind: 'other', paths: [], input }),
  validate: checkWebSearch,
  call: webSearch,
  render: renderWebSearch,
  explain: explainWebSearch,
};
