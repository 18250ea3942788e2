// The page follows the system's colour scheme (prefers-color-scheme); Monaco, which draws its
// own colours, is told which one.
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';
const media = () => (typeof matchMedia === 'function' ? matchMedia(QUERY) : undefined);

export function usePrefersDark(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const m = media();
      m?.addEventListener('change', onChange);
      return () => m?.removeEventListener('change', onChange);
    },
    () => media()?.matches ?? false,
    () => false,
  );
}

export const monacoTheme = (dark: boolean) => (dark ? 'vs-dark' : 'vs');
