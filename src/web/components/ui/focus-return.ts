import { useRef } from 'react';

/**
 * Each open dialog's way back: the element that had the focus when it opened, then whatever
 * opened the dialog that element was in. Keyed by the dialog's content element.
 */
const openers = new WeakMap<Element, HTMLElement[]>();

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * Where the focus should come back to for a focused element: the element itself, but for an
 * item of a menu the button the menu belongs to, as the item goes with its menu (Radix names
 * the open menu in its trigger's aria-controls).
 */
function returnPoint(element: HTMLElement): HTMLElement | null {
  const menu = element.closest('[role="menu"]');
  if (!menu) return element;
  const trigger = menu.id && document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
  return trigger instanceof HTMLElement ? trigger : null;
}

/**
 * Where the focus last was outside any dialog, for a dialog that opens after its opener has
 * lost the focus: a menu item is removed with its menu in the same commit that opens the
 * dialog, so the focus is on <body> by then.
 */
let lastFocused: HTMLElement | null = null;

function rememberFocus(event: FocusEvent) {
  const target = event.target;
  if (!(target instanceof HTMLElement) || target.closest(DIALOG)) return;
  lastFocused = returnPoint(target) ?? lastFocused;
}

if (typeof document !== 'undefined') document.addEventListener('focusin', rememberFocus, true);

function canTakeFocus(element: HTMLElement): boolean {
  return (
    element.isConnected &&
    !element.closest('[inert]') &&
    !element.matches(':disabled') &&
    element.getClientRects().length > 0
  );
}

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Gives the focus back to the control that opened a dialog when it closes (WCAG 2.4.3).
 * Radix does this only for its own Dialog.Trigger; our dialogs open from state (a feed
 * button, a menu item, a link with ?vote=1), so without this the focus fell to <body>.
 * - A dialog opened from inside another one that closes meanwhile (Pledge, then Payment)
 *   returns to what opened the first.
 * - With nothing left to return to, the focus goes to the screen's main region rather than
 *   the top of the document.
 * Handlers a dialog passes itself run first; one that prevents the default keeps its own plan.
 */
export function useFocusReturn({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const way = useRef<HTMLElement[]>([]);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Radix asks before moving the focus in: the opener still has it, unless it is gone.
      const focused = document.activeElement;
      const opener =
        focused instanceof HTMLElement && focused !== document.body
          ? returnPoint(focused)
          : lastFocused;
      const back: HTMLElement[] = [];
      if (opener) {
        const outer = opener.closest(DIALOG);
        back.push(opener, ...((outer && openers.get(outer)) || []));
      }
      way.current = back;
      if (event.target instanceof Element) openers.set(event.target, back);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      const target = way.current.find(canTakeFocus) ?? document.getElementById('main');
      target?.focus();
    },
  };
}
