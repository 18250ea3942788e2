import { PERMISSIONS_2_1_273 } from '../../permissions/behaviour';
import { MODEL_SWITCHES } from '../models';
import type { Profile, ToolDefinition } from '../types';
import { READ_REFUSED_DEVICES_2_1_273 } from './read-devices';
import { EXIT_SEMANTICS } from './bash';
import { CLAUDE_HOME_DIRS_2_1_273 } from './claude-home';
import tools from './tools.json';

export const profile_2_1_273: Profile = {
  version: '2.1.273',
  defaultModel: 'claude-opus-5[1m]',
  validationNamesMissing: false,
  hooks: { effortLevel: 'high', denyPrefixed: false, textsTrimmed: true, notesReversed: false, allowOverridesPlan: true },
  toolDefinitions: tools.tools as ToolDefinition[],
  defaultTools: ['Bash', 'Edit', 'NotebookEdit', 'Read', 'Write'],
  ...MODEL_SWITCHES,
  repeatReadGuard: true,
  permissions: PERMISSIONS_2_1_273,
  readDecodesUtf16le: false,
  readEncodingNotes: false,
  editSuffixNeedsWholeFile: false,
  symlinkRefusalNamesTarget: false,
  writeSymlinkIsPermissionDenial: false,
  writeKeepsBom: false,
  writeRefusesDirectory: false,
  bashExitSemantics: EXIT_SEMANTICS,
  bashReportsInPlaceEdits: false,
  zodOptionMessage: false,
  grepRejectsLiteralNewline: false,
  notebookKeepsFormat: false,
  readFileThroughTrailingSlash: false,
  editRefusesNulFiles: false,
  readRefusedDevices: READ_REFUSED_DEVICES_2_1_273,
  // Recorded on files of 10485760 bytes and more (10485759 shows its size), offset or not.
  readHugeFileSize: { from: 10 * 1024 * 1024, shown: 512 * 1024 },
  claudeHomeDirs: CLAUDE_HOME_DIRS_2_1_273,
  text: {
    deviceRefusal: 'this device file would block or produce infinite output.',
    binaryFileAdvice: 'Please use appropriate tools for binary file analysis.',
    invalidPagesAdvice: 'Use formats like "1-5", "3", or "10-20". Pages are 1-indexed.',
  },
};
