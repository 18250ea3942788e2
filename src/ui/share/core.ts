// The heavy half of sharing (codec, zod schemas, profiles, the session importer), loaded with
// import() on first use so the first paint does not carry it.
export {
  checkScenarioJson,
  decodeLinkFragment,
  describeLinkError,
  encodeLinkFragment,
  stampScenario,
} from '../../share/link';
export { issueMarkdown } from '../../share/issue';
export {
  describeImportError,
  importClaudeSession,
  withSuppliedFiles,
} from '../../drivers/import/claude-session';
export { idForLink } from './boot';
export { parseResult, parseScenario } from '../../scenario/schema';
export { bytesToFileSpec } from '../../share/snapshot';
