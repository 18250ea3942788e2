import type { LedgerEntry } from '../../ledger/ledger';
import type { PermissionRequest, ToolModule } from '../types';
import { expandPath } from '../../text/paths';
import { explainRead } from './explain';
import { pathRules } from '../files/suggest';
import { read, scenarioTokenCounter, setTokenCounter, validateRead, type ReadOutcome } from './read';
import { renderRead } from './render';
import { readInput, type ReadInput } from './schema';
import { readFromTranscript } from './transcript';

export const readTool: ToolModule<ReadInput, ReadOutcome> = {
  name: 'Read',
  fromTranscript: readFromTranscript,
  schema: readInput,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionRequest: (input, ctx) => {
    // `validation: 'read'`: Read checks deny rules in its input validation, so a denied path
    // gets a <tool_use_error> (the permission engine reads this field).
    const req: PermissionRequest & { validation: 'read' } = {
      tool: 'Read',
      kind: 'read',
      validation: 'read',
      paths: [expandPath(input.file_path, ctx.conversation.cwd, ctx.ws.info.home)],
      input,
    };
    return req;
  },
  file: { key: 'file_path', ownNulRefusal: true, denialNormalised: true },
  suggestRules: pathRules('Read'),
  // A refused Read finishes like any refusal; a partial one has a rank of its own.
  finishKey: (o, rendered) =>
    rendered.is_error ? null : 'truncation' in o && o.truncation !== undefined ? 'Read:partial' : 'Read',
  keepsFoldTrace: true,
  readDenialsLag: true,
  // The count_tokens answer the oracle's fake API gives (error by default: the binary's estimate).
  setup: (scen, conversation) => setTokenCounter(conversation, scenarioTokenCounter(scen.countTokens)),
  validate: validateRead,
  call: read,
  render: renderRead,
  explain: explainRead,
  consulted: (o: ReadOutcome): LedgerEntry | undefined => (o.kind === 'unchanged' ? o.prior : undefined),
};

export { scenarioTokenCounter, setTokenCounter, type TokenCounter } from './read';
