// The oracle's scripted classifier as each classifier source answers it.
import type { ClassifierVerdict, PermissionBehaviour } from './types';

/** A scenario's scripted classifier (`classifier`, `classifier_server`) as the oracle's fake
 * API answers it: the local classifier (2.1.273) sees only the severity and category; the API
 * verdict (2.1.332) carries the explanation `[<category>] scripted by the oracle`, and an
 * `unsupported` server gives no verdict at all. */
export function scriptedVerdict(
  classifier: 'allow' | 'block' | { severity: number; category?: string } | string | undefined,
  server: string | undefined,
  behaviour: PermissionBehaviour,
): ClassifierVerdict {
  if (classifier === 'allow' || classifier === 'block') {
    if (behaviour.classifierSource === 'local') return classifier;
    return scriptedVerdict({ severity: classifier === 'allow' ? 5 : 95 }, server, behaviour);
  }
  if (classifier === undefined || typeof classifier === 'string') return undefined;
  if (behaviour.classifierSource === 'local') return classifier;
  if (server === 'unsupported' || server === 'error') return undefined;
  const category = classifier.category ?? 'Irreversible Local Destruction';
  return { severity: classifier.severity, category, explanation: `[${category}] scripted by the oracle` };
}
