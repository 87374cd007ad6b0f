import { createRoot, type Root } from 'react-dom/client';
import { UpdateBanner } from './update-banner';

let root: Root | null = null;

/**
 * Shows 'A new version is available' over the app (once, however often the worker reports
 * it). Its own small React root after #root: the banner's code loads with the worker's
 * registration, never with the first screen.
 */
export function showUpdateBanner(reload: () => Promise<void>) {
  if (root) return;
  const container = document.createElement('div');
  container.id = 'app-update';
  document.body.append(container);
  const banner = createRoot(container);
  root = banner;
  const dismiss = () => {
    banner.unmount();
    container.remove();
    root = null;
  };
  banner.render(<UpdateBanner onReload={reload} onDismiss={dismiss} />);
}
