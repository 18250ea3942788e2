// A command's stdout as the pipe carries it: a string of one character per byte (latin1), marked
// `bytes`, or text that the pipe encodes as UTF-8. just-bash's own helpers for this are exported
// by its Node bundle only, not by the one the page is built from.
import type { ExecResult } from 'just-bash';
import { bytesToLatin1 } from '../../text/bytes';

/** Text as the latin1 string of its UTF-8 bytes. */
export const utf8AsLatin1 = (text: string): string => bytesToLatin1(new TextEncoder().encode(text));

/** A result's stdout as the latin1 string of its bytes, whichever shape the command gave it. */
export const stdoutLatin1 = (r: Pick<ExecResult, 'stdout' | 'stdoutKind' | 'stdoutEncoding'>): string =>
  r.stdoutKind === 'bytes' || (r.stdoutKind === undefined && r.stdoutEncoding === 'binary')
    ? r.stdout
    : utf8AsLatin1(r.stdout);

/** The stdout part of a result whose output is raw bytes (a latin1 string). */
export const bytesStdout = (latin1: string) => ({
  stdout: latin1,
  stdoutKind: 'bytes' as const,
  stdoutEncoding: 'binary' as const,
});
