// The gallery's index, made by the ccp-gallery plugin (vite.config.ts): [id, area, description]
// of every scenario, in id order.
declare module 'virtual:ccp-gallery' {
  const gallery: readonly (readonly [
    id: string,
    area: string | undefined,
    description: string | undefined,
  ])[];
  export default gallery;
}
