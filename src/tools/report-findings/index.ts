// ReportFindings: the model hands the host a typed list of code-review findings. Recorded on
// both versions (report-findings-*): the input checks are the schema's own, and a valid call
// only counts its findings — a file that does not exist, an absolute or `./` path, line 0 or
// -1 are all taken as given. The page shows the findings as a list anchored to files and lines.
import type { Rendered, ToolContext, ToolModule } from '../types';
import {
  reportFindingsInput,
  reportFindingsInputWithSeverity,
  type Finding,
  type ReportFindingsInput,
} from './schema';

export interface ReportFindingsOutcome {
  level?: string;
  findings: Finding[];
}

export function renderReportFindings(o: ReportFindingsOutcome): Rendered {
  const n = o.findings.length;
  const content = n === 0 ? 'No findings reported.' : `${n} finding${n === 1 ? '' : 's'} reported.`;
  return {
    content,
    is_error: false,
    structured: { count: n, ...(o.level !== undefined && { level: o.level }), findings: o.findings },
  };
}

export function explainReportFindings(o: ReportFindingsOutcome): string {
  const n = o.findings.length;
  return n === 0
    ? 'ReportFindings only records the list for the host; an empty list says nothing survived the review.'
    : `ReportFindings records the ${n === 1 ? 'finding' : `${n} findings`} for the host to show and tells the model only how many; it checks no file or line.`;
}

export const reportFindingsTool: ToolModule<ReportFindingsInput, ReportFindingsOutcome> = {
  name: 'ReportFindings',
  schema: reportFindingsInput,
  schemaFor: (profile) =>
    profile.text.reportFindingsSeverity === true ? reportFindingsInputWithSeverity : reportFindingsInput,
  // It changes nothing: plan mode lets it through on both versions (report-findings-plan).
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  permissionRequest: (input) => ({ tool: 'ReportFindings', kind: 'other', paths: [], input, noPrompt: true }),
  call: (input: ReportFindingsInput, _ctx: ToolContext) =>
    Promise.resolve({ ...(input.level !== undefined && { level: input.level }), findings: input.findings }),
  render: renderReportFindings,
  explain: explainReportFindings,
};
