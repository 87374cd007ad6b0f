import { type ReactNode, Suspense, useState } from 'react';

/** True from the first time `open` is true: a dialog stays mounted to animate its closing. */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * Renders its dialog, a React.lazy component, from the first time `open` is true and nothing
 * before: the pledge, proof, vote, share and comment dialogs (forms, zod, the camera) are
 * most of a screen's JavaScript and none of its first paint (issue 14: Lighthouse measures
 * the first screen's JS), so their code loads when one first opens.
 */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const opened = useOpenedOnce(open);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
