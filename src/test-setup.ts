// Unit tests call permission checks and Bash analysis directly, without a session to load the
// shell parser first (the session engine does it in the app, the CLI and the corpus ratchet).
import { loadShellParser } from './permissions/shell/parse';

await loadShellParser();
