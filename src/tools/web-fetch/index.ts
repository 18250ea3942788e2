import type { z } from 'zod';
import type { Profile } from '../../profiles/types';
import type { ToolModule } from '../types';
import { explainWebFetch, renderWebFetch } from './render';
import { webFetchInput, webFetchInputFor, type WebFetchInput } from './schema';
import { setupWeb, webFetch, type WebFetchOutcome } from './web-fetch';

const byProfile = new WeakMap<Profile, z.ZodType<WebFetchInput>>();

export const webFetchTool: ToolModule<WebFetchInput, WebFetchOutcome> = {
  name: 'WebFetch',
  schema: webFetchInput,
  setup: setupWeb,
  schemaFor: (profile) => {
    let s = byProfile.get(profile);
    if (!s) byProfile.set(profile, (s = webFetchInputFor(profile.webFetch)));
    return s;
  },
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  // The engine decides by the URL's host (WebFetch(domain:…) rules, the preapproved hosts).
  permissionRequest: (input) => ({ tool: 'WebFetch', kind: 'other', paths: [], input }),
  call: webFetch,
  render: renderWebFetch,
  explain: explainWebFetch,
};
