// ReportFindings against its recordings (tools-findings-*, both versions): the counts, the
// structured result's field order, severity per version, and the validation text of a call with
// every kind of issue at once.
import { describe, expect, it } from 'vitest';
import { getProfile } from '../../profiles';
import { formatValidationError } from '../../session/validation';
import { renderReportFindings, reportFindingsTool } from '.';

const MIXED = {
  findings: [
    { file: 'a.ts', summary: 's', failure_scenario: 'f', short_summary: 'x'.repeat(61) },
    { file: 'a.ts', summary: 's', failure_scenario: 'f', verdict: 'no' },
    { file: 1 },
  ],
  level: 'huge',
};

describe('ReportFindings', () => {
  it('counts the findings and hands them back in the schema order, level only when given', () => {
    expect(renderReportFindings({ findings: [] })).toEqual({
      content: 'No findings reported.',
      is_error: false,
      structured: { count: 0, findings: [] },
    });
    const parsed = reportFindingsTool.schemaFor!(getProfile('2.1.332')).parse({
      level: 'max',
      findings: [
        { failure_scenario: 'g', summary: 's', file: 'b/c.py', extra: 1, line: 7, severity: 'nit' },
        { file: '/tmp/x.ts', summary: 's', failure_scenario: 'f' },
      ],
    });
    const r = renderReportFindings(parsed);
    expect(JSON.stringify(r)).toBe(
      JSON.stringify({
        content: '2 findings reported.',
        is_error: false,
        structured: {
          count: 2,
          level: 'max',
          findings: [
            { file: 'b/c.py', line: 7, summary: 's', failure_scenario: 'g', severity: 'nit' },
            { file: '/tmp/x.ts', summary: 's', failure_scenario: 'f' },
          ],
        },
      }),
    );
    expect(renderReportFindings({ findings: [parsed.findings[1]!] }).content).toBe('1 finding reported.');
  });

  it('drops severity on 2.1.273 and checks it on 2.1.332', () => {
    const input = { findings: [{ file: 'a.ts', summary: 's', failure_scenario: 'f', severity: 'bad' }] };
    expect(reportFindingsTool.schemaFor!(getProfile('2.1.273')).parse(input)).toEqual({
      findings: [{ file: 'a.ts', summary: 's', failure_scenario: 'f' }],
    });
    expect(reportFindingsTool.schemaFor!(getProfile('2.1.332')).safeParse(input).success).toBe(false);
  });

  it('words a call with missing, mistyped and out-of-range fields as each version does', () => {
    const text = (v: string) => {
      const p = getProfile(v);
      const r = reportFindingsTool.schemaFor!(p).safeParse(MIXED);
      if (r.success) throw new Error('parsed');
      return formatValidationError('ReportFindings', r.error, p.zodOptionMessage, p.namesReceivedType === true, MIXED)
        .content;
    };
    expect(text('2.1.273')).toBe(
      'InputValidationError: ReportFindings failed due to the following issues:\nThe parameter `findings[2].file` type is expected as `string` but provided as `unknown`\nThe parameter `findings[2].summary` type is expected as `string` but provided as `unknown`\nThe parameter `findings[2].failure_scenario` type is expected as `string` but provided as `unknown`',
    );
    expect(text('2.1.332')).toBe(
      'InputValidationError: ReportFindings failed due to the following issues:\nThe required parameter `findings[2].summary` is missing\nThe required parameter `findings[2].failure_scenario` is missing\nThe parameter `findings[2].file` type is expected as `string` but provided as `number`\nThe parameter `level` is invalid: Invalid option: expected one of "low"|"medium"|"high"|"xhigh"|"max"\nThe parameter `findings[0].short_summary` is invalid: Too big: expected string to have <=60 characters\nThe parameter `findings[1].verdict` is invalid: Invalid option: expected one of "CONFIRMED"|"PLAUSIBLE"',
    );
  });
});
