// ReportFindings' input as each version checks it (recorded: report-findings-* on both versions).
// The top level is strict (an unexpected parameter is an error); a finding is not: an unknown key
// in it is dropped, and 2.1.273 drops `severity` that way too. The parsed finding keeps the
// schema's key order, which is the order of the structured result's fields.
import { z } from 'zod';

const LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;

const findingFields = {
  file: z.string(),
  line: z.number().int().optional(),
  summary: z.string(),
  short_summary: z.string().max(60).optional(),
  failure_scenario: z.string(),
  category: z.string().max(40).optional(),
};
const tail = {
  verdict: z.enum(['CONFIRMED', 'PLAUSIBLE']).optional(),
  outcome: z.enum(['fixed', 'skipped', 'no_change_needed']).optional(),
};

const finding = z.object({ ...findingFields, ...tail });
/** 2.1.332 adds `severity` between category and verdict. */
const findingWithSeverity = z.object({
  ...findingFields,
  severity: z.enum(['important', 'pre_existing', 'nit']).optional(),
  ...tail,
});

const inputOf = <F extends z.ZodType>(f: F) =>
  z.strictObject({
    level: z.enum(LEVELS).optional(),
    findings: z.array(f).max(32),
  });

export const reportFindingsInput = inputOf(finding);
export const reportFindingsInputWithSeverity = inputOf(findingWithSeverity);

export interface Finding {
  file: string;
  line?: number;
  summary: string;
  short_summary?: string;
  failure_scenario: string;
  category?: string;
  severity?: 'important' | 'pre_existing' | 'nit';
  verdict?: 'CONFIRMED' | 'PLAUSIBLE';
  outcome?: 'fixed' | 'skipped' | 'no_change_needed';
}

export interface ReportFindingsInput {
  level?: (typeof LEVELS)[number];
  findings: Finding[];
}
