// Unit tests call permission checks and Bash analysis directly, without a session to load the
// shell parser first (the session engine does it in the app, the CLI and the corpus ratchet).
import { loadShellParser } from './permissions/shell/parse';
import { setLanguageBackend } from './tools/lsp/backend';
import { createInProcessLanguageBackend } from './backends/lsp/in-process';
import { setImageCodec } from './tools/read/image-codec';
import { createVipsCodec } from './backends/image/vips';

await loadShellParser();
// Read's image re-encoding, as the CLI and the page set it (loaded only by tests that need it).
setImageCodec(createVipsCodec());
// LSP answers with the TypeScript language service (loaded on the first LSP call).
setLanguageBackend(createInProcessLanguageBackend());
