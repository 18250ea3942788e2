// The loaders of every scenario and recorded result (./corpus.ts): loaded with import() on the
// first open, so the first paint carries only the gallery's metadata. The `?raw` loads give the
// files module ids of their own: were they imported as JSON, every whole scenario would be
// bundled with the gallery's metadata.
export const scenarioFiles = import.meta.glob<string>('../../conformance/scenarios/*.json', {
  query: '?raw',
  import: 'default',
});
// Every release's recordings (loaded on open, like the rest); a release recorded after the
// pinned ones stores only what differs from its base (results-chain.ts).
export const resultFiles = import.meta.glob<string>(
  ['../../conformance/results/*/*.json', '!**/_tools*.json', '!**/_index.json'],
  {
    query: '?raw',
    import: 'default',
  },
);
