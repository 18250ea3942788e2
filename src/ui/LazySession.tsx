// The session column's heavy parts (the composer, the live model, the settings and the match
// badge of a session opened with its recording) reach the tool layer's schemas, profiles and
// comparison: each loads with import() the first time it is shown, behind a boundary that says
// so (data-loading, the signal e2e tests may wait for), so the first view carries none of them.
import { lazy, Suspense, type ComponentProps } from 'react';

const LazyDrivers = lazy(async () => ({ default: (await import('./Drivers')).Drivers }));
const LazyDivergence = lazy(async () => ({ default: (await import('./Divergence')).Divergence }));

export function Drivers(p: ComponentProps<typeof LazyDrivers>) {
  return (
    <Suspense
      fallback={
        // Not a status: the page's one status line says what runs, and tests and screen readers
        // read that one.
        <p className="muted" aria-busy="true" data-loading="drivers">
          Loading the composer and the session settings…
        </p>
      }
    >
      <LazyDrivers {...p} />
    </Suspense>
  );
}

export function Divergence(p: ComponentProps<typeof LazyDivergence>) {
  return (
    <Suspense
      fallback={
        <span className="badge" data-loading="divergence">
          comparing with the recording…
        </span>
      }
    >
      <LazyDivergence {...p} />
    </Suspense>
  );
}
