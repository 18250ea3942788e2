import { PINNED_RELEASES } from '../../profiles/releases';
// Lessons for teaching: each step opens a recorded scenario of the corpus (one that passes on
// both recorded versions) at one model call, says in one sentence what to see, and points at
// the pane that shows it. What a step says was read off the recordings; lessons.test.ts checks
// every step's scenario, call and outcome against conformance/results for 2.1.273 and 2.1.332,
// and that a step whose recorded calls differ between the versions says so (`versions`).

export type PaneName = 'Transcript' | 'Read ledger' | 'Permission decisions' | 'Tool results';

export interface LessonStep {
  /** A scenario id of conformance/scenarios. */
  scenario: string;
  /** The model call (turn) the step shows. */
  call: number;
  /** What every tool call of that model call returned in both recordings. */
  outcome: 'ok' | 'error';
  pane: PaneName;
  /** One sentence: what to look at. */
  text: string;
  /** Where the pinned releases returned different text for this model call ({older} and
   * {newer} name them). */
  versions?: string;
}

/** A step's `versions` with the pinned releases named. */
export const versionsText = (text: string): string =>
  text.replaceAll('{older}', PINNED_RELEASES[0]).replaceAll('{newer}', PINNED_RELEASES[1]);

export interface Lesson {
  id: string;
  title: string;
  steps: LessonStep[];
  /** What to change next, in the composer or the session settings, and watch. */
  tryThis: string;
}

export const FIRST_RUN = 'first-run';

export const LESSONS: readonly Lesson[] = [
  {
    id: FIRST_RUN,
    title: 'Getting started: read before you edit',
    steps: [
      {
        scenario: 'agent-ledger-sub-read-edit',
        call: 0,
        outcome: 'ok',
        pane: 'Transcript',
        text: 'The Transcript shows what the model sent and got back: here a subagent Reads a.txt and edits it, and its calls sit nested under the Agent call.',
        versions:
          'The Agent result differs: {newer} wraps the hand-back in a tools-used note and a [Subagent hand-back] frame; {older} returns the report and the agentId line.',
      },
      {
        scenario: 'agent-ledger-sub-read-edit',
        call: 1,
        outcome: 'error',
        pane: 'Tool results',
        text: 'Now the main conversation Edits a.txt, which it has not read itself: Tool results shows the exact error Claude Code returns, “File has not been read yet”.',
      },
      {
        scenario: 'agent-ledger-sub-read-edit',
        call: 2,
        outcome: 'ok',
        pane: 'Read ledger',
        text: 'It Reads a.txt: the Read ledger now holds the file and the view it got, which is what later Edits are checked against.',
      },
      {
        scenario: 'agent-ledger-sub-read-edit',
        call: 3,
        outcome: 'ok',
        pane: 'Permission decisions',
        text: 'The Edit again, after the Read: it goes through, and Permission decisions says why it was allowed to run.',
      },
    ],
    tryThis:
      'Open Files, change a.txt, and compose an Edit of it: see what the ledger makes of a file changed after it was read. Or set the model in Session settings to claude-opus-5[1m] and re-run.',
  },
  {
    id: 'read-before-edit',
    title: 'Read before edit, per model family',
    steps: [
      {
        scenario: 'edit-before-read',
        call: 0,
        outcome: 'ok',
        pane: 'Tool results',
        text: 'With the default model an Edit of a file nobody read goes through, because reading it would not have needed a permission prompt.',
        versions:
          'The default models differ (claude-opus-5[1m] on {older}, claude-opus-5-5 on {newer}), and {newer} drops “(file state is current in your context — no need to Read it back)” from the result.',
      },
      {
        scenario: 'edit-before-read-no-read-tool',
        call: 0,
        outcome: 'error',
        pane: 'Tool results',
        text: 'The same Edit when the Read tool is not offered is refused: “File has not been read yet”.',
      },
      {
        scenario: 'edit-x-fill-unread-strict',
        call: 0,
        outcome: 'error',
        pane: 'Tool results',
        text: 'An older model (claude-opus-4-6) must Read first even to fill an empty file.',
      },
    ],
    tryThis:
      'In Session settings, switch edit-before-read to claude-opus-4-6 and re-run; then add a Read before the Edit in the composer.',
  },
  {
    id: 'partial-views',
    title: 'Partial views and paging',
    steps: [
      {
        scenario: 'read-partial-then-next-page',
        call: 0,
        outcome: 'ok',
        pane: 'Read ledger',
        text: 'A Read over the token cap returns the first lines only; the ledger records a partial view and the result suggests the next page.',
      },
      {
        scenario: 'read-partial-then-next-page',
        call: 1,
        outcome: 'ok',
        pane: 'Tool results',
        text: 'The model Reads the suggested page with offset and limit.',
      },
      {
        scenario: 'read-partial-then-next-page',
        call: 2,
        outcome: 'ok',
        pane: 'Tool results',
        text: 'The same page again: the versions part ways here.',
        versions:
          '{older} answers “Wasted call — file unchanged since your last Read”; {newer} returns the page again.',
      },
      {
        scenario: 'edit-after-partial-view-strict',
        call: 1,
        outcome: 'error',
        pane: 'Read ledger',
        text: 'For Edit, a partial view does not count as having read the file (strict model).',
      },
    ],
    tryThis: 'Compose a Read of mid.txt with offset 1 and limit 50, then the same Read again.',
  },
  {
    id: 'edit-matching',
    title: 'How Edit finds old_string: quotes and CRLF',
    steps: [
      {
        scenario: 'edit-curly-in-old-string',
        call: 1,
        outcome: 'ok',
        pane: 'Tool results',
        text: 'The file has a straight apostrophe and old_string a curly one: Edit still matches, by folding the quotes.',
      },
      {
        scenario: 'edit-crlf-file',
        call: 1,
        outcome: 'ok',
        pane: 'Tool results',
        text: 'An old_string with LF line ends matches a CRLF file, and the file keeps its CRLF.',
      },
      {
        scenario: 'edit-crlf-old-string-crlf',
        call: 1,
        outcome: 'error',
        pane: 'Tool results',
        text: 'An old_string that itself carries CRLF does not match the same CRLF file.',
      },
    ],
    tryThis:
      'Open Files to see the visible line ends, then compose an Edit with a curly quote in new_string as well.',
  },
  {
    id: 'uniqueness',
    title: 'Uniqueness and replace_all',
    steps: [
      {
        scenario: 'edit-multiple-no-replace-all',
        call: 1,
        outcome: 'error',
        pane: 'Tool results',
        text: 'old_string occurs twice and replace_all is false: the Edit is refused with the number of matches.',
      },
      {
        scenario: 'edit-replace-all',
        call: 1,
        outcome: 'ok',
        pane: 'Tool results',
        text: 'With replace_all every occurrence is replaced, and the result says so.',
      },
    ],
    tryThis: 'Compose the first Edit again with more context in old_string so that it matches once.',
  },
  {
    id: 'permission-precedence',
    title: 'Permission precedence: deny, ask, allow',
    steps: [
      {
        scenario: 'perm-bypass-deny-rule',
        call: 0,
        outcome: 'error',
        pane: 'Permission decisions',
        text: 'A deny rule Bash(rm:*) refuses rm even in bypassPermissions mode.',
      },
      {
        scenario: 'hook-pre-allow-vs-deny-rule',
        call: 1,
        outcome: 'error',
        pane: 'Permission decisions',
        text: 'A PreToolUse hook (hk.sh, named in the project settings) answers allow for touch, yet the ask rule Bash(touch:*) still asks, even in bypassPermissions mode: the hook’s allow does not get past an ask rule. With -p there is nobody to ask, so the call is refused; the hook’s step shows in Permission decisions.',
      },
      {
        scenario: 'perm-default-allow-bash-prefix',
        call: 0,
        outcome: 'ok',
        pane: 'Permission decisions',
        text: 'An allow rule Bash(touch:*) runs touch without asking in default mode.',
      },
      {
        scenario: 'perm-default-allow-bash-prefix',
        call: 1,
        outcome: 'error',
        pane: 'Permission decisions',
        text: 'The allow rule covers touch, not the rm after &&: the whole command is not allowed.',
        versions:
          '{older} says rm “was blocked”; {newer} says it “needs approval”, naming the working directory.',
      },
    ],
    tryThis:
      'In Session settings, add "Bash(rm:*)" to allow in perm-bypass-deny-rule’s local settings and re-run: which rule wins?',
  },
  {
    id: 'compound-bash',
    title: 'Compound Bash commands',
    steps: [
      {
        scenario: 'perm-deny-bash-compound-and',
        call: 0,
        outcome: 'error',
        pane: 'Permission decisions',
        text: 'Each part of `ls && rm a.txt` is checked on its own: the rm part meets the deny rule.',
      },
      {
        scenario: 'perm-deny-bash-compound-semicolon',
        call: 0,
        outcome: 'error',
        pane: 'Permission decisions',
        text: 'The same after a semicolon: `echo hi; rm a.txt` is denied.',
      },
      {
        scenario: 'perm-deny-bash-compound-pipe',
        call: 0,
        outcome: 'error',
        pane: 'Permission decisions',
        text: 'Through a pipe and xargs: the denied command is `xargs rm`.',
      },
    ],
    tryThis: 'Compose `ls || rm a.txt` and `(rm a.txt)` and compare the decisions.',
  },
  {
    id: 'ledger-outside-changes',
    title: 'The ledger after outside changes',
    steps: [
      {
        scenario: 'read-repeat-after-touch',
        call: 1,
        outcome: 'ok',
        pane: 'Read ledger',
        text: 'The file changed on disk after it was read: a second Read returns the new content, not a “file unchanged” note.',
      },
      {
        scenario: 'write-changed-since-read',
        call: 1,
        outcome: 'error',
        pane: 'Tool results',
        text: 'A Write after an outside change is refused: “File has been modified since read”.',
      },
      {
        scenario: 'edit-after-outside-change-strict',
        call: 1,
        outcome: 'ok',
        pane: 'Tool results',
        text: 'An Edit whose old_string still matches goes through, with a note that the file had changed on disk.',
      },
    ],
    tryThis: 'Open Files, change a.txt after the Read, save, and compose the Edit yourself.',
  },
  {
    id: 'subagent-ledgers',
    title: 'Subagents keep their own ledgers',
    steps: [
      {
        scenario: 'agent-ledger-sub-read-parent-edit',
        call: 0,
        outcome: 'ok',
        pane: 'Transcript',
        text: 'A subagent Reads a.txt; open it under the Agent call to see its own read ledger.',
        versions:
          'The Agent result differs: {newer} wraps the hand-back in a tools-used note and a [Subagent hand-back] frame.',
      },
      {
        scenario: 'agent-ledger-sub-read-parent-edit',
        call: 1,
        outcome: 'error',
        pane: 'Read ledger',
        text: 'The parent’s ledger does not have a.txt, so its Edit is refused (strict model).',
      },
      {
        scenario: 'agent-ledger-parent-read-sub-edit',
        call: 2,
        outcome: 'ok',
        pane: 'Tool results',
        text: 'The other way round: the parent read a.txt, a subagent worked on it, and the parent’s own Edit goes through.',
      },
    ],
    tryThis: 'Set the model to claude-opus-5[1m] in Session settings and re-run the first scenario.',
  },
];

export const lessonById = (id: string): Lesson | undefined => LESSONS.find((l) => l.id === id);
