// The deltas of releases other than the root and 2.1.332, each in its own folder: those recorded
// after 2.1.332, checked by a person from the intake's proposal (src/cli/intake), and the change
// points the bisection found between 2.1.273 and 2.1.332 (src/cli/bisect; each delta moved out of
// 2.1.332's), and the backward deltas of releases before the root (the release just before a
// change point, taking it back to the older behaviour). A release not listed behaves as its
// neighbour towards the root on everything recorded.
import type { ProfileDelta } from './chain';
import { delta_2_1_190 } from './2.1.190';
import { delta_2_1_197 } from './2.1.197';
import { delta_2_1_204 } from './2.1.204';
import { delta_2_1_207 } from './2.1.207';
import { delta_2_1_228 } from './2.1.228';
import { delta_2_1_232 } from './2.1.232';
import { delta_2_1_233 } from './2.1.233';
import { delta_2_1_250 } from './2.1.250';
import { delta_2_1_259 } from './2.1.259';
import { delta_2_1_267 } from './2.1.267';
import { delta_2_1_272 } from './2.1.272';
import { delta_2_1_277 } from './2.1.277';
import { delta_2_1_280 } from './2.1.280';
import { delta_2_1_281 } from './2.1.281';
import { delta_2_1_285 } from './2.1.285';
import { delta_2_1_288 } from './2.1.288';
import { delta_2_1_290 } from './2.1.290';
import { delta_2_1_292 } from './2.1.292';
import { delta_2_1_293 } from './2.1.293';
import { delta_2_1_296 } from './2.1.296';
import { delta_2_1_299 } from './2.1.299';
import { delta_2_1_302 } from './2.1.302';
import { delta_2_1_304 } from './2.1.304';
import { delta_2_1_309 } from './2.1.309';
import { delta_2_1_310 } from './2.1.310';
import { delta_2_1_314 } from './2.1.314';
import { delta_2_1_317 } from './2.1.317';
import { delta_2_1_319 } from './2.1.319';
import { delta_2_1_324 } from './2.1.324';
import { delta_2_1_326 } from './2.1.326';
import { delta_2_1_327 } from './2.1.327';
import { delta_2_1_328 } from './2.1.328';
import { delta_2_1_329 } from './2.1.329';
import { delta_2_1_330 } from './2.1.330';
import { delta_2_1_334 } from './2.1.334';
import { delta_2_1_335 } from './2.1.335';
import { delta_2_1_336 } from './2.1.336';
import { delta_2_1_337 } from './2.1.337';

export const RECORDED_DELTAS: Readonly<Record<string, ProfileDelta>> = {
  '2.1.190': delta_2_1_190,
  '2.1.197': delta_2_1_197,
  '2.1.204': delta_2_1_204,
  '2.1.207': delta_2_1_207,
  '2.1.228': delta_2_1_228,
  '2.1.232': delta_2_1_232,
  '2.1.233': delta_2_1_233,
  '2.1.250': delta_2_1_250,
  '2.1.259': delta_2_1_259,
  '2.1.267': delta_2_1_267,
  '2.1.272': delta_2_1_272,
  '2.1.277': delta_2_1_277,
  '2.1.280': delta_2_1_280,
  '2.1.281': delta_2_1_281,
  '2.1.285': delta_2_1_285,
  '2.1.288': delta_2_1_288,
  '2.1.290': delta_2_1_290,
  '2.1.292': delta_2_1_292,
  '2.1.293': delta_2_1_293,
  '2.1.296': delta_2_1_296,
  '2.1.299': delta_2_1_299,
  '2.1.302': delta_2_1_302,
  '2.1.304': delta_2_1_304,
  '2.1.309': delta_2_1_309,
  '2.1.310': delta_2_1_310,
  '2.1.314': delta_2_1_314,
  '2.1.317': delta_2_1_317,
  '2.1.319': delta_2_1_319,
  '2.1.324': delta_2_1_324,
  '2.1.326': delta_2_1_326,
  '2.1.327': delta_2_1_327,
  '2.1.328': delta_2_1_328,
  '2.1.329': delta_2_1_329,
  '2.1.330': delta_2_1_330,
  '2.1.334': delta_2_1_334,
  '2.1.335': delta_2_1_335,
  '2.1.336': delta_2_1_336,
  '2.1.337': delta_2_1_337,
};
