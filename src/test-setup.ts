// Unit tests call permission checks and Bash analysis directly, without a session to load the
// shell parser first (the session engine does it in the app, the CLI and the corpus ratchet).
// The workspace's other ports (language server, image codec, PDF) are given by each test that
// builds a workspace, as the entries give them (src/backends/node-services.ts).
import { loadShellParser } from './permissions/shell/parse';

await loadShellParser();
