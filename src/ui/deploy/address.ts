// The address share links start with. VITE_SHARE_URL, set at build time, names the deployed
// site (links made on a preview build then open on the public one); by default the site as this
// page was loaded: its origin and the base path it was built for.
export function shareBase(
  configured: string | undefined = import.meta.env.VITE_SHARE_URL as string | undefined,
  base: string = import.meta.env.BASE_URL,
  origin: string = location.origin,
): string {
  if (configured && configured.trim() !== '') return new URL(configured.trim()).href;
  return new URL(base, origin).href;
}
