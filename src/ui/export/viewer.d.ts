// The export viewer's bundled code (vite.config.ts, plugin `ccp-export-viewer`).
declare module 'virtual:ccp-export-viewer' {
  const code: string;
  export default code;
}
