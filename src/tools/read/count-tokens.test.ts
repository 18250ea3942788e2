// The count_tokens emulation against recordings of the 2.1.273 binary (fixtures/: the oracle's
// fake API answering a number or a quarter of the request JSON). The replay does not wire the
// scenario's `countTokens` yet, so this test hands the counter to the conversation itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemfsWorkspace } from '../../backends/memfs';
import { parseResult, parseScenario } from '../../scenario/schema';
import { compareResults } from '../../session/compare';
import { replayScenario } from '../../session/replay';
import type { AnyTool } from '../types';
import { readTool, scenarioTokenCounter, setTokenCounter } from '.';

const dir = join(import.meta.dirname, 'fixtures');

describe('Read with an emulated count_tokens API', () => {
  for (const id of ['read-count-tokens-number', 'read-count-tokens-chars4', 'read-count-tokens-small']) {
    it(`matches the recording of ${id}`, async () => {
      const scen = parseScenario(JSON.parse(readFileSync(join(dir, `${id}.scenario.json`), 'utf8')));
      const expected = parseResult(JSON.parse(readFileSync(join(dir, `${id}.result.json`), 'utf8')));
      const counter = scenarioTokenCounter(scen.countTokens);
      const withCounter: AnyTool = {
        ...readTool,
        call: (input, ctx) => {
          setTokenCounter(ctx.conversation, counter);
          return readTool.call(input, ctx);
        },
      };
      const ws = createMemfsWorkspace();
      const { result } = await replayScenario(ws, scen, id, { tools: [withCounter] });
      expect(compareResults(expected, result)).toEqual([]);
    });
  }
});
