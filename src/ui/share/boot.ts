// What the page opens first: a share link in the fragment, else the session saved in
// IndexedDB, else the gallery scenario named in ?scenario=. Decided before the first render so
// the App never starts one session while another is being restored.
import type { Scenario } from '../../scenario/schema';
import { looksLikeLink } from '../../share/looks';
import { loadSession, type OutsideEdit } from './persist';

export interface ShareBoot {
  /** A scenario to open as the session (from a link or the saved session). */
  open?: {
    scenario: Scenario;
    id: string;
    source: 'link' | 'saved';
    runsShell: boolean;
    /** Saved sessions: outside edits after the last model call, to be made again. */
    edits?: OutsideEdit[];
  };
  /** The gallery scenario the App should open itself. */
  galleryId?: string;
  /** Why the link in the address could not be opened (plain text). */
  error?: string;
}

export function idForLink(s: Scenario): string {
  return s.id ?? 'shared';
}

export async function bootShare(hash: string, galleryParam: string | undefined): Promise<ShareBoot> {
  let error: string | undefined;
  if (looksLikeLink(hash)) {
    const { decodeLinkFragment, describeLinkError } = await import('../../share/link');
    const d = await decodeLinkFragment(hash);
    if (d.ok)
      return {
        open: {
          scenario: d.value.scenario,
          id: idForLink(d.value.scenario),
          source: 'link',
          runsShell: d.value.runsShell,
        },
      };
    error = describeLinkError(d.error);
  }
  const saved = await loadSession();
  if (saved && (!galleryParam || saved.id === galleryParam))
    return {
      open: { scenario: saved.scenario, id: saved.id, source: 'saved', runsShell: false, edits: saved.edits },
      error,
    };
  return { galleryId: galleryParam, error };
}
